/**
 * Issue 24, 'Any session holder locks the owner out' and 'MFA SMS enrollment ignores
 * GATEHOUSE_SMS_COUNTRIES': each attack replayed against the server. The first factor needs a fresh
 * login on the session's device and is announced to the contacts that existed before; wrong codes
 * from another device do not spend the owner's budget; a refusal names its real wait; SMS
 * enrollment keeps to the configured countries.
 */
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeviceKey } from '../../frame/src/device.js'
import { SoftPasskey } from '../../test/passkey-authenticator.js'
import { MFA_ENROLL_LOGIN_MAX_AGE_MS } from '../config.js'
import { MFA_USER_CEILING_FACTOR } from '../services/mfa-budget.js'
import { MFA_ENROLL_COMPLETION_MS, MFA_LOCK_MS, MFA_LOGIN_AGAIN } from '../services/mfa.js'
import { REGION_NOT_SUPPORTED_MESSAGE } from '../services/passwordless-sms.js'
import { forEachDatabase, startHarness, testDevice, TEST_PUBLIC_URL, type Harness } from '../testing.js'

const FRAME = { origin: TEST_PUBLIC_URL }
const HOST = 'https://host.example'
/** Small, so that a test can spend a whole device budget. */
const BUDGET = 6
const WINDOW_SECONDS = 6 * 3600
const SPEC_TEXT = 'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.'

