import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DAY_MS } from '../db/analytics.js'
import { ADMIN_TOKEN, forEachDatabase, startHarness, type Harness } from '../testing.js'

const admin = { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const PHONE = '+14155550123'

forEachDatabase((target) => {
  let h: Harness
  let appId: string
  let otherApp: string
  /** Noon (UTC) of the first day the tests act on, and its date. */
  let day1: number
  let d1: string
  let d2: string

  const series = (kind: string, appIdOf = appId, query = `from=${d1}&to=${d2}`) => h.get(`/api/v1/apps/${appIdOf}/analytics/${kind}?${query}`, admin)

  beforeAll(async () => {
    h = await startHarness(target)
    appId = await h.createApp({ loginMethods: { email: true, sms: true, guest: true } })
    otherApp = await h.createApp()
    // Work at noon UTC, two days back, so nothing the test does straddles midnight.
    day1 = Math.floor(h.clock.now() / DAY_MS) * DAY_MS - 2 * DAY_MS + DAY_MS / 2
    h.clock.advance(day1 - h.clock.now())
    d1 = iso(day1)
    d2 = iso(day1 + DAY_MS)

    // Day 1: Ada signs up and logs in again, Bob signs up (3 e-mail logins, 2 sign-ups); a fourth code
    // goes to Cy, who never types it. One SMS sign-up. The widget reports two starts and one login.
    const ada = await h.login(appId, 'ada@example.com')
    await h.login(appId, 'ada@example.com')
    await h.login(appId, 'bob@example.com')
    expect((await h.post('/api/v1/passwordless/init', { email: 'cy@example.com' }, { appId })).statusCode).toBe(200)
    expect((await h.post('/api/v1/passwordless_sms/init', { phoneNumber: PHONE }, { appId })).statusCode).toBe(200)
    const code = h.server.gatehouse.mailer.outbox!.list(PHONE)[0]!.code!
    const sms = await h.post('/api/v1/passwordless_sms/authenticate', { phoneNumber: PHONE, code, mode: 'login-or-sign-up' }, { appId })
    expect(sms.statusCode).toBe(200)
    for (const event_name of ['sdk_initialize', 'sdk_initialize', 'sdk_authenticate', 'not_an_event']) {
      expect((await h.post('/api/v1/analytics_events', { event_name, client_id: null, payload: {} }, { appId })).statusCode).toBe(204)
    }
    // A failed code login is no login.
    await h.post('/api/v1/passwordless/init', { email: 'dee@example.com' }, { appId })
    expect((await h.post('/api/v1/passwordless/authenticate', { email: 'dee@example.com', code: '000000' }, { appId })).statusCode).toBe(401)

    // Day 2: Ada only refreshes her session (still active); a guest signs up.
    h.clock.advance(DAY_MS)
    expect((await h.post('/api/v1/sessions', { refresh_token: ada.refresh_token }, { appId, token: ada.token })).statusCode).toBe(200)
    const guest = await h.post('/api/v1/guest/authenticate', { guest_credential: randomBytes(32).toString('base64url') }, { appId })
    expect(guest.statusCode).toBe(200)
  })
  afterAll(() => h?.close())

  it('daily active users: distinct users who logged in or refreshed, every day of the range', async () => {
    const res = await series('active_users')
    expect(res.statusCode).toBe(200)
    // Day 1: Ada, Bob and the SMS user (Ada twice counts once); day 2: Ada by her refresh, and the guest.
    expect(res.json()).toEqual({
      from: d1,
      to: d2,
      days: [
        { date: d1, active_users: 3 },
        { date: d2, active_users: 2 },
      ],
    })
  })

  it('logins and sign-ups per method per day', async () => {
    const res = await series('logins')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      from: d1,
      to: d2,
      methods: ['email', 'guest', 'phone'],
      days: [
        { date: d1, logins: { email: 3, phone: 1 }, sign_ups: { email: 2, phone: 1 } },
        { date: d2, logins: { guest: 1 }, sign_ups: { guest: 1 } },
      ],
    })
  })

  it('the code-login funnel: codes sent, then logins by code', async () => {
    const res = await series('code_funnel')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      from: d1,
      to: d2,
      days: [
        { date: d1, email: { codes_sent: 5, logins: 3 }, sms: { codes_sent: 1, logins: 1 } },
        { date: d2, email: { codes_sent: 0, logins: 0 }, sms: { codes_sent: 0, logins: 0 } },
      ],
      totals: { email: { codes_sent: 5, logins: 3, conversion: 0.6 }, sms: { codes_sent: 1, logins: 1, conversion: 1 } },
    })
  })

  it('widget events: the known names the widget sent, per day', async () => {
    const res = await series('widget_events')
    expect(res.statusCode).toBe(200)
    expect(res.json().days).toEqual([
      { date: d1, events: { sdk_initialize: 2, sdk_authenticate: 1 } },
      { date: d2, events: {} },
    ])
  })

  it("another app's series are its own (all zero here)", async () => {
    const dau = (await series('active_users', otherApp)).json()
    expect(dau.days.map((d: { active_users: number }) => d.active_users)).toEqual([0, 0])
    expect((await series('logins', otherApp)).json().methods).toEqual([])
    expect((await series('code_funnel', otherApp)).json().totals.email).toEqual({ codes_sent: 0, logins: 0, conversion: null })
  })

  it('without a range: the 30 days ending today', async () => {
    const res = await h.get(`/api/v1/apps/${appId}/analytics/active_users`, admin)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.to).toBe(iso(h.clock.now()))
    expect(body.days).toHaveLength(30)
    expect(body.days.find((d: { date: string }) => d.date === d1).active_users).toBe(3)
  })

  it('is documented in the OpenAPI document, behind the owner credential', async () => {
    const doc = (await h.get('/api/v1/openapi.json')).json()
    for (const kind of ['active_users', 'logins', 'code_funnel', 'widget_events']) {
      const op = doc.paths[`/api/v1/apps/{app_id}/analytics/${kind}`]?.get
      expect(op?.security, kind).toEqual([{ adminToken: [] }, { appSecret: [] }, { operatorToken: [] }])
      expect(op.parameters).toContainEqual(expect.objectContaining({ in: 'query', name: 'from' }))
      expect(op.parameters.some((p: { name: string }) => p.name === 'privy-app-id')).toBe(false)
    }
  })

  describe('errors', () => {
    it('error: 401 missing_or_invalid_token without the token, for known and unknown apps alike', async () => {
      for (const id of [appId, 'cnosuchapp000000000000000']) {
        for (const headers of [{}, { authorization: 'Bearer wrong' }] as Record<string, string>[]) {
          const res = await h.get(`/api/v1/apps/${id}/analytics/logins`, { headers })
          expect(res.statusCode).toBe(401)
          expect(res.json().code).toBe('missing_or_invalid_token')
        }
      }
    })

    it('error: 404 not_found for an app that does not exist', async () => {
      const res = await series('logins', 'cnosuchapp000000000000000')
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('not_found')
    })

    it('error: 400 invalid_data for a reversed, too long or impossible range', async () => {
      for (const query of [
        'from=2026-03-02&to=2026-03-01',
        'from=2025-01-01&to=2026-01-02',
        'from=2026-02-30&to=2026-03-01',
        'from=20260301',
        'since=2026-01-01',
      ]) {
        const res = await series('logins', appId, query)
        expect(res.statusCode, query).toBe(400)
        expect(res.json().code, query).toBe('invalid_data')
      }
      // 366 days (a leap year) is the longest range.
      expect((await series('logins', appId, 'from=2024-01-01&to=2024-12-31')).json().days).toHaveLength(366)
    })
  })
})
