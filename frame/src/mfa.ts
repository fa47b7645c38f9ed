/**
 * The frame's MFA messages (spec part 2 §7): verification and enrollment calls go to the server
 * from here, with the device's proof, so the MFA proof they leave on the session is bound to this
 * device. Codes and passkey assertions come from the host page (the screens or the host app).
 */
import type { FrameRequests, MfaMethod } from './protocol.ts'
import { ProxyError, type Vault } from './vault.ts'

type Handler<T extends keyof FrameRequests> = (payload: FrameRequests[T]['payload']) => Promise<FrameRequests[T]['result']>

/** The server's path segment of each method (api-paths.md). */
const SEGMENT: Record<MfaMethod, string> = { sms: 'passwordless_sms', totp: 'totp', passkey: 'passkeys' }

const sixDigits = (code: unknown): string => {
  if (typeof code !== 'string' || !/^\d{6}$/.test(code)) throw new ProxyError('invalid_request_arguments', 'MFA codes must be strings of 6 digits')
  return code
}

export function mfaHandlers(vault: Vault): {
  'mfa:verify': Handler<'mfa:verify'>
  'mfa:init-enrollment': Handler<'mfa:init-enrollment'>
  'mfa:submit-enrollment': Handler<'mfa:submit-enrollment'>
  'mfa:unenroll': Handler<'mfa:unenroll'>
} {
  return {
    'mfa:verify': async (p) => {
      const body = p.method === 'passkey' ? { authenticator_response: p.authenticatorResponse } : { code: sixDigits(p.code) }
      const result = await vault.call<{ mfa_verified_until: number }>(p.accessToken, `/mfa/${SEGMENT[p.method]}/verify`, body)
      vault.setMfaUntil(result.mfa_verified_until)
      return { mfaVerifiedUntil: result.mfa_verified_until }
    },
    'mfa:init-enrollment': async (p) => {
      if (p.method === 'totp') {
        const { secret, auth_url } = await vault.call<{ secret: string; auth_url: string }>(p.accessToken, '/mfa/totp/init', {})
        return { secret, authUrl: auth_url }
      }
      await vault.call(p.accessToken, '/mfa/passwordless_sms/init', { action: 'enroll', phone_number: p.phoneNumber })
      return {}
    },
    'mfa:submit-enrollment': async (p) => {
      const [path, body] =
        p.method === 'passkey'
          ? ['/mfa/passkeys/enrollment', { credential_ids: p.credentialIds ?? [], remove_for_login: Boolean(p.removeForLogin) }]
          : p.method === 'sms'
            ? ['/mfa/passwordless_sms/enroll', { phone_number: p.phoneNumber, code: sixDigits(p.code) }]
            : ['/mfa/totp/enroll', { code: sixDigits(p.code) }]
      const result = await vault.call<{ user: unknown }>(p.accessToken, path, body)
      // The methods changed: unlocked wallets ask the server before the next signature.
      vault.setMfaUntil(1)
      return result
    },
    'mfa:unenroll': async (p) => {
      const result = await vault.call<{ user: unknown }>(p.accessToken, `/mfa/${SEGMENT[p.method]}/unenroll`, {})
      vault.setMfaUntil(1)
      return result
    },
  }
}
