import { expect, it } from 'vitest'
import { LruCache } from './lru.js'
import { SplTokens } from './spl-tokens.js'

it('holds at most maxEntries: the least recently used goes first, a read counts as use', () => {
  const cache = new LruCache<number>(3, 60_000)
  for (const key of ['a', 'b', 'c']) cache.set(key, key.charCodeAt(0))
  expect(cache.get('a')).toEqual({ value: 97 })
  cache.set('d', 100)
  expect(cache.size).toBe(3)
  expect(cache.get('b')).toBeUndefined()
  expect([cache.get('a'), cache.get('c'), cache.get('d')].map((e) => e?.value)).toEqual([97, 99, 100])
})

it('entries expire after their time and are dropped when read', () => {
  let now = 0
  const cache = new LruCache<string | null>(10, 1000, () => now)
  cache.set('mint', null)
  expect(cache.get('mint')).toEqual({ value: null })
  now = 1000
  expect(cache.get('mint')).toBeUndefined()
  expect(cache.size).toBe(0)
})

it('error: the SPL token cache does not grow past its bound however many mints are asked', async () => {
  const tokens = new SplTokens({}, Date.now, 50)
  // An RPC that answers "no such account" at once: every asked mint is remembered as not a mint.
  const rpc = 'data:,'
  const fetchMock = async () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { value: null } }))
  const realFetch = globalThis.fetch
  globalThis.fetch = fetchMock as typeof fetch
  try {
    for (let i = 0; i < 500; i++) await tokens.info(rpc, `Mint${i}`)
  } finally {
    globalThis.fetch = realFetch
  }
  expect(tokens.cache.size).toBe(50)
})
