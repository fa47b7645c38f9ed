import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refreshCookiePath, sameSite } from '../services/session-cookie.js'
import { forEachDatabase, startHarness, testDevice, TEST_PUBLIC_URL, type Harness } from '../testing.js'

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

  it('error: a device proof whose jti holds a control character is refused as invalid_device_proof, on PostgreSQL too (not a 500)', async () => {
    const login = await h.login(appId, 'nul-jti@example.com', { device: await testDevice(h.clock.now) })
    const { privateKey, publicKey } = await generateKeyPair('ES256')
    const proof = await new SignJWT({ htm: 'POST', htu: `${TEST_PUBLIC_URL}${REFRESH}`, jti: 'proof-with-a-nul-\u0000' })
      .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk: await exportJWK(publicKey) })
      .setIssuedAt(Math.floor(h.clock.now() / 1000))
      .sign(privateKey)
    const res = await h.post(REFRESH, { refresh_token: login.refresh_token }, { appId, headers: { dpop: proof } })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ error: 'Invalid device proof: jti', code: 'invalid_device_proof' })
  })

  describe('cookie sessions (a page on the API’s own site)', () => {
    // The harness API runs at http://gatehouse.test: this page shares its site, the other does not.
    const SAME_SITE = { origin: 'http://app.gatehouse.test' }
    const CROSS_SITE = { origin: 'http://shop.example' }
    const refreshCookie = (res: { headers: Record<string, unknown> }) => {
      const header = res.headers['set-cookie']
      const all = (Array.isArray(header) ? header : [header]).filter(Boolean) as string[]
      return all.find((c) => c.startsWith(`gatehouse-refresh-${appId}=`)) ?? null
    }
    const cookieValue = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1, cookie.indexOf(';'))

    it('a login sets the refresh token as an HttpOnly SameSite=Strict cookie for the session routes; the body carries none', async () => {
      const login = await h.login(appId, 'cookie-login@example.com', { headers: SAME_SITE })
      expect(login.refresh_token).toBeNull()
      const init = await h.post('/api/v1/passwordless/init', { email: 'cookie-raw@example.com' }, { appId, headers: SAME_SITE })
      expect(init.statusCode).toBe(200)
      const auth = await h.post(
        '/api/v1/passwordless/authenticate',
        { email: 'cookie-raw@example.com', code: h.lastCode('cookie-raw@example.com'), mode: 'login-or-sign-up' },
        { appId, headers: SAME_SITE },
      )
      const cookie = refreshCookie(auth)!
      expect(cookie).toMatch(/; Max-Age=2592000; Path=\/api\/v1\/sessions; HttpOnly; SameSite=Strict; Secure$/)
      expect(auth.json().refresh_token).toBeNull()
      expect(typeof auth.json().token).toBe('string')
    })

    it('refresh reads the cookie, rotates it, and logout clears it', async () => {
      const login = await h.post('/api/v1/passwordless/init', { email: 'cookie-refresh@example.com' }, { appId, headers: SAME_SITE })
      expect(login.statusCode).toBe(200)
      const auth = await h.post(
        '/api/v1/passwordless/authenticate',
        { email: 'cookie-refresh@example.com', code: h.lastCode('cookie-refresh@example.com'), mode: 'login-or-sign-up' },
        { appId, headers: SAME_SITE },
      )
      const first = cookieValue(refreshCookie(auth)!)
      const cookie = (value: string) => ({ ...SAME_SITE, cookie: `other=1; gatehouse-refresh-${appId}=${value}` })
      const refreshed = await h.post(REFRESH, {}, { appId, headers: cookie(first) })
      expect(refreshed.statusCode).toBe(200)
      expect(refreshed.json().refresh_token).toBeNull()
      const second = cookieValue(refreshCookie(refreshed)!)
      expect(second).not.toBe(first)
      const out = await h.post(LOGOUT, {}, { appId, headers: cookie(second) })
      expect(refreshCookie(out)).toMatch(/^gatehouse-refresh-\w+=; Max-Age=0;/)
      const after = await h.post(REFRESH, {}, { appId, headers: cookie(second) })
      expect(after.statusCode).toBe(401)
      // The dead cookie is dropped with the answer.
      expect(refreshCookie(after)).toMatch(/Max-Age=0/)
    })

    it('error: a device-bound session refreshed by cookie still needs its device’s proof', async () => {
      const device = await testDevice(h.clock.now)
      await h.post('/api/v1/passwordless/init', { email: 'cookie-device@example.com' }, { appId, headers: SAME_SITE })
      const auth = await h.post(
        '/api/v1/passwordless/authenticate',
        { email: 'cookie-device@example.com', code: h.lastCode('cookie-device@example.com'), mode: 'login-or-sign-up' },
        { appId, headers: SAME_SITE, device },
      )
      const headers = { ...SAME_SITE, cookie: `gatehouse-refresh-${appId}=${cookieValue(refreshCookie(auth)!)}` }
      const stranger = await testDevice(h.clock.now)
      for (const other of [undefined, stranger]) {
        const res = await h.post(REFRESH, {}, { appId, headers, device: other })
        expect(res.statusCode).toBe(401)
        expect(res.json().code).toBe('invalid_device_proof')
      }
      expect((await h.post(REFRESH, {}, { appId, headers, device })).statusCode).toBe(200)
    })

    it('a page on another site (or no Origin at all) keeps the refresh token in the body and gets no cookie', async () => {
      for (const headers of [CROSS_SITE, {}]) {
        const email = `storage-${Object.keys(headers).length}@example.com`
        await h.post('/api/v1/passwordless/init', { email }, { appId, headers })
        const auth = await h.post('/api/v1/passwordless/authenticate', { email, code: h.lastCode(email), mode: 'login-or-sign-up' }, { appId, headers })
        expect(typeof auth.json().refresh_token).toBe('string')
        expect(refreshCookie(auth)).toBeNull()
      }
    })
  })
})

describe('refreshCookiePath', () => {
  it('is the session routes under the public URL, behind a proxy prefix too', () => {
    expect(refreshCookiePath('https://auth.example.com')).toBe('/api/v1/sessions')
    expect(refreshCookiePath('https://example.com/auth/')).toBe('/auth/api/v1/sessions')
  })
})

describe('sameSite', () => {
  it('compares scheme and registrable domain, ignoring ports; unsure answers false', () => {
    expect(sameSite('http://localhost:5173', 'http://localhost:8787')).toBe(true)
    expect(sameSite('https://app.example.com', 'https://auth.example.com')).toBe(true)
    expect(sameSite('https://example.com', 'https://auth.example.com')).toBe(true)
    expect(sameSite('http://app.example.com', 'https://auth.example.com')).toBe(false)
    expect(sameSite('https://shop.example', 'https://auth.example.com')).toBe(false)
    expect(sameSite('http://127.0.0.1:5173', 'http://localhost:8787')).toBe(false)
    expect(sameSite('https://a.example.co.uk', 'https://b.example.co.uk')).toBe(false)
    expect(sameSite('https://auth.example.co.uk', 'https://auth.example.co.uk')).toBe(true)
  })
})
