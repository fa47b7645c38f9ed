import { describe, expect, it } from 'vitest'
import { KeyCache, type KeyMaterial } from './key-cache.js'

const material = (over: Partial<KeyMaterial> = {}): KeyMaterial => ({
  sealed: { enc: 'ZW5j', ct: 'Y3Q=' },
  info: 'delegation:app:user:entropy:set-1',
  authShare: 'YXV0aA==',
  kind: 'hd',
  chainType: 'ethereum',
  walletIndex: 0,
  address: '0x0000000000000000000000000000000000000001',
  ...over,
})

describe('the signer’s memory of rebuilt keys', () => {
  it('answers a key rebuilt from the same complete material only, and shares one rebuild among concurrent requests', async () => {
    const cache = new KeyCache(60_000)
    let rebuilds = 0
    const rebuild = async () => {
      rebuilds++
      return new Uint8Array(32).fill(7)
    }
    const [a, b] = await Promise.all([cache.use(material(), rebuild), cache.use(material(), rebuild)])
    expect(rebuilds).toBe(1)
    expect(a.key).toBe(b.key)
    await cache.use(material(), rebuild)
    expect(rebuilds).toBe(1)
    // Any other field (another auth share, sealed share, path or address) is another entry: it rebuilds.
    await cache.use(material({ authShare: 'b3RoZXI=' }), rebuild)
    await cache.use(material({ sealed: { enc: 'ZW5j', ct: 'b3RoZXI=' } }), rebuild)
    await cache.use(material({ walletIndex: 1 }), rebuild)
    expect(rebuilds).toBe(4)
    cache.clear()
  })

  it('wipes a key on forget (revoke), on expiry, when full and at the end, and never keeps a failed rebuild', async () => {
    let t = 0
    const cache = new KeyCache(1_000, 2, () => t)
    const rebuild = async () => new Uint8Array(32).fill(9)
    const { key: revoked } = await cache.use(material(), rebuild)
    const { key: other } = await cache.use(material({ info: 'delegation:app:other:entropy:set-1' }), rebuild)
    expect(cache.forget(['delegation:app:user:entropy:set-1'])).toBe(1)
    await Promise.resolve()
    expect(revoked.every((b) => b === 0)).toBe(true)
    expect(other.every((b) => b === 9)).toBe(true)

    t = 1_000
    cache.sweep()
    await Promise.resolve()
    expect(other.every((b) => b === 0)).toBe(true)
    expect(cache.size).toBe(0)

    const first = (await cache.use(material({ walletIndex: 1 }), rebuild)).key
    await cache.use(material({ walletIndex: 2 }), rebuild)
    await cache.use(material({ walletIndex: 3 }), rebuild)
    expect(cache.size).toBe(2)
    expect(first.every((b) => b === 0)).toBe(true)

    await expect(cache.use(material({ walletIndex: 4 }), () => Promise.reject(new Error('does not rebuild')))).rejects.toThrow('does not rebuild')
    let again = false
    await cache.use(material({ walletIndex: 4 }), async () => {
      again = true
      return new Uint8Array(32)
    })
    expect(again).toBe(true)

    const last = (await cache.use(material({ walletIndex: 3 }), rebuild)).key
    cache.clear()
    await Promise.resolve()
    expect(last.every((b) => b === 0)).toBe(true)
    expect(cache.size).toBe(0)
  })

  it('with a lifetime of 0 keeps nothing: every request rebuilds', async () => {
    const cache = new KeyCache(0)
    let rebuilds = 0
    const rebuild = async () => {
      rebuilds++
      return new Uint8Array(32)
    }
    await cache.use(material(), rebuild)
    await cache.use(material(), rebuild)
    expect(rebuilds).toBe(2)
    expect(cache.size).toBe(0)
  })
})
