/**
 * The owner's API, access part, end to end: app secrets (shown once, hashed, several live, revoked
 * at once, listed with last 4 and last use), operator roles, a user's sessions (listed with user
 * agent, address, device binding and last refresh; revoked: refresh refused at once, the wallet
 * frame's key material refused, so it stops signing at its next session check), and the audit log
 * (before → after with secrets masked, filters, cursor pages, JSON lines export, retention).
 */
import { sha256 } from '../crypto/hash.js'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { SESSION_CHECK_MS } from '../../frame/src/vault.js'
import { sweepExpired } from '../create-services.js'
import { ADMIN_TOKEN, forEachDatabase, startHarness, testDevice, TEST_PUBLIC_URL, type Harness } from '../testing.js'

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }
const basic = (appId: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`, 'privy-app-id': appId })

forEachDatabase((target) => {
  let h: Harness
  let appId: string
  const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown, ip = '203.0.113.7'): Promise<LightMyRequestResponse> =>
    h.server.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers,
      remoteAddress: ip,
      ...(payload === undefined ? {} : { payload: payload as object }),
    })

  beforeAll(async () => {
    h = await startHarness(target)
    appId = await h.createApp({ embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } } })
  })
  afterAll(() => h?.close())

  it('app secrets: shown once, stored hashed, several live, listed by last 4 and last use, revoked at once', async () => {
    const first = await call('POST', `/admin/apps/${appId}/secrets`, admin)
    expect(first.statusCode).toBe(201)
    const one = first.json()
    expect(one.secret).toMatch(/^ghs_[A-Za-z0-9_-]{43}$/)
    expect(one.last4).toBe(one.secret.slice(-4))
    const stored = await h.server.gatehouse.db.selectFrom('app_secrets').selectAll().where('id', '=', one.id).executeTakeFirstOrThrow()
    expect(JSON.stringify(stored)).not.toContain(one.secret)
    expect(stored.secret_hash).toBe(sha256(one.secret))
    const two = (await call('POST', `/admin/apps/${appId}/secrets`, admin)).json()
    // Both work at once (rotation: deploy the new one, then revoke the old).
    for (const s of [one, two]) expect((await call('GET', `/admin/apps/${appId}`, basic(appId, s.secret))).statusCode).toBe(200)
    const listed = (await call('GET', `/admin/apps/${appId}/secrets`, admin)).json().data
    expect(listed).toHaveLength(2)
    expect(JSON.stringify(listed)).not.toContain(one.secret.slice(4, 20))
    expect(listed.find((s: { id: string }) => s.id === one.id)).toEqual({
      id: one.id,
      last4: one.last4,
      createdAt: one.createdAt,
      lastUsedAt: expect.any(String),
    })
    expect((await call('DELETE', `/admin/apps/${appId}/secrets/${one.id}`, admin)).statusCode).toBe(200)
    expect((await call('GET', `/admin/apps/${appId}`, basic(appId, one.secret))).statusCode).toBe(401)
    expect((await call('GET', `/admin/apps/${appId}`, basic(appId, two.secret))).statusCode).toBe(200)
    expect((await call('DELETE', `/admin/apps/${appId}/secrets/${one.id}`, admin)).statusCode).toBe(404)
    // A secret cannot mint or list secrets, nor grant roles.
    expect((await call('POST', `/admin/apps/${appId}/secrets`, basic(appId, two.secret))).json().code).toBe('insufficient_permission')
    expect((await call('PUT', `/admin/apps/${appId}/operators/someone`, basic(appId, two.secret), { role: 'owner' })).statusCode).toBe(403)
    // The app-id header must name the app of the secret.
    expect((await call('GET', `/admin/apps/${appId}`, { ...basic(appId, two.secret), 'privy-app-id': 'x' })).statusCode).toBe(401)
    const actions = (await call('GET', `/admin/apps/${appId}/audit-log?action=app_secret.`, admin)).json().data.map((r: { action: string }) => r.action)
    expect(actions).toEqual(['app_secret.revoke', 'app_secret.create', 'app_secret.create'])
  })

  it('operator roles are granted, changed, listed and removed, each an audit row', async () => {
    expect((await call('PUT', `/admin/apps/${appId}/operators/op-1`, admin, { role: 'viewer' })).json()).toMatchObject({ userId: 'op-1', role: 'viewer' })
    expect((await call('PUT', `/admin/apps/${appId}/operators/op-1`, admin, { role: 'admin' })).json()).toMatchObject({ role: 'admin' })
    expect((await call('GET', `/admin/apps/${appId}/operators`, admin)).json().data).toEqual([expect.objectContaining({ userId: 'op-1', role: 'admin' })])
    expect((await call('DELETE', `/admin/apps/${appId}/operators/op-1`, admin)).statusCode).toBe(200)
    expect((await call('DELETE', `/admin/apps/${appId}/operators/op-1`, admin)).statusCode).toBe(404)
    const rows = (await call('GET', `/admin/apps/${appId}/audit-log?action=operator.`, admin)).json().data
    expect(rows.map((r: { details: unknown }) => r.details)).toEqual([
      { operator: 'op-1', email: null, before: { role: 'admin' }, after: { role: null } },
      { operator: 'op-1', email: null, before: { role: 'viewer' }, after: { role: 'admin' } },
      { operator: 'op-1', email: null, before: { role: null }, after: { role: 'viewer' } },
    ])
  })

  it("a user's sessions: listed with user agent, address, device binding and last refresh; revoking one refuses its refresh at once", async () => {
    const device = await testDevice(h.clock.now)
    const headers = { 'user-agent': 'Mozilla/5.0 (Phone) Test/1', 'x-forwarded-for': '198.51.100.4' }
    const bound = await h.login(appId, 'sessions-1@example.com', { device, ip: '198.51.100.9', headers })
    const plain = await h.login(appId, 'sessions-1@example.com', { ip: '198.51.100.10' })
    const userId = bound.user.id
    h.clock.advance(1000)
    const refreshed = await h.post('/api/v1/sessions', { refresh_token: plain.refresh_token }, { appId })
    expect(refreshed.statusCode).toBe(200)
    const list = (await call('GET', `/admin/apps/${appId}/users/${userId}/sessions`, admin)).json().data
    expect(list).toHaveLength(2)
    const [newest, oldest] = list
    expect(oldest).toMatchObject({ deviceBound: true, userAgent: 'Mozilla/5.0 (Phone) Test/1', ip: '198.51.100.9', lastRefreshedAt: null })
    expect(newest).toMatchObject({ deviceBound: false, ip: '198.51.100.10', lastRefreshedAt: expect.any(String) })
    expect(Date.parse(newest.lastRefreshedAt)).toBeGreaterThan(Date.parse(newest.createdAt))

    expect((await call('DELETE', `/admin/apps/${appId}/users/${userId}/sessions/${newest.id}`, admin)).json()).toEqual({ revoked: 1 })
    const again = await h.post('/api/v1/sessions', { refresh_token: refreshed.json().refresh_token }, { appId })
    expect(again.statusCode).toBe(401)
    expect((await call('GET', `/admin/apps/${appId}/users/${userId}/sessions`, admin)).json().data.map((s: { id: string }) => s.id)).toEqual([oldest.id])
    // Another app's user is not found through this app.
    const otherApp = await h.createApp()
    expect((await call('GET', `/admin/apps/${otherApp}/users/${userId}/sessions`, admin)).statusCode).toBe(404)
  })

  it('revoking every session: refresh refused, and the wallet frame gets no key material, so it stops signing at its next check', async () => {
    expect(SESSION_CHECK_MS).toBeLessThanOrEqual(60_000)
    const device = await testDevice(h.clock.now)
    const login = await h.login(appId, 'sessions-2@example.com', { device })
    const { key } = await h.registerEmbeddedWallet(appId, login.token, device)
    const keyMaterial = () =>
      h.post(
        `/api/v1/embedded_wallets/${key.address}/recovery/key_material`,
        { purpose: 'connect' },
        { appId, token: login.token, device, headers: { origin: TEST_PUBLIC_URL } },
      )
    expect((await keyMaterial()).statusCode).toBe(200)
    const other = await h.login(appId, 'sessions-2@example.com')
    const res = await call('DELETE', `/admin/apps/${appId}/users/${login.user.id}/sessions`, admin)
    expect(res.json()).toEqual({ revoked: 2 })
    const refused = await keyMaterial()
    expect(refused.statusCode).toBe(401)
    expect(refused.body).not.toContain('auth_share')
    expect((await h.post('/api/v1/sessions', { refresh_token: other.refresh_token }, { appId })).statusCode).toBe(401)
    const [row] = (await call('GET', `/admin/apps/${appId}/audit-log?user_id=${login.user.id}`, admin)).json().data
    expect(row).toMatchObject({
      action: 'session.revoke_all',
      actor: { type: 'admin_token', id: null, email: null },
      userId: login.user.id,
      details: { revoked: 2 },
      ip: '203.0.113.7',
    })
  })

  it('an app change is an audit row: who, from where, before → after of the changed fields, secrets masked', async () => {
    const secret = (await call('POST', `/admin/apps/${appId}/secrets`, admin)).json()
    const patched = await call('PATCH', `/admin/apps/${appId}`, basic(appId, secret.secret), {
      name: 'Renamed',
      captchaSecretKey: 'captcha-secret-0123456789-WXYZ',
    })
    expect(patched.statusCode).toBe(200)
    const [row] = (await call('GET', `/admin/apps/${appId}/audit-log?action=app.update`, admin)).json().data
    expect(row).toMatchObject({
      action: 'app.update',
      appId,
      actor: { type: 'app_secret', id: secret.id, email: null },
      ip: '203.0.113.7',
      details: { fields: ['captchaSecretKey', 'name'], before: { name: 'Test App' }, after: { name: 'Renamed', captchaSecretKey: '****WXYZ' } },
    })
    expect(JSON.stringify(row)).not.toContain('captcha-secret-0123456789')
  })

  it('an app change and its audit row share one transaction: when the row cannot be written, the change is not either', async () => {
    const target = await h.createApp()
    const stored = () => h.database.db.selectFrom('apps').select(['name', 'settings']).where('id', '=', target).executeTakeFirst()
    const before = await stored()
    const apps = () => h.database.db.selectFrom('apps').select('id').execute()
    const count = (await apps()).length
    // The audit table out of reach for a moment: each change fails at its audit row.
    await h.database.db.schema.alterTable('audit_log').renameTo('audit_log_away').execute()
    try {
      const patched = await call('PATCH', `/admin/apps/${target}`, admin, { name: 'Never written', captchaSecretKey: 'captcha-secret-0123456789-ABCD' })
      expect(patched.statusCode).toBe(500)
      expect(await stored()).toEqual(before)
      expect((await call('POST', '/admin/apps', admin, { name: 'Never made' })).statusCode).toBe(500)
      expect((await apps()).length).toBe(count)
      expect((await call('DELETE', `/admin/apps/${target}?confirm=${target}`, admin)).statusCode).toBe(500)
      expect(await stored()).toEqual(before)
    } finally {
      await h.database.db.schema.alterTable('audit_log_away').renameTo('audit_log').execute()
    }
    // With the row writable again, the same change lands with its row.
    expect((await call('PATCH', `/admin/apps/${target}`, admin, { name: 'Written' })).statusCode).toBe(200)
    const rows = (await call('GET', `/admin/apps/${target}/audit-log?action=app.update`, admin)).json().data
    expect(rows.map((r: { details: { after: { name?: string } } }) => r.details.after.name)).toEqual(['Written'])
  })

  it('the audit log: filters, cursor pages newest first, JSON lines export, and retention', async () => {
    const app2 = await h.createApp()
    for (let i = 0; i < 5; i++) {
      h.clock.advance(1) // rows of one millisecond come in id order, not insertion order
      await call('PATCH', `/admin/apps/${app2}`, admin, { name: `Name ${i}` })
    }
    const pages: string[][] = []
    let cursor: string | null = ''
    while (cursor !== null) {
      const body: { data: { action: string; details: { after: { name: string } } }[]; next_cursor: string | null } = (
        await call('GET', `/admin/audit-log?app_id=${app2}&action=app.update&limit=2${cursor ? `&cursor=${cursor}` : ''}`, admin)
      ).json()
      pages.push(body.data.map((r) => r.details.after.name))
      cursor = body.next_cursor
    }
    expect(pages).toEqual([['Name 4', 'Name 3'], ['Name 2', 'Name 1'], ['Name 0']])
    expect((await call('GET', `/admin/audit-log?app_id=${app2}&actor_type=app_secret`, admin)).json().data).toEqual([])
    const future = new Date(Date.now() + 3_600_000).toISOString()
    expect((await call('GET', `/admin/apps/${app2}/audit-log?since=${future}`, admin)).json().data).toEqual([])
    expect((await call('GET', `/admin/apps/${app2}/audit-log?until=${future}`, admin)).json().data).toHaveLength(6)
    expect((await call('GET', `/admin/audit-log?cursor=bad`, admin)).statusCode).toBe(400)

    const exported = await call('GET', `/admin/apps/${app2}/audit-log/export`, admin)
    expect(exported.statusCode).toBe(200)
    expect(exported.headers['content-type']).toMatch(/^application\/x-ndjson/)
    const lines = exported.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines.map((l) => l.action)).toEqual(['app.create', ...Array(5).fill('app.update')])
    // The all-apps log is the admin token's only.
    const secret = (await call('POST', `/admin/apps/${app2}/secrets`, admin)).json().secret
    expect((await call('GET', `/admin/audit-log/export`, basic(app2, secret))).statusCode).toBe(401)

    // Rows older than the retention go with the periodic sweep.
    const days = h.server.gatehouse.config.auditRetentionDays
    expect(days).toBeGreaterThan(0)
    await sweepExpired(h.server.gatehouse, Date.now() + (days + 1) * 24 * 60 * 60 * 1000)
    expect((await call('GET', `/admin/apps/${app2}/audit-log`, admin)).json().data).toEqual([])
  })

  it('security events are audit rows: a key export, a session ended for a reused refresh token', async () => {
    const device = await testDevice(h.clock.now)
    const login = await h.login(appId, 'events-1@example.com', { device })
    const { key } = await h.registerEmbeddedWallet(appId, login.token, device)
    const path = `/api/v1/embedded_wallets/${key.address}/recovery/key_material`
    const exported = await h.post(path, { purpose: 'export' }, { appId, token: login.token, device, headers: { origin: TEST_PUBLIC_URL } })
    expect(exported.statusCode).toBe(200)
    const plain = await h.login(appId, 'events-1@example.com')
    expect((await h.post('/api/v1/sessions', { refresh_token: plain.refresh_token }, { appId })).statusCode).toBe(200)
    h.clock.advance(60_000)
    expect((await h.post('/api/v1/sessions', { refresh_token: plain.refresh_token }, { appId })).statusCode).toBe(401)
    const rows = (await call('GET', `/admin/apps/${appId}/audit-log?user_id=${login.user.id}`, admin)).json().data
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'session.revoke',
        actor: { type: 'system', id: null, email: null },
        details: expect.objectContaining({ reason: 'refresh_token_reuse' }),
      }),
      expect.objectContaining({ action: 'wallet.export', actor: { type: 'user', id: login.user.id, email: null }, details: { wallet: key.address } }),
    ])
  })
})