forEachDatabase((target) => {
  describe('MFA lockout', () => {
    let h: Harness
    let appId: string
    let n = 0

    beforeAll(async () => {
      h = await startHarness(target, {
        rateLimits: { codeGuessBudget: BUDGET, codeGuessWindowSeconds: WINDOW_SECONDS, emailInit: 100 },
        smsAllowedCountries: ['US'],
      })
      appId = await h.createApp({ allowedOrigins: [HOST], loginMethods: { passkey: true, sms: true } })
    })
    afterAll(() => h?.close())

    interface Session {
      email: string
      token: string
      device: DeviceKey
    }
    async function login(email = `lockout-${++n}-${Date.now()}@example.com`): Promise<Session> {
      const device = await testDevice(h.clock.now)
      return { email, device, token: (await h.login(appId, email, { device })).token }
    }
    const frame = (s: Session, path: string, body: unknown = {}) =>
      h.post(`/api/v1/mfa/${path}`, body, { appId, token: s.token, headers: FRAME, device: s.device })
    const methods = async (s: Session) => (await h.get('/api/v1/users/me', { appId, token: s.token })).json().user.mfa_methods
    const codeAt = (secret: string) =>
      new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: h.clock.now() })
    const wrongFor = (secret: string) => (codeAt(secret) === '123456' ? '654321' : '123456')
    const enrollNotices = (address: string) => (h.server.gatehouse.mailer.outbox?.list(address) ?? []).filter((m) => m.text.includes('second factor'))

    async function enrollTotp(s: Session): Promise<string> {
      const init = await frame(s, 'totp/init')
      expect(init.statusCode).toBe(200)
      const { secret } = init.json() as { secret: string }
      expect((await frame(s, 'totp/enroll', { code: codeAt(secret) })).statusCode).toBe(200)
      return secret
    }

    async function linkPhone(s: Session, phone: string) {
      expect((await h.post('/api/v1/passwordless_sms/init', { phoneNumber: phone }, { appId })).statusCode).toBe(200)
      const linked = await h.post('/api/v1/passwordless_sms/link', { phoneNumber: phone, code: h.lastCode(phone) }, { appId, token: s.token, device: s.device })
      expect(linked.statusCode).toBe(200)
    }

    it('error: a session whose login is older than the limit cannot enroll the first factor; a fresh login on the device can', async () => {
      const stale = await login()
      const phone = `+1415555${String(3000 + n).slice(-4)}`
      await linkPhone(stale, phone)
      const key = new SoftPasskey()
      const linkInit = await h.post('/api/v1/passkeys/link/init', {}, { appId, token: stale.token, headers: { origin: HOST }, device: stale.device })
      const linked = await h.post(
        '/api/v1/passkeys/link',
        { authenticator_response: key.register(linkInit.json(), HOST) },
        { appId, token: stale.token, headers: { origin: HOST }, device: stale.device },
      )
      expect(linked.statusCode).toBe(200)

      // Past the init limit and the time allowed to finish a started enrollment.
      h.clock.advance(MFA_ENROLL_LOGIN_MAX_AGE_MS + MFA_ENROLL_COMPLETION_MS + 1000)
      const attempts = [
        await frame(stale, 'totp/init'),
        await frame(stale, 'totp/enroll', { code: '123456' }),
        await frame(stale, 'passwordless_sms/init', { action: 'enroll', phone_number: phone }),
        await frame(stale, 'passwordless_sms/enroll', { phone_number: phone, code: '123456' }),
        await frame(stale, 'passkeys/enrollment', { credential_ids: [key.id] }),
      ]
      for (const res of attempts) {
        expect(res.statusCode).toBe(403)
        expect(res.json()).toMatchObject({ code: 'reauthentication_required', error: MFA_LOGIN_AGAIN })
      }
      expect(await methods(stale)).toEqual([])

      const fresh = await login(stale.email)
      await enrollTotp(fresh)
      expect(await methods(fresh)).toEqual([{ type: 'totp' }])
    })

    it('error: a session not bound to a device (no frame key at login) cannot enroll the first factor', async () => {
      const email = `unbound-${++n}-${Date.now()}@example.com`
      const token = (await h.login(appId, email)).token
      // The frame's origin and a valid proof by some key: the session itself names no device.
      const res = await h.post('/api/v1/mfa/totp/init', {}, { appId, token, headers: FRAME, device: await testDevice(h.clock.now) })
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('invalid_device_proof')
      expect((await h.get('/api/v1/users/me', { appId, token })).json().user.mfa_methods).toEqual([])
    })

    it('an enrollment is announced to every verified contact the account had before it', async () => {
      const s = await login()
      const phone = `+1415555${String(4000 + n).slice(-4)}`
      await linkPhone(s, phone)
      await enrollTotp(s)
      const mail = enrollNotices(s.email)
      expect(mail).toHaveLength(1)
      expect(mail[0]).toMatchObject({ subject: 'Security alert for your Test App account' })
      expect(mail[0]!.text).toContain('an authenticator app was set up as the second factor of your account')
      expect(enrollNotices(phone)).toHaveLength(1)
    })

    it("error: wrong codes from another device do not block the owner's device; the refusal names the real wait", async () => {
      const owner = await login()
      const secret = await enrollTotp(owner)
      // Any other session holder: the same account logged in on another device.
      const other = await login(owner.email)
      h.clock.advance(30_000)
      for (let i = 0; i < 4; i++) expect((await frame(other, 'totp/verify', { code: wrongFor(secret) })).json().code).toBe('invalid_mfa_code')
      const short = await frame(other, 'totp/verify', { code: wrongFor(secret) })
      expect(short.statusCode).toBe(429)
      expect(short.json()).toMatchObject({ code: 'mfa_verification_max_attempts_reached', error: SPEC_TEXT })
      expect(short.json().data.retry_after).toBeGreaterThan(0)
      expect(short.json().data.retry_after).toBeLessThanOrEqual(MFA_LOCK_MS / 1000)

      h.clock.advance(MFA_LOCK_MS)
      for (let i = 4; i < BUDGET; i++) expect((await frame(other, 'totp/verify', { code: wrongFor(secret) })).json().code).toBe('invalid_mfa_code')
      h.clock.advance(MFA_LOCK_MS)
      // That device's budget is spent: even the right code is refused, and the wait said is hours, not 10 seconds.
      const long = await frame(other, 'totp/verify', { code: codeAt(secret) })
      expect(long.statusCode).toBe(429)
      expect(long.json().code).toBe('mfa_verification_max_attempts_reached')
      const wait = long.json().data.retry_after as number
      expect(wait).toBeGreaterThan(WINDOW_SECONDS - 120)
      expect(wait).toBeLessThanOrEqual(WINDOW_SECONDS)
      expect(long.json().error).toBe('Too many attempts. Try again in 6 hours.')

      const mine = await frame(owner, 'totp/verify', { code: codeAt(secret) })
      expect(mine.statusCode).toBe(200)
      expect(mine.json().mfa_verified_until).toBeGreaterThan(h.clock.now())

      // The wait said is the wait: after it, the same device (logged in again) verifies.
      h.clock.advance(wait * 1000 + 30_000)
      const back = { ...other, token: (await h.login(appId, owner.email, { device: other.device })).token }
      expect((await frame(back, 'totp/verify', { code: codeAt(secret) })).statusCode).toBe(200)
    })

    it('error: the per-user ceiling bounds guessing across devices', async () => {
      const owner = await login()
      const secret = await enrollTotp(owner)
      h.clock.advance(30_000)
      for (let d = 0; d < MFA_USER_CEILING_FACTOR; d++) {
        const device = await login(owner.email)
        for (let i = 0; i < BUDGET; i++) {
          if (i === 4) h.clock.advance(MFA_LOCK_MS)
          expect((await frame(device, 'totp/verify', { code: wrongFor(secret) })).json().code).toBe('invalid_mfa_code')
        }
      }
      const next = await login(owner.email)
      const refused = await frame(next, 'totp/verify', { code: codeAt(secret) })
      expect(refused.statusCode).toBe(429)
      expect(refused.json().code).toBe('mfa_verification_max_attempts_reached')
      expect(refused.json().data.retry_after).toBeGreaterThan(WINDOW_SECONDS - 300)
    })

    it('error: SMS enrollment to a number outside GATEHOUSE_SMS_COUNTRIES is refused, as SMS login is', async () => {
      const s = await login()
      await linkPhone(s, `+1415555${String(5000 + n).slice(-4)}`)
      const abroad = '+447911123456'
      const login1 = await h.post('/api/v1/passwordless_sms/init', { phoneNumber: abroad }, { appId })
      expect(login1.json()).toMatchObject({ code: 'not_supported', error: REGION_NOT_SUPPORTED_MESSAGE })
      const init = await frame(s, 'passwordless_sms/init', { action: 'enroll', phone_number: abroad })
      expect(init.statusCode).toBe(422)
      expect(init.json()).toMatchObject({ code: 'not_supported', error: REGION_NOT_SUPPORTED_MESSAGE })
      expect(h.server.gatehouse.mailer.outbox?.list(abroad) ?? []).toEqual([])
      const enroll = await frame(s, 'passwordless_sms/enroll', { phone_number: abroad, code: '123456' })
      expect(enroll.json()).toMatchObject({ code: 'not_supported', error: REGION_NOT_SUPPORTED_MESSAGE })
      expect(await methods(s)).toEqual([])
    })
  })
})
