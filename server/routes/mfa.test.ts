/**
 * MFA on the server: TOTP, SMS and passkey factors, the MFA proof the wallet's key material needs,
 * the wrong-code lockout and the rule that every change of methods needs a verification first.
 */
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOTP_CODE_REUSED_MESSAGE } from '@gatehouse/contract'
import type { DeviceKey } from '../../frame/src/device.js'
import { SoftPasskey } from '../../test/passkey-authenticator.js'
import { MFA_LOCK_MS, MFA_PROOF_TTL_MS, SMS_MFA_NEEDS_PHONE } from '../services/mfa.js'
import { authenticatorName } from '../services/passkey-names.js'
import { forEachDatabase, startHarness, testDevice, TEST_PUBLIC_URL, type Harness } from '../testing.js'

const FRAME = { origin: TEST_PUBLIC_URL }
const HOST = 'https://host.example'

forEachDatabase((target) => {
  describe('MFA', () => {
    let h: Harness
    let appId: string
    let n = 0

    beforeAll(async () => {
      h = await startHarness(target)
      appId = await h.createApp({ allowedOrigins: [HOST], loginMethods: { passkey: true, sms: true } })
    })
    afterAll(() => h?.close())

    /** A user with a wallet created on `device`, as the frame does. */
    async function user(device?: DeviceKey) {
      const d = device ?? (await testDevice(h.clock.now))
      const login = await h.login(appId, `mfa-${++n}-${Date.now()}@example.com`, { device: d })
      const wallet = await h.registerEmbeddedWallet(appId, login.token, d)
      return { login, token: login.token, device: d, address: wallet.key.address }
    }
    type U = Awaited<ReturnType<typeof user>>
    const frame = (u: U, path: string, body: unknown = {}) => h.post(`/api/v1/mfa/${path}`, body, { appId, token: u.token, headers: FRAME, device: u.device })
    const keyMaterial = (u: U, purpose = 'connect', device: DeviceKey | null = u.device) =>
      h.post(`/api/v1/embedded_wallets/${u.address}/recovery/key_material`, { purpose }, { appId, token: u.token, headers: FRAME, device: device ?? undefined })
    const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' })
    const codeAt = (secret: string, offsetMs = 0) => totpOf(secret).generate({ timestamp: h.clock.now() + offsetMs })

    async function withTotp(u: U) {
      const init = await frame(u, 'totp/init')
      expect(init.statusCode).toBe(200)
      const { secret, auth_url } = init.json() as { secret: string; auth_url: string }
      expect(auth_url).toMatch(/^otpauth:\/\/totp\//)
      expect(auth_url).toContain(`secret=${secret}`)
      const enroll = await frame(u, 'totp/enroll', { code: codeAt(secret) })
      expect(enroll.statusCode).toBe(200)
      expect(enroll.json().user.mfa_methods).toEqual([{ type: 'totp' }])
      return secret
    }

    it('enrolls TOTP; key material then needs a verification; a copied token without a fresh proof gets nothing', async () => {
      const u = await user()
      expect((await keyMaterial(u)).json().mfa_verified_until).toBe(0)
      const secret = await withTotp(u)
      const me = await h.get('/api/v1/users/me', { appId, token: u.token })
      expect(me.json().user.mfa_methods).toEqual([{ type: 'totp' }])
      const refused = await keyMaterial(u)
      expect(refused.statusCode).toBe(403)
      expect(refused.json().code).toBe('missing_or_invalid_mfa')
      expect(refused.body).not.toContain('share')

      h.clock.advance(30_000)
      const wrong = await frame(u, 'totp/verify', { code: codeAt(secret) === '000000' ? '111111' : '000000' })
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json()).toMatchObject({ code: 'invalid_mfa_code', error: 'The code you entered is not valid' })
      const before = h.clock.now()
      const ok = await frame(u, 'totp/verify', { code: codeAt(secret) })
      expect(ok.statusCode).toBe(200)
      expect(ok.json().mfa_verified_until).toBeGreaterThanOrEqual(before + MFA_PROOF_TTL_MS)
      expect(ok.json().mfa_verified_until).toBeLessThanOrEqual(h.clock.now() + MFA_PROOF_TTL_MS)
      const served = await keyMaterial(u)
      expect(served.statusCode).toBe(200)
      expect(served.json().mfa_verified_until).toBe(ok.json().mfa_verified_until)
      // The proof belongs to the session and its device: the token alone, or with another key, gets nothing.
      for (const device of [null, await testDevice(h.clock.now)]) expect((await keyMaterial(u, 'connect', device)).statusCode).toBe(401)
      h.clock.advance(MFA_PROOF_TTL_MS + 1)
      expect((await keyMaterial(u)).json().code).toBe('missing_or_invalid_mfa')
    })

    it('error: a TOTP code is usable once, and codes beyond ±1 step are refused', async () => {
      const u = await user()
      const secret = await withTotp(u)
      // The enrollment code's step is spent: the same code does not verify, and the answer says to wait for the next one.
      expect((await frame(u, 'totp/verify', { code: codeAt(secret) })).json()).toEqual({
        error: TOTP_CODE_REUSED_MESSAGE,
        code: 'invalid_mfa_code',
        data: { reason: 'totp_code_reused' },
      })
      h.clock.advance(30_000)
      expect((await frame(u, 'totp/verify', { code: codeAt(secret, 90_000) })).json().code).toBe('invalid_mfa_code')
      const previous = codeAt(secret, -30_000)
      expect((await frame(u, 'totp/verify', { code: codeAt(secret, 30_000) })).statusCode).toBe(200)
      // An older step after a newer one is a replay.
      expect((await frame(u, 'totp/verify', { code: previous })).json().code).toBe('invalid_mfa_code')
    })

    it('error: 4 wrong codes lock verification for 10 s, even for the right code', async () => {
      const u = await user()
      const secret = await withTotp(u)
      h.clock.advance(30_000)
      const bad = codeAt(secret) === '123456' ? '654321' : '123456'
      for (let i = 0; i < 4; i++) expect((await frame(u, 'totp/verify', { code: bad })).json().code).toBe('invalid_mfa_code')
      const locked = await frame(u, 'totp/verify', { code: codeAt(secret) })
      expect(locked.statusCode).toBe(429)
      expect(locked.json()).toMatchObject({
        code: 'mfa_verification_max_attempts_reached',
        error: 'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.',
      })
      h.clock.advance(MFA_LOCK_MS)
      expect((await frame(u, 'totp/verify', { code: codeAt(secret) })).statusCode).toBe(200)
    })

    it('export needs a recent verification and spends it', async () => {
      const u = await user()
      const secret = await withTotp(u)
      h.clock.advance(30_000)
      expect((await frame(u, 'totp/verify', { code: codeAt(secret) })).statusCode).toBe(200)
      expect((await keyMaterial(u, 'export')).statusCode).toBe(200)
      const again = await keyMaterial(u, 'export')
      expect(again.json().code).toBe('missing_or_invalid_mfa')
    })

    it('error: adding or removing a method needs a verification first', async () => {
      const u = await user()
      const secret = await withTotp(u)
      expect((await frame(u, 'totp/unenroll')).json().code).toBe('missing_or_invalid_mfa')
      expect((await frame(u, 'passwordless_sms/init', { action: 'enroll', phone_number: '+14155550101' })).json().code).toBe('missing_or_invalid_mfa')
      h.clock.advance(30_000)
      expect((await frame(u, 'totp/verify', { code: codeAt(secret) })).statusCode).toBe(200)
      const removed = await frame(u, 'totp/unenroll')
      expect(removed.statusCode).toBe(200)
      expect(removed.json().user.mfa_methods).toEqual([])
      expect((await keyMaterial(u)).json().mfa_verified_until).toBe(0)
      // Both are security events in the owner's audit log.
      const audit = await h.database.db
        .selectFrom('audit_log')
        .select(['action', 'details', 'actor_type'])
        .where('user_id', '=', u.login.user.id)
        .orderBy('created_at')
        .execute()
      expect(audit.filter((r) => r.action.startsWith('mfa.'))).toEqual([
        { action: 'mfa.enroll', details: JSON.stringify({ method: 'totp' }), actor_type: 'user' },
        { action: 'mfa.remove', details: JSON.stringify({ method: 'totp' }), actor_type: 'user' },
      ])
    })

    /** Links `phone` to the user's account (login SMS link), as the widget's 'Connect your phone' does. */
    async function linkPhone(u: U, phone: string) {
      expect((await h.post('/api/v1/passwordless_sms/init', { phoneNumber: phone }, { appId })).statusCode).toBe(200)
      const linked = await h.post('/api/v1/passwordless_sms/link', { phoneNumber: phone, code: h.lastCode(phone) }, { appId, token: u.token, device: u.device })
      expect(linked.statusCode).toBe(200)
    }

    it('error: SMS MFA is refused for a user without a phone on the account', async () => {
      const u = await user()
      const phone = `+1415555${String(2000 + n).slice(-4)}`
      const init = await frame(u, 'passwordless_sms/init', { action: 'enroll', phone_number: phone })
      expect(init.statusCode).toBe(400)
      expect(init.json()).toMatchObject({ code: 'invalid_data', error: SMS_MFA_NEEDS_PHONE })
      const enroll = await frame(u, 'passwordless_sms/enroll', { phone_number: phone, code: '123456' })
      expect(enroll.json()).toMatchObject({ code: 'invalid_data', error: SMS_MFA_NEEDS_PHONE })
      expect((await h.get('/api/v1/users/me', { appId, token: u.token })).json().user.mfa_methods).toEqual([])
    })

    it('SMS: enroll with the code sent to the number, verify with the code the verify action sends', async () => {
      const u = await user()
      const phone = `+1415555${String(1000 + n).slice(-4)}`
      await linkPhone(u, phone)
      h.clock.advance(31_000)
      expect((await frame(u, 'passwordless_sms/init', { action: 'enroll', phone_number: phone })).statusCode).toBe(200)
      const enroll = await frame(u, 'passwordless_sms/enroll', { phone_number: phone, code: h.lastCode(phone) })
      expect(enroll.statusCode).toBe(200)
      expect(enroll.json().user.mfa_methods).toEqual([{ type: 'sms' }])
      expect((await keyMaterial(u)).json().code).toBe('missing_or_invalid_mfa')
      // The host asks for the code (bearer only); the frame verifies it.
      h.clock.advance(31_000)
      expect((await h.post('/api/v1/mfa/passwordless_sms/init', { action: 'verify' }, { appId, token: u.token, device: u.device })).statusCode).toBe(200)
      const code = h.lastCode(phone)
      expect((await frame(u, 'passwordless_sms/verify', { code: code === '000000' ? '000001' : '000000' })).json().code).toBe('invalid_mfa_code')
      // Outside the frame (no device proof) a verification does not count.
      expect((await h.post('/api/v1/mfa/passwordless_sms/verify', { code }, { appId, token: u.token, headers: FRAME })).statusCode).toBe(401)
      expect((await frame(u, 'passwordless_sms/verify', { code })).statusCode).toBe(200)
      expect((await keyMaterial(u)).statusCode).toBe(200)
    })

    it('passkeys: enrollment marks enrolledInMfa, an assertion verifies, unenrolling can unlink it for login', async () => {
      const u = await user()
      const key = new SoftPasskey()
      const linkInit = await h.post('/api/v1/passkeys/link/init', {}, { appId, token: u.token, headers: { origin: HOST }, device: u.device })
      const linked = await h.post(
        '/api/v1/passkeys/link',
        { authenticator_response: key.register(linkInit.json(), HOST) },
        { appId, token: u.token, headers: { origin: HOST }, device: u.device },
      )
      expect(linked.statusCode).toBe(200)
      const enrolled = await frame(u, 'passkeys/enrollment', { credential_ids: [key.id] })
      expect(enrolled.statusCode).toBe(200)
      expect(enrolled.json().user.mfa_methods).toEqual([{ type: 'passkey' }])
      expect(enrolled.json().user.linked_accounts.find((a: { type: string }) => a.type === 'passkey').enrolled_in_mfa).toBe(true)
      expect((await keyMaterial(u)).json().code).toBe('missing_or_invalid_mfa')

      const init = await h.post('/api/v1/mfa/passkeys/init', {}, { appId, token: u.token, headers: { origin: HOST }, device: u.device })
      expect(init.statusCode).toBe(200)
      const { options } = init.json()
      expect(options.allow_credentials.map((c: { id: string }) => c.id)).toEqual([key.id])
      const stranger = new SoftPasskey()
      expect((await frame(u, 'passkeys/verify', { authenticator_response: stranger.assert(options, HOST) })).json().code).toBe('invalid_mfa_code')
      const again = (await h.post('/api/v1/mfa/passkeys/init', {}, { appId, token: u.token, headers: { origin: HOST }, device: u.device })).json().options
      const assertion = key.assert(again, HOST)
      // The spec's snake_case assertion (part 3 §3), as the widget sends it.
      expect(assertion).toHaveProperty('raw_id')
      expect((await frame(u, 'passkeys/verify', { authenticator_response: assertion })).statusCode).toBe(200)
      expect((await keyMaterial(u)).statusCode).toBe(200)
      // Earlier widget builds send WebAuthn's camelCase JSON: still verified.
      const later = (await h.post('/api/v1/mfa/passkeys/init', {}, { appId, token: u.token, headers: { origin: HOST }, device: u.device })).json().options
      expect((await frame(u, 'passkeys/verify', { authenticator_response: key.assert(later, HOST, 'webauthn') })).statusCode).toBe(200)

      const removed = await frame(u, 'passkeys/enrollment', { credential_ids: [], remove_for_login: true })
      expect(removed.statusCode).toBe(200)
      expect(removed.json().user.mfa_methods).toEqual([])
      expect(removed.json().user.linked_accounts.some((a: { type: string }) => a.type === 'passkey')).toBe(false)
    })

    it("error: a method the app does not offer cannot be enrolled (the app's mfa.methods)", async () => {
      const only = await h.createApp({ mfa: { methods: ['sms'] } })
      const config = await h.get(`/api/v1/apps/${only}`, { appId: only })
      expect(config.json().mfa).toEqual({ methods: ['sms'] })
      const d = await testDevice(h.clock.now)
      const login = await h.login(only, `mfa-offered-${Date.now()}@example.com`, { device: d })
      const res = await h.post('/api/v1/mfa/totp/init', {}, { appId: only, token: login.token, headers: FRAME, device: d })
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toBe('MFA with totp is not enabled for this app')
      expect((await h.get(`/api/v1/apps/${appId}`, { appId })).json().mfa).toEqual({ methods: ['sms', 'totp', 'passkey'] })
    })

    it('names a passkey by its provider when the AAGUID is a known one', () => {
      expect(authenticatorName('EA9B8D66-4D01-1D21-3CE4-B6B48CB575D4')).toBe('Google Password Manager')
      expect(authenticatorName('00000000-0000-0000-0000-000000000000')).toBeNull()
    })

    it('error: verify and enroll calls outside the wallet frame are refused', async () => {
      const u = await user()
      const res = await h.post('/api/v1/mfa/totp/init', {}, { appId, token: u.token, headers: { origin: HOST }, device: u.device })
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('forbidden_origin')
    })
  })
})
