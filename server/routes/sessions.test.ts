import { afterAll, beforeAll, expect, it } from 'vitest'
import { forEachDatabase, startHarness, type Harness } from '../testing.js'

const REFRESH = '/api/v1/sessions'
const LOGOUT = '/api/v1/sessions/logout'

forEachDatabase((target) => {
  let h: Harness
  let appId: string
  beforeAll(async () => {
    h = await startHarness(target)
    appId = await h.createApp()
  })
  afterAll(() => h?.close())

  it('refresh rotates the refresh token and issues new tokens for the same user', async () => {
    const login = await h.login(appId, 'refresh@example.com')
    const res = await h.post(REFRESH, { refresh_token: login.refresh_token }, { appId, token: login.token })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ is_new_user: false, session_update_action: 'set', privy_access_token: null })
    expect(body.user.id).toBe(login.user.id)
    expect(body.refresh_token).not.toBe(login.refresh_token)
    expect(typeof body.token).toBe('string')
    // The new token works in turn.
    expect((await h.post(REFRESH, { refresh_token: body.refresh_token }, { appId })).statusCode).toBe(200)
  })

  it('refresh ignores an expired access token in the bearer', async () => {
    const login = await h.login(appId, 'expired-bearer@example.com')
    h.clock.advance(2 * 60 * 60 * 1000)
    const res = await h.post(REFRESH, { refresh_token: login.refresh_token }, { appId, token: login.token })
    expect(res.statusCode).toBe(200)
  })

  it('a rotated refresh token presented again within the grace window (a second tab) gets a sibling, nothing is revoked', async () => {
    const login = await h.login(appId, 'two-tabs@example.com')
    const first = await h.post(REFRESH, { refresh_token: login.refresh_token }, { appId })
    h.clock.advance(2_000)
    const second = await h.post(REFRESH, { refresh_token: login.refresh_token }, { appId })
    expect(first.statusCode).toBe(200)
    expect(second.statusCode).toBe(200)
    expect(second.json().refresh_token).not.toBe(first.json().refresh_token)
    // Both tabs' tokens stay usable.
    expect((await h.post(REFRESH, { refresh_token: first.json().refresh_token }, { appId })).statusCode).toBe(200)
    expect((await h.post(REFRESH, { refresh_token: second.json().refresh_token }, { appId })).statusCode).toBe(200)
  })

  it('error: reusing a rotated refresh token after the grace window revokes the whole session', async () => {
    const login = await h.login(appId, 'reuse@example.com')
    const rotated = (await h.post(REFRESH, { refresh_token: login.refresh_token }, { appId })).json()
    h.clock.advance(5_001)
    const replay = await h.post(REFRESH, { refresh_token: login.refresh_token }, { appId })
    expect(replay.statusCode).toBe(401)
    expect(replay.json().code).toBe('missing_or_invalid_token')
    // The legitimate newest token died with the session, and so did the access token.
    const newest = await h.post(REFRESH, { refresh_token: rotated.refresh_token }, { appId })
    expect(newest.statusCode).toBe(401)
    expect(newest.json().code).toBe('missing_or_invalid_token')
    expect((await h.get('/api/v1/users/me', { appId, token: rotated.token })).statusCode).toBe(401)
  })

  it('error: refresh without refresh_token answers 401 missing_or_invalid_token', async () => {
    for (const body of [{}, { refresh_token: null }, undefined]) {
      const res = await h.post(REFRESH, body, { appId })
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('missing_or_invalid_token')
    }
  })

  it('error: an unknown refresh token answers 401 missing_or_invalid_token', async () => {
    const res = await h.post(REFRESH, { refresh_token: 'x'.repeat(43) }, { appId })
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('missing_or_invalid_token')
  })

  it('error: a refresh token of another app answers 401 missing_or_invalid_token', async () => {
    const other = await h.createApp()
    const login = await h.login(appId, 'crossapp@example.com')
    const res = await h.post(REFRESH, { refresh_token: login.refresh_token }, { appId: other })
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('missing_or_invalid_token')
  })

  it('error: a refresh token older than 30 days answers 401 missing_or_invalid_token', async () => {
    const login = await h.login(appId, 'old@example.com')
    h.clock.advance(30 * 24 * 60 * 60 * 1000 + 1)
    expect((await h.post(REFRESH, { refresh_token: login.refresh_token }, { appId })).statusCode).toBe(401)
  })

  it('logout revokes the session: refresh and users/me then answer 401', async () => {
    const login = await h.login(appId, 'logout@example.com')
    const res = await h.post(LOGOUT, { refresh_token: login.refresh_token }, { appId, token: login.token })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true })
    expect((await h.post(REFRESH, { refresh_token: login.refresh_token }, { appId })).statusCode).toBe(401)
    expect((await h.get('/api/v1/users/me', { appId, token: login.token })).statusCode).toBe(401)
  })

  it('logout with only the bearer ends that session; logout is idempotent', async () => {
    const login = await h.login(appId, 'bearer-logout@example.com')
    expect((await h.post(LOGOUT, {}, { appId, token: login.token })).statusCode).toBe(200)
    expect((await h.post(REFRESH, { refresh_token: login.refresh_token }, { appId })).statusCode).toBe(401)
    expect((await h.post(LOGOUT, { refresh_token: login.refresh_token }, { appId })).statusCode).toBe(200)
  })

  it('logging out one session leaves the user’s other sessions alive', async () => {
    const a = await h.login(appId, 'two-devices@example.com')
    const b = await h.login(appId, 'two-devices@example.com')
    await h.post(LOGOUT, { refresh_token: a.refresh_token }, { appId })
    expect((await h.post(REFRESH, { refresh_token: b.refresh_token }, { appId })).statusCode).toBe(200)
  })
})
