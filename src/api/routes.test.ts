/**
 * The API client is typed by the route map (contract/src/routes): a path the map does not list for
 * the method, a wrong body or a missing path parameter fails to compile, and each answer is the
 * route's response type. The `@ts-expect-error` lines are the test (the type check runs them).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, expectTypeOf, it, vi } from 'vitest'
import type { WireUser } from './user.ts'
import type { RouteResponse, Routes } from '@gatehouse/contract/routes'
import { createApiClient } from './client.ts'

const api = createApiClient({ apiUrl: 'https://auth.example', appId: 'app', clientId: 'c', fetch: vi.fn() })

// Never called: only compiled.
function compileOnly() {
  expectTypeOf(api.post('/passwordless/authenticate', { email: 'a@b.co', code: '123456' })).resolves.toEqualTypeOf<
    RouteResponse<Routes['POST /passwordless/authenticate']>
  >()
  expectTypeOf(api.post('/passwordless/authenticate', { email: 'a@b.co', code: '1' }))
    .resolves.toHaveProperty('user')
    .toEqualTypeOf<WireUser>()
  expectTypeOf(api.get('/apps/:app_id', { params: { app_id: 'app' } }))
    .resolves.toHaveProperty('id')
    .toEqualTypeOf<string>()

  // @ts-expect-error: the body lacks the code
  void api.post('/passwordless/authenticate', { email: 'a@b.co' })
  // @ts-expect-error: no such route
  void api.post('/passwordless/authentcate', { email: 'a@b.co', code: '123456' })
  // @ts-expect-error: a POST route is not a GET route
  void api.get('/passwordless/init')
  // @ts-expect-error: the path's parameter is required
  void api.get('/apps/:app_id')
  // @ts-expect-error: the parameter is named app_id
  void api.get('/apps/:app_id', { params: { id: 'app' } })
  // @ts-expect-error: a path with its parameter written in is not a route of the map
  void api.get('/apps/app')
  // @ts-expect-error: the answer has no such field
  void api.post('/passwordless/init', { email: 'a@b.co' }).then((answer) => answer.user)
}

describe('the typed API client', () => {
  it('compiles only calls the route map allows', () => {
    expect(compileOnly).toBeTypeOf('function')
  })

  it('no widget code calls our API untyped (request is the transport under the typed methods)', () => {
    const root = join(import.meta.dirname, '..')
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    // `.request('/path'`, `.request<T>(`/path`: a path of ours; the frame proxy's `.request('wallets:…'` and providers' `.request({` are not.
    const untyped = files.filter((f) => f !== join('api', 'client.ts') && /\.request(<[^(]*>)?\(\s*[`'"]\//.test(readFileSync(join(root, f), 'utf8')))
    expect(untyped).toEqual([])
  })

  it('sends the method, the path with its parameters filled in (URI-encoded) and its query, and the body', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify({ success: true }), { status: 200 }))
    const client = createApiClient({ apiUrl: 'https://auth.example', appId: 'app', clientId: 'c', fetch })
    await expect(client.post('/passwordless/init', { email: 'a@b.co' })).resolves.toEqual({ success: true })
    await client.get('/apps/:app_id', { params: { app_id: 'my app/x' } })
    await client.get('/token_price', { query: { chainId: '1', tokenSymbol: 'ETH' } })
    await client.post(
      '/wallets/:wallet_id/rpc',
      { chain_type: 'ethereum', method: 'eth_sendTransaction', params: { signed_transaction: '0x' } },
      { params: { wallet_id: 'w1' } },
    )
    expect(fetch.mock.calls.map(([url, init]: [string, RequestInit]) => [url, init.method, init.body])).toEqual([
      ['https://auth.example/api/v1/passwordless/init', 'POST', '{"email":"a@b.co"}'],
      ['https://auth.example/api/v1/apps/my%20app%2Fx', 'GET', undefined],
      ['https://auth.example/api/v1/token_price?chainId=1&tokenSymbol=ETH', 'GET', undefined],
      ['https://auth.example/api/v1/wallets/w1/rpc', 'POST', '{"chain_type":"ethereum","method":"eth_sendTransaction","params":{"signed_transaction":"0x"}}'],
    ])
  })
})
