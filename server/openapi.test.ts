import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROUTES } from '@gatehouse/contract/routes'
import { buildServer } from './app.js'
import { ADMIN_TOKEN, TEST_SECRET } from './testing.js'

const expand = (base: string, actions: string) => actions.split(',').map((a) => `${base}/${a}`)

/** Every path of the spec's api-paths.md ('POST unless marked'), braces expanded. */
const SPEC_PATHS: [method: string, path: string][] = [
  ['GET', '/api/v1/apps/:app_id'],
  ['POST', '/api/v1/sessions'],
  ['POST', '/api/v1/sessions/logout'],
  ['GET', '/api/v1/users/me'],
  ['POST', '/api/v1/users/me/accept_terms'],
  ['POST', '/api/v1/analytics_events'],
  ...expand('/api/v1/passwordless', 'init,authenticate,link,unlink,update,transfer').map((p) => ['POST', p] as [string, string]),
  ...expand('/api/v1/passwordless_sms', 'init,authenticate,link,unlink,update,transfer').map((p) => ['POST', p] as [string, string]),
  ...expand('/api/v1/oauth', 'init,authenticate,link,unlink,transfer').map((p) => ['POST', p] as [string, string]),
  ...expand('/api/v1/passkeys', 'register/init,register,authenticate/init,authenticate,link/init,link,unlink').map((p) => ['POST', p] as [string, string]),
  ...expand('/api/v1/siwe', 'init,authenticate,link,unlink,transfer,link_smart_wallet').map((p) => ['POST', p] as [string, string]),
  ...expand('/api/v1/siws', 'init,authenticate,link,unlink,transfer').map((p) => ['POST', p] as [string, string]),
  ...expand('/api/v1/farcaster', 'init,authenticate,link,unlink,transfer').map((p) => ['POST', p] as [string, string]),
  ['GET', '/api/v1/farcaster/status'],
  ...expand('/api/v1/telegram', 'authenticate,link,unlink,transfer').map((p) => ['POST', p] as [string, string]),
  ...expand('/api/v1/custom_jwt_account', 'authenticate,link').map((p) => ['POST', p] as [string, string]),
  ['POST', '/api/v1/guest/authenticate'],
  ...expand('/api/v1/mfa/passwordless_sms', 'init,enroll,verify,unenroll').map((p) => ['POST', p] as [string, string]),
  ...expand('/api/v1/mfa/totp', 'init,enroll,verify,unenroll').map((p) => ['POST', p] as [string, string]),
  ...expand('/api/v1/mfa/passkeys', 'init,verify,enrollment').map((p) => ['POST', p] as [string, string]),
  ['GET', '/api/v1/wallets'],
  ['POST', '/api/v1/wallets'],
  ['GET', '/api/v1/wallets/:wallet_id'],
  ['PATCH', '/api/v1/wallets/:wallet_id'],
  ['POST', '/api/v1/wallets/:wallet_id/rpc'],
  ['POST', '/api/v1/wallets/:wallet_id/export'],
  ['POST', '/api/v1/wallets/revoke'],
  ['POST', '/api/v1/embedded_wallets/:address/recovery/key_material'],
  ...expand('/api/v1/recovery/oauth', 'init,authenticate,init_icloud').map((p) => ['POST', p] as [string, string]),
  ['GET', '/apps/:app_id/embedded-wallets'],
  ['GET', '/apps/:app_id/embedded-wallets/export'],
  ['POST', '/api/v1/funding/coinbase_on_ramp/init'],
  ['GET', '/api/v1/funding/coinbase_on_ramp/status'],
  ['POST', '/api/v1/plugins/moonpay_on_ramp/sign'],
  ['POST', '/api/v1/scan/transaction'],
  ['GET', '/api/v1/token_price'],
  ['GET', '/api/v1/spl_token_info'],
  ['GET', '/api/v1/apps/:app_id/cross-app/details'],
  ['GET', '/api/v1/apps/:app_id/cross-app/connections'],
  ...expand('/api/v1/farcaster/signer', 'init,status').map((p) => ['POST', p] as [string, string]),
]

/** What the server answers today: moving any of these is a wire change, not a tidy-up. */
// 81: POST /wallets/revoke (delegated actions), GET and PATCH /wallets/:wallet_id (server-side wallet API), issue 29;
// the two cross-app GETs, issue 30; 82: POST /siwe/link_smart_wallet (issue 31 point 3, issue 32).
const IMPLEMENTED = 82

