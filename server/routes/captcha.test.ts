/**
 * Captcha: the admin rules for site keys and secrets, the public configuration, and
 * the siteverify check on every init call that carries `token` / `captcha_token`, against a
 * loopback stand-in for Turnstile's siteverify (test/turnstile.ts) speaking its wire format.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FAKE_TURNSTILE_SECRET, startFakeTurnstile, type FakeTurnstile } from '../../test/turnstile.js'
import { verifyCaptcha } from '../services/captcha.js'
import { ADMIN_TOKEN, forEachDatabase, startHarness, type Harness } from '../testing.js'

const SITE_KEY = 't:0x4AAAAAAAgatehouse-test'
const captchaOn = { captcha: { enabled: true, siteKey: SITE_KEY }, captchaSecretKey: FAKE_TURNSTILE_SECRET }
const ORIGIN = 'http://localhost:5173'

forEachDatabase((target) => {
  let h: Harness
  let fake: FakeTurnstile
  let appId: string
  const logs: string[] = []
  beforeAll(async () => {
    fake = await startFakeTurnstile()
    h = await startHarness(target, {
      captchaVerifyUrl: fake.verifyUrl,
      captchaVerifyTimeoutMs: 400,
      captchaScriptUrl: fake.scriptUrl,
      logger: true,
      logLevel: 'warn',
      logStream: { write: (line) => void logs.push(line) },
    })
    appId = await h.createApp({
      name: 'Captcha',
      loginMethods: { email: true, sms: true, wallet: true, passkey: true, telegram: true, google: true, farcaster: true },
      passkeysForSignupEnabled: true,
      ...captchaOn,
    })
  })
  afterAll(async () => {
    await h?.close()
    await fake?.close()
  })
  beforeEach(() => {
    fake.setVerify('normal')
    fake.requests.length = 0
  })

  const init = (body: Record<string, unknown>, ip = '10.9.8.7') => h.post('/api/v1/passwordless/init', body, { appId, ip })

  describe('configuration', () => {
    it('error: the admin API refuses a site key without the t: prefix', async () => {
      const res = await h.patchApp(appId, { captcha: { siteKey: 'x:0x4AAAAAAA' } })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ code: 'invalid_data', error: 'Unsupported captcha site key' })
      const created = await h.post(
        '/api/v1/admin/apps',
        { name: 'Bad', captcha: { enabled: true, siteKey: '0x4AAAAAAA' }, captchaSecretKey: 's' },
        { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } },
      )
      expect(created.json()).toEqual({ code: 'invalid_data', error: 'Unsupported captcha site key' })
    })

    it('error: the admin API refuses to enable captcha without a secret key or a site key', async () => {
      const other = await h.createApp({ name: 'No secret' })
      expect((await h.patchApp(other, { captcha: { enabled: true, siteKey: SITE_KEY } })).json().error).toBe('Captcha needs a secret key (captchaSecretKey)')
      expect((await h.patchApp(other, { captcha: { enabled: true }, captchaSecretKey: 'x' })).json().error).toBe('Captcha needs a site key (captcha.siteKey)')
    })

    it('the public configuration carries enabled, site key and script URL, never the secret', async () => {
      const res = await h.get(`/api/v1/apps/${appId}`)
      expect(res.json().captcha).toEqual({ enabled: true, siteKey: SITE_KEY, scriptUrl: fake.scriptUrl })
      expect(res.body).not.toContain(FAKE_TURNSTILE_SECRET)
      expect(res.body).not.toContain('captchaSecretKey')
      const admin = await h.get(`/api/v1/admin/apps/${appId}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
      // The admin API shows only the secret's last 4 characters (it is sealed at rest).
      expect(admin.json().captchaSecretKey).toBe(`****${FAKE_TURNSTILE_SECRET.slice(-4)}`)
      expect(admin.body).not.toContain(FAKE_TURNSTILE_SECRET)
    })
  })

  describe('e-mail init', () => {
    it('a valid token passes: siteverify gets secret, response and remoteip as a form', async () => {
      const token = fake.issueToken()
      const res = await init({ email: 'ada@example.com', token }, '10.1.2.3')
      expect(res.statusCode).toBe(200)
      expect(h.lastCode('ada@example.com')).toMatch(/^\d{6}$/)
      expect(fake.requests).toHaveLength(1)
      expect(fake.requests[0].contentType).toBe('application/x-www-form-urlencoded')
      expect(fake.requests[0].fields).toMatchObject({ secret: FAKE_TURNSTILE_SECRET, response: token, remoteip: '10.1.2.3' })
      expect(fake.requests[0].fields.idempotency_key).toMatch(/^[0-9a-f-]{36}$/)
    })

    it('error: no token answers invalid_captcha and sends no mail', async () => {
      for (const body of [{ email: 'none@example.com' }, { email: 'none@example.com', token: null }, { email: 'none@example.com', token: ' ' }]) {
        const res = await init(body)
        expect(res.statusCode).toBe(400)
        expect(res.json().code).toBe('invalid_captcha')
      }
      expect(() => h.lastCode('none@example.com')).toThrow()
      expect(fake.requests).toHaveLength(0)
    })

    it('error: a token is single use; a replay answers captcha_failure', async () => {
      const token = fake.issueToken()
      expect((await init({ email: 'once@example.com', token })).statusCode).toBe(200)
      const replay = await init({ email: 'once@example.com', token })
      expect(replay.json()).toMatchObject({ code: 'captcha_failure' })
    })

    it('error: a token the provider never issued answers captcha_failure', async () => {
      const res = await init({ email: 'forged@example.com', token: 'forged.token' })
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('captcha_failure')
    })

    it('error: siteverify failing (HTTP 500) answers captcha_timeout', async () => {
      fake.setVerify('error')
      const res = await init({ email: 'down@example.com', token: fake.issueToken() })
      expect(res.json().code).toBe('captcha_timeout')
    })

    it('error: siteverify not answering within the timeout answers captcha_timeout', async () => {
      fake.setVerify('hang')
      const started = Date.now()
      const res = await init({ email: 'slow@example.com', token: fake.issueToken() })
      expect(res.json().code).toBe('captcha_timeout')
      expect(Date.now() - started).toBeLessThan(3000)
    })

    it('error: a wrong secret (the owner’s mistake) answers captcha_timeout, not a verdict on the visitor', async () => {
      const other = await h.createApp({ name: 'Wrong secret', captcha: { enabled: true, siteKey: SITE_KEY }, captchaSecretKey: 'not-the-secret' })
      const res = await h.post('/api/v1/passwordless/init', { email: 'x@example.com', token: fake.issueToken() }, { appId: other })
      expect(res.json().code).toBe('captcha_timeout')
      expect(fake.requests[0].fields.secret).toBe('not-the-secret')
    })

    it("error: the provider's refusals are warnings for the operator: the app and the error codes, no request id, no token or secret", async () => {
      const other = await h.createApp({ name: 'Logged secret', captcha: { enabled: true, siteKey: SITE_KEY }, captchaSecretKey: 'wrong-secret-logged' })
      const token = fake.issueToken()
      logs.length = 0
      await h.post('/api/v1/passwordless/init', { email: 'logged@example.com', token }, { appId: other })
      const lines = logs.map((line) => JSON.parse(line) as Record<string, unknown>)
      const warning = lines.find((l) => l.msg === 'captcha siteverify refused the request')
      expect(warning).toMatchObject({ level: 40, appId: other, errorCodes: ['invalid-input-secret'] })
      // About the app's provider setup, not one visitor's request: not tied to it.
      expect(warning).not.toHaveProperty('reqId')
      expect(logs.join('\n')).not.toContain(token)
      expect(logs.join('\n')).not.toContain('wrong-secret-logged')
    })

    it('error: a token solved on a host the app does not allow answers captcha_failure', async () => {
      const res = await init({ email: 'elsewhere@example.com', token: fake.issueToken({ hostname: 'phish.example' }) })
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('captcha_failure')
      expect(() => h.lastCode('elsewhere@example.com')).toThrow()
    })

    it("a token solved on one of the app's allowed origins passes; localhost passes only in development", async () => {
      const shop = await h.createApp({ name: 'Shop', allowedOrigins: ['https://shop.example'], ...captchaOn })
      const post = (email: string, hostname: string) =>
        h.post('/api/v1/passwordless/init', { email, token: fake.issueToken({ hostname }) }, { appId: shop, headers: { origin: 'https://shop.example' } })
      expect((await post('shop@example.com', 'shop.example')).statusCode).toBe(200)
      expect((await post('other@example.com', 'other.example')).json().code).toBe('captcha_failure')
      const options = { config: { captchaVerifyUrl: fake.verifyUrl, captchaVerifyTimeoutMs: 2000, dev: false } }
      const shopApp = { id: shop, config: captchaOn, settings: { allowedOrigins: ['https://shop.example'], captchaSecretKey: FAKE_TURNSTILE_SECRET } } as never
      await expect(verifyCaptcha(options, shopApp, fake.issueToken({ hostname: 'localhost' }), '10.0.0.1')).rejects.toMatchObject({ code: 'captcha_failure' })
      await verifyCaptcha(options, shopApp, fake.issueToken({ hostname: 'shop.example' }), '10.0.0.1')
    })

    it('with captcha.action set, only a token made for that action passes, and the public configuration names it', async () => {
      const withAction = await h.createApp({
        name: 'Action',
        captcha: { enabled: true, siteKey: SITE_KEY, action: 'login' },
        captchaSecretKey: FAKE_TURNSTILE_SECRET,
      })
      expect((await h.get(`/api/v1/apps/${withAction}`)).json().captcha).toMatchObject({ action: 'login' })
      const post = (email: string, action?: string) => h.post('/api/v1/passwordless/init', { email, token: fake.issueToken({ action }) }, { appId: withAction })
      expect((await post('noaction@example.com')).json().code).toBe('captcha_failure')
      expect((await post('wrong@example.com', 'signup')).json().code).toBe('captcha_failure')
      expect((await post('right@example.com', 'login')).statusCode).toBe(200)
    })

    it('an app without captcha needs no token and calls no siteverify', async () => {
      const plain = await h.createApp({ name: 'Plain' })
      const res = await h.post('/api/v1/passwordless/init', { email: 'plain@example.com' }, { appId: plain })
      expect(res.statusCode).toBe(200)
      expect(fake.requests).toHaveLength(0)
    })
  })

  describe('every guarded init call', () => {
    const calls: [string, (token: string | undefined) => Record<string, unknown>][] = [
      ['/api/v1/passwordless_sms/init', (token) => ({ phoneNumber: '+14155550123', token })],
      ['/api/v1/siwe/init', (token) => ({ address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', token })],
      ['/api/v1/siws/init', (token) => ({ address: '8fKaf6Y8yGbzYnXFNsdB9yiqAAHE5bNnMCQoLRPQgHNa', token })],
      [
        '/api/v1/oauth/init',
        (token) => ({
          provider: 'google',
          redirect_to: ORIGIN + '/',
          code_challenge: 'a'.repeat(43),
          state_code: 'state-0123456789',
          ...(token ? { token } : {}),
        }),
      ],
      ['/api/v1/telegram/authenticate', (token) => ({ captcha_token: token ?? null, telegram_web_app_data: 'query_id=1&hash=00' })],
      ['/api/v1/passkeys/register/init', (token) => ({ token: token ?? null })],
      ['/api/v1/passkeys/authenticate/init', (token) => ({ token: token ?? null })],
      ['/api/v1/farcaster/init', (token) => ({ token: token ?? null })],
    ]
    for (const [path, body] of calls) {
      it(`error: ${path} without a token answers invalid_captcha; with one, siteverify sees it`, async () => {
        const missing = await h.post(path, body(undefined), { appId, headers: { origin: ORIGIN } })
        expect(missing.json().code).toBe('invalid_captcha')
        const token = fake.issueToken()
        const passed = await h.post(path, body(token), { appId, headers: { origin: ORIGIN } })
        expect(['invalid_captcha', 'captcha_failure', 'captcha_timeout']).not.toContain(passed.json().code)
        expect(fake.requests.map((r) => r.fields.response)).toEqual([token])
      })
    }
  })
})

describe('verifyCaptcha', () => {
  let fake: FakeTurnstile
  beforeAll(async () => {
    fake = await startFakeTurnstile()
  })
  afterAll(() => fake?.close())

  const app = {
    id: 'a'.repeat(25),
    config: { captcha: { enabled: true, siteKey: SITE_KEY } },
    settings: { captchaSecretKey: FAKE_TURNSTILE_SECRET },
  } as never

  it('retries a lost request once with the same idempotency_key, and the provider repeats its verdict', async () => {
    let calls = 0
    // The first answer is lost on the way back (the provider did spend the token).
    const lossy: typeof fetch = async (url, init) => {
      calls++
      const response = await fetch(url, init)
      if (calls === 1) throw new TypeError('fetch failed')
      return response
    }
    const token = fake.issueToken()
    await verifyCaptcha({ config: { captchaVerifyUrl: fake.verifyUrl, captchaVerifyTimeoutMs: 2000, dev: true }, fetch: lossy }, app, token, '10.0.0.1')
    expect(calls).toBe(2)
    const [first, second] = fake.requests.slice(-2)
    expect(second.fields.idempotency_key).toBe(first.fields.idempotency_key)
  })

  it('error: an unreachable provider fails with captcha_timeout', async () => {
    const options = { config: { captchaVerifyUrl: 'http://127.0.0.1:1/siteverify', captchaVerifyTimeoutMs: 500 } }
    await expect(verifyCaptcha(options, app, 'any', '10.0.0.1')).rejects.toMatchObject({ code: 'captcha_timeout' })
  })
})
