/**
 * Who may call the owner's API: `authorizeOwner` for every caller × permission × app (its own, another,
 * none), and, over EVERY owner route of the route map (the `/admin/` area, whoever adds it), that
 * app A's secret reaches nothing of app B and changes nothing there.
 */
import { isOwnerRoute, ROUTES } from '@gatehouse/contract/routes'
import type { FastifyRequest } from 'fastify'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_TOKEN, forEachDatabase, startHarness, withOperatorMfa, type Harness } from '../testing.js'
import { grantOperatorRole } from './owner-access.js'
import { authorizeOwner, type OwnerPermission } from './owner-auth.js'

const PERMISSIONS: OwnerPermission[] = ['read', 'write', 'secrets']
const basic = (appId: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`, 'privy-app-id': appId })
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** Routes with `:app_id` outside the owner area: public ones, reviewed. A new one must follow the convention (ARCHITECTURE.md). */
const PUBLIC_APP_ROUTES = ['GET /apps/:app_id', 'GET /apps/:app_id/jwks.json']

forEachDatabase((target) => {
  let h: Harness
  let appA: string
  let appB: string
  let consoleApp: string
  let secretA: string
  let secretB: string
  const operators: Record<'owner' | 'admin' | 'viewer' | 'none', string> = { owner: '', admin: '', viewer: '', none: '' }

  const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown): Promise<LightMyRequestResponse> =>
    h.server.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })

  beforeAll(async () => {
    h = await startHarness(target)
    ;[appA, appB, consoleApp] = [await h.createApp(), await h.createApp(), await h.createApp()]
    h.server.gatehouse.config.consoleAppId = consoleApp
    const secret = async (appId: string) => (await call('POST', `/api/v1/admin/apps/${appId}/secrets`, bearer(ADMIN_TOKEN))).json().secret as string
    ;[secretA, secretB] = [await secret(appA), await secret(appB)]
    for (const role of ['owner', 'admin', 'viewer', 'none'] as const) {
      const login = await h.login(consoleApp, `operator-${role}@example.com`)
      operators[role] = login.token
      if (role !== 'none') await grantOperatorRole(h.server.gatehouse.db, appA, login.user.id, role, Date.now())
      // Owner-only changes need MFA (SECURITY.md): the owner here has it, verified on this session.
      if (role === 'owner') await withOperatorMfa(h.server, consoleApp, login.token)
    }
  })
  afterAll(() => h?.close())

  describe('authorizeOwner: caller × permission × app', () => {
    const decide = async (headers: Record<string, string>, appId: string | null, permission: OwnerPermission) => {
      const request = { server: h.server, headers } as unknown as FastifyRequest
      try {
        return (await authorizeOwner(request, appId, permission)).type
      } catch (error) {
        return (error as { code: string }).code
      }
    }

    it('each caller gets exactly what its row says', async () => {
      const DENIED = 'insufficient_permission'
      const INVALID = 'missing_or_invalid_token'
      // [caller, headers, own app (A), other app (B), every app (null)] per permission read, write, secrets.
      const rows: [string, () => Record<string, string>, string[], string[], string[]][] = [
        [
          'admin token',
          () => bearer(ADMIN_TOKEN),
          ['admin_token', 'admin_token', 'admin_token'],
          ['admin_token', 'admin_token', 'admin_token'],
          ['admin_token', 'admin_token', 'admin_token'],
        ],
        ['app secret of A', () => basic(appA, secretA), ['app_secret', 'app_secret', DENIED], [INVALID, INVALID, INVALID], [INVALID, INVALID, INVALID]],
        ['operator owner of A', () => bearer(operators.owner), ['operator', 'operator', 'operator'], [DENIED, DENIED, DENIED], [DENIED, DENIED, DENIED]],
        ['operator admin of A', () => bearer(operators.admin), ['operator', 'operator', DENIED], [DENIED, DENIED, DENIED], [DENIED, DENIED, DENIED]],
        ['operator viewer of A', () => bearer(operators.viewer), ['operator', DENIED, DENIED], [DENIED, DENIED, DENIED], [DENIED, DENIED, DENIED]],
        ['console user without a role', () => bearer(operators.none), [DENIED, DENIED, DENIED], [DENIED, DENIED, DENIED], [DENIED, DENIED, DENIED]],
        [
          'app secret of B sent for A',
          () => ({ ...basic(appB, secretB), 'privy-app-id': appA }),
          [INVALID, INVALID, INVALID],
          [INVALID, INVALID, INVALID],
          [INVALID, INVALID, INVALID],
        ],
        ['app secret of A claiming B', () => basic(appB, secretA), [INVALID, INVALID, INVALID], [INVALID, INVALID, INVALID], [INVALID, INVALID, INVALID]],
        ['an end user of A', () => bearer(''), [INVALID, INVALID, INVALID], [INVALID, INVALID, INVALID], [INVALID, INVALID, INVALID]],
        ['nothing', () => ({}), [INVALID, INVALID, INVALID], [INVALID, INVALID, INVALID], [INVALID, INVALID, INVALID]],
      ]
      const endUser = (await h.login(appA, 'end-user@example.com')).token
      for (const [caller, headersOf, own, other, all] of rows) {
        const headers = caller === 'an end user of A' ? bearer(endUser) : headersOf()
        for (const [i, permission] of PERMISSIONS.entries()) {
          expect(await decide(headers, appA, permission), `${caller} / ${permission} / own app`).toBe(own[i])
          expect(await decide(headers, appB, permission), `${caller} / ${permission} / other app`).toBe(other[i])
          expect(await decide(headers, null, permission), `${caller} / ${permission} / every app`).toBe(all[i])
        }
      }
    })

    it('a revoked secret and a logged-out operator reach nothing', async () => {
      const created = (await call('POST', `/api/v1/admin/apps/${appA}/secrets`, bearer(ADMIN_TOKEN))).json()
      expect(await decide(basic(appA, created.secret), appA, 'read')).toBe('app_secret')
      expect((await call('DELETE', `/api/v1/admin/apps/${appA}/secrets/${created.id}`, bearer(ADMIN_TOKEN))).statusCode).toBe(200)
      expect(await decide(basic(appA, created.secret), appA, 'read')).toBe('missing_or_invalid_token')
      const login = await h.login(consoleApp, 'operator-leaving@example.com')
      await grantOperatorRole(h.server.gatehouse.db, appA, login.user.id, 'owner', Date.now())
      await withOperatorMfa(h.server, consoleApp, login.token)
      expect(await decide(bearer(login.token), appA, 'secrets')).toBe('operator')
      await h.post('/api/v1/sessions/logout', { refresh_token: login.refresh_token }, { appId: consoleApp, token: login.token })
      expect(await decide(bearer(login.token), appA, 'read')).toBe('missing_or_invalid_token')
    })
  })

  describe('every owner route of the route map', () => {
    const owner = Object.entries(ROUTES).filter(([, r]) => isOwnerRoute(r.path))

    it('the owner area is /admin/; a route with :app_id elsewhere is a reviewed public one', () => {
      expect(owner.length).toBeGreaterThanOrEqual(16)
      // The server-side wallet API's authorization keys are owner routes: a 'secrets' permission, never an app secret.
      expect(owner.map(([key]) => key)).toEqual(
        expect.arrayContaining([
          'POST /admin/apps/:app_id/authorization-keys',
          'GET /admin/apps/:app_id/authorization-keys',
          'POST /admin/apps/:app_id/authorization-keys/:key_id/rotate',
          'DELETE /admin/apps/:app_id/authorization-keys/:key_id',
        ]),
      )
      const elsewhere = Object.entries(ROUTES)
        .filter(([, r]) => !isOwnerRoute(r.path) && r.path.includes(':app_id'))
        .map(([key]) => key)
      expect(elsewhere.sort()).toEqual(PUBLIC_APP_ROUTES)
    })

    it("app A's secret reaches nothing of app B and changes nothing there, on every route; on A it is let in", async () => {
      const userB = (await h.login(appB, 'user-b@example.com')).user.id
      const userA = (await h.login(appA, 'user-a@example.com')).user.id
      const countRows = async () => {
        const db = h.server.gatehouse.db
        const [audit, secrets, sessions] = await Promise.all([
          db.selectFrom('audit_log').select(db.fn.countAll().as('n')).where('app_id', '=', appB).executeTakeFirstOrThrow(),
          db.selectFrom('app_secrets').select(db.fn.countAll().as('n')).where('app_id', '=', appB).where('revoked_at', 'is', null).executeTakeFirstOrThrow(),
          db.selectFrom('sessions').select(db.fn.countAll().as('n')).where('app_id', '=', appB).where('revoked_at', 'is', null).executeTakeFirstOrThrow(),
        ])
        return [audit.n, secrets.n, sessions.n].map(Number)
      }
      const before = await countRows()
      const appBefore = (await h.server.gatehouse.db.selectFrom('apps').selectAll().where('id', '=', appB).executeTakeFirstOrThrow()).updated_at
      const fill = (path: string, appId: string, userId: string) =>
        `/api/v1${path
          .replace(':app_id', appId)
          .replace(':user_id', userId)
          .replace(/:[a-z_]+/g, 'some-id')}`
      for (const [key, route] of owner) {
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : { name: 'Taken over', role: 'owner' }
        const res = await call(route.method, fill(route.path, appB, userB), basic(appA, secretA), body)
        expect([401, 403], `${key} on app B answered ${res.statusCode} ${res.body}`).toContain(res.statusCode)
        // On its own app the secret passes the gate (whatever the route answers next, never a credential refusal)…
        const own = await call(route.method, fill(route.path, appA, userA), basic(appA, secretA), body)
        // …except routes spanning every app, and secrets routes, which a secret may never call.
        if (!route.path.includes(':app_id')) expect(own.statusCode, key).toBe(401)
        else expect(own.statusCode, `${key} on app A: ${own.body.slice(0, 200)}`).not.toBe(401)
      }
      expect(await countRows()).toEqual(before)
      expect((await h.server.gatehouse.db.selectFrom('apps').selectAll().where('id', '=', appB).executeTakeFirstOrThrow()).updated_at).toBe(appBefore)
    })
  })
})