/** Every (method, url) the server routes, from fastify's own route tree (HEAD and OPTIONS left out). */
function routesOf(app: FastifyInstance): [string, string][] {
  const routes: [string, string][] = []
  const stack: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line)
    if (!match) continue
    const depth = match[1].length / 4
    stack.length = depth
    stack.push(match[2])
    const url = stack.join('')
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push([method, url])
    }
  }
  return routes
}

const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')

describe('OpenAPI document', () => {
  let dir: string
  let app: FastifyInstance
  let doc: {
    openapi: string
    info: { title: string; version: string }
    paths: Record<
      string,
      Record<string, { security?: unknown[]; parameters?: { in: string; name: string }[]; responses?: Record<string, { description?: string }> }>
    >
    components: { securitySchemes: Record<string, unknown> }
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-openapi-'))
    app = await buildServer({
      dbFile: join(dir, 'test.db'),
      logger: false,
      printMail: false,
      adminToken: ADMIN_TOKEN,
      secret: TEST_SECRET,
      publicUrl: 'http://gatehouse.test',
      dev: true,
    })
    const res = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    doc = res.json()
  })
  afterAll(async () => {
    await app?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('is an OpenAPI 3 document of the Gatehouse API with its security schemes', () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/)
    expect(doc.info.title).toBe('Gatehouse API')
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/)
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50)
    expect(doc.components.securitySchemes).toMatchObject({ accessToken: { type: 'http', scheme: 'bearer' }, adminToken: { type: 'http', scheme: 'bearer' } })
  })

  it('documents every path of the spec the server implements, at the same URL', () => {
    const routed = new Set(routesOf(app).map(([m, u]) => `${m} ${u}`))
    const implemented = SPEC_PATHS.filter(([m, p]) => routed.has(`${m} ${p}`))
    expect(implemented.length).toBe(IMPLEMENTED)
    for (const [method, path] of implemented) {
      expect(doc.paths[openApiPath(path)]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined()
    }
  })

  it('documents every /api/v1 route fastify registered, and no development route', () => {
    const routes = routesOf(app)
    const api = routes.filter(([, u]) => u.startsWith('/api/v1/'))
    expect(api.length).toBeGreaterThan(60)
    for (const [method, url] of api) expect(doc.paths[openApiPath(url)]?.[method.toLowerCase()], `${method} ${url}`).toBeDefined()
    expect(routes.some(([, u]) => u === '/dev/outbox')).toBe(true)
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/dev'))).toEqual([])
  })

  it('names the app-id header and the token each route needs', () => {
    const me = doc.paths['/api/v1/users/me'].get
    expect(me.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'privy-app-id', required: true }))
    expect(me.security).toEqual([{ accessToken: [] }])
    expect(me.parameters?.some((p) => p.name === 'authorization')).toBe(false)
    expect(doc.paths['/api/v1/admin/apps'].post.security).toEqual([{ adminToken: [] }])
    expect(doc.paths['/api/v1/apps/{app_id}'].get.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'app_id' }))
    expect(doc.paths['/api/v1/passwordless/init'].post).toMatchObject({ requestBody: { content: { 'application/json': { schema: { required: ['email'] } } } } })
  })

  it('documents the answer of every operation: each declares its success response (no "Default Response")', () => {
    const missing = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(
          ([, op]) =>
            // A redirect is the success answer of a route that only sends the browser on (the OAuth callback: 303).
            !Object.keys(op.responses ?? {}).some((status) => /^(2\d\d|30[1-8])$/.test(status)) ||
            Object.values(op.responses ?? {}).some((r) => r.description === 'Default Response'),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    )
    expect(missing).toEqual([])
  })

  it('registers every /api/v1 route from the route map of the contract, and routes every entry of the map', () => {
    const routed = routesOf(app)
      .filter(([, u]) => u.startsWith('/api/v1/') && u !== '/api/v1/openapi.json')
      .map(([m, u]) => `${m} ${u.slice('/api/v1'.length)}`)
    const mapped = Object.values(ROUTES).map((r) => `${r.method} ${r.path}`)
    expect(Object.keys(ROUTES)).toEqual(mapped)
    expect(routed.filter((r) => !mapped.includes(r)).sort()).toEqual([])
    expect(mapped.filter((r) => !routed.includes(r)).sort()).toEqual([])
  })
})
