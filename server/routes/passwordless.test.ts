import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forEachDatabase, startHarness, type Harness } from '../testing.js'
import { CODE_USED_UP_MESSAGE } from '@gatehouse/contract'

const INIT = '/api/v1/passwordless/init'
const AUTH = '/api/v1/passwordless/authenticate'

forEachDatabase((target) => {
  let h: Harness
  let appId: string
  beforeAll(async () => {
    h = await startHarness(target)
    appId = await h.createApp({ name: 'Acme' })
  })
  afterAll(() => h?.close())

  const init = (email: string, o: { app?: string; ip?: string } = {}) => h.post(INIT, { email }, { appId: o.app ?? appId, ip: o.ip })
  const auth = (email: string, code: string, o: { app?: string; ip?: string; mode?: string } = {}) =>
    h.post(AUTH, { email, code, mode: o.mode ?? 'login-or-sign-up' }, { appId: o.app ?? appId, ip: o.ip })
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000')

  describe('happy path', () => {
    it('init sends a 6-digit code by mail and answers { success: true }', async () => {
      const res = await init('Ada@Example.com')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ success: true })
      const [mail] = h.server.gatehouse.mailer.outbox!.list('ada@example.com')
      expect(mail.code).toMatch(/^\d{6}$/)
      expect(mail.subject).toBe(`${mail.code} is your login code for Acme`)
      expect(mail.text).toContain(mail.code)
    })

    it('authenticate signs up a new user with an e-mail linked account', async () => {
      await init('new@example.com')
      const res = await auth('NEW@example.com', h.lastCode('new@example.com'))
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(Object.keys(body).sort()).toEqual(
        ['identity_token', 'is_new_user', 'oauth_tokens', 'privy_access_token', 'refresh_token', 'session_update_action', 'token', 'user'].sort(),
      )
      expect(body).toMatchObject({ is_new_user: true, privy_access_token: null, session_update_action: 'set' })
      expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(body.user).toMatchObject({ has_accepted_terms: false, is_guest: false, mfa_methods: [] })
      expect(body.user.id).toMatch(/^did:privy:/)
      expect(body.user.linked_accounts).toEqual([expect.objectContaining({ type: 'email', address: 'new@example.com', verified_at: expect.any(Number) })])
    })

    it('a second login finds the same user (is_new_user false)', async () => {
      const first = await h.login(appId, 'again@example.com')
      const second = await h.login(appId, 'again@example.com')
      expect(second.is_new_user).toBe(false)
      expect(second.user.id).toBe(first.user.id)
    })

    it('no-signup mode logs in an existing user', async () => {
      const first = await h.login(appId, 'existing@example.com')
      await init('existing@example.com')
      const res = await auth('existing@example.com', h.lastCode('existing@example.com'), { mode: 'no-signup' })
      expect(res.statusCode).toBe(200)
      expect(res.json().user.id).toBe(first.user.id)
    })

    it('a new init replaces the previous code', async () => {
      await init('replace@example.com')
      const old = h.lastCode('replace@example.com')
      h.clock.advance(31_000) // past the resend cooldown
      await init('replace@example.com')
      const fresh = h.lastCode('replace@example.com')
      if (old !== fresh) expect((await auth('replace@example.com', old)).statusCode).toBe(401)
      expect((await auth('replace@example.com', fresh)).statusCode).toBe(200)
    })
  })

  describe('errors', () => {
    it('error: invalid e-mail syntax answers 400 invalid_data', async () => {
      for (const email of ['nope', 'a@b', 'a b@c.de', '@x.io']) {
        const res = await init(email)
        expect(res.statusCode).toBe(400)
        expect(res.json().code).toBe('invalid_data')
      }
    })

    it('error: missing code answers 400 invalid_data', async () => {
      const res = await h.post(AUTH, { email: 'a@example.com' }, { appId })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ error: 'Missing field: code', code: 'invalid_data' })
    })

    it('error: unknown mode answers 400 invalid_data', async () => {
      const res = await h.post(AUTH, { email: 'a@example.com', code: '123456', mode: 'sometimes' }, { appId })
      expect(res.json().code).toBe('invalid_data')
    })

    it('error: plus address with disablePlusEmails answers 422 disallowed_plus_email', async () => {
      const plusApp = await h.createApp({ disablePlusEmails: true })
      const res = await init('ada+tag@example.com', { app: plusApp })
      expect(res.statusCode).toBe(422)
      expect(res.json()).toEqual({ error: "Please enter a valid email address without a '+'.", code: 'disallowed_plus_email' })
      expect((await init('ada+tag@example.com')).statusCode).toBe(200) // allowed where not disabled
    })

    it('error: e-mail login switched off answers 403 disallowed_login_method', async () => {
      const smsApp = await h.createApp({ loginMethods: { email: false, sms: true } })
      const res = await init('ada@example.com', { app: smsApp })
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('disallowed_login_method')
      expect((await auth('ada@example.com', '123456', { app: smsApp })).json().code).toBe('disallowed_login_method')
    })

    it('error: address outside the allowlist answers 403 allowlist_rejected at init and authenticate', async () => {
      const listApp = await h.createApp({ allowlist: ['Boss@Corp.example', '@team.example'] })
      expect((await init('boss@corp.example', { app: listApp })).statusCode).toBe(200)
      expect((await init('anyone@team.example', { app: listApp })).statusCode).toBe(200)
      const res = await init('stranger@example.com', { app: listApp })
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('allowlist_rejected')
      // Removing an address after its code was sent still stops the login.
      await h.patchApp(listApp, { allowlist: ['@team.example'] })
      const late = await auth('boss@corp.example', h.lastCode('boss@corp.example'), { app: listApp })
      expect(late.statusCode).toBe(403)
      expect(late.json().code).toBe('allowlist_rejected')
    })

    it('error: unknown user with mode no-signup answers 404 user_does_not_exist', async () => {
      await init('ghost@example.com')
      const res = await auth('ghost@example.com', h.lastCode('ghost@example.com'), { mode: 'no-signup' })
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('user_does_not_exist')
    })

    it('error: unknown user on an app with disableSignup answers 404 user_does_not_exist', async () => {
      const closed = await h.createApp({ disableSignup: true })
      await init('ghost@example.com', { app: closed })
      const res = await auth('ghost@example.com', h.lastCode('ghost@example.com'), { app: closed })
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('user_does_not_exist')
    })

    it('error: sign-up beyond userLimit answers 403 max_accounts_reached; existing users still log in', async () => {
      const small = await h.createApp({ userLimit: 1 })
      await h.login(small, 'first@example.com')
      await init('second@example.com', { app: small })
      const res = await auth('second@example.com', h.lastCode('second@example.com'), { app: small })
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('max_accounts_reached')
      expect((await h.login(small, 'first@example.com')).is_new_user).toBe(false)
    })

    it('error: wrong code answers 401 invalid_credentials with the spec message', async () => {
      await init('wrong@example.com')
      const res = await auth('wrong@example.com', wrong(h.lastCode('wrong@example.com')))
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ error: 'Invalid or expired verification code', code: 'invalid_credentials' })
    })

    it('error: code for an address that never asked answers 401 invalid_credentials', async () => {
      const res = await auth('never@example.com', '123456')
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('invalid_credentials')
    })

    it('error: an expired code answers 401 invalid_credentials', async () => {
      await init('late@example.com')
      const code = h.lastCode('late@example.com')
      h.clock.advance(10 * 60 * 1000 + 1)
      const res = await auth('late@example.com', code)
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('invalid_credentials')
    })

    it('error: the 5th wrong attempt kills the code; the answer then says it is used up', async () => {
      await init('guess@example.com')
      const code = h.lastCode('guess@example.com')
      for (let i = 0; i < 4; i++)
        expect((await auth('guess@example.com', wrong(code))).json()).toEqual({ error: 'Invalid or expired verification code', code: 'invalid_credentials' })
      const fifth = await auth('guess@example.com', wrong(code))
      expect(fifth.statusCode).toBe(401)
      expect(fifth.json()).toEqual({ error: CODE_USED_UP_MESSAGE, code: 'invalid_credentials', data: { reason: 'code_used_up' } })
      const res = await auth('guess@example.com', code)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ code: 'invalid_credentials', data: { reason: 'code_used_up' } })
    })

    it('four wrong attempts still leave the right code usable', async () => {
      await init('almost@example.com')
      const code = h.lastCode('almost@example.com')
      for (let i = 0; i < 4; i++) await auth('almost@example.com', wrong(code))
      expect((await auth('almost@example.com', code)).statusCode).toBe(200)
    })

    it('error: a code works only once', async () => {
      await init('once@example.com')
      const code = h.lastCode('once@example.com')
      expect((await auth('once@example.com', code)).statusCode).toBe(200)
      const again = await auth('once@example.com', code)
      expect(again.statusCode).toBe(401)
      expect(again.json().code).toBe('invalid_credentials')
    })

    it('error: concurrent uses of one code: exactly one wins', async () => {
      await init('race@example.com')
      const code = h.lastCode('race@example.com')
      const results = await Promise.all(Array.from({ length: 5 }, () => auth('race@example.com', code)))
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401, 401])
    })
  })
})
