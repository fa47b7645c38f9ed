import type { User } from '../api/user.ts'
import type { MfaError } from '../errors/mfa.ts'
import { applyEnrollment, mfaPasskeyIds, mfaToken } from '../mfa/enrollment.ts'
import { toMfaError } from '../mfa/verify.ts'
import { getWalletProxy } from '../wallets/embedded/proxy.ts'

export type UnenrollMfaParameters =
  | { method: 'sms' | 'totp' }
  /** One passkey leaves MFA; `removeForLogin` also unlinks it as a login method. */
  | { method: 'passkey'; credentialId: string; removeForLogin?: boolean }
export type UnenrollMfaReturnType = { user: User }
export type UnenrollMfaErrorType = MfaError

/**
 * Removes an MFA method (a verification is asked for first); publishes `mfa-unenrolled`.
 *
 * @example
 * await unenrollMfa({ method: 'sms' })
 */
export async function unenrollMfa(parameters: UnenrollMfaParameters): Promise<UnenrollMfaReturnType> {
  const accessToken = await mfaToken()
  try {
    const proxy = getWalletProxy()
    const { user } =
      parameters.method === 'passkey'
        ? await proxy.request('mfa:submit-enrollment', {
            accessToken,
            method: 'passkey',
            credentialIds: mfaPasskeyIds().filter((id) => id !== parameters.credentialId),
            removeForLogin: parameters.removeForLogin,
          })
        : await proxy.request('mfa:unenroll', { accessToken, method: parameters.method })
    return { user: applyEnrollment(user) }
  } catch (error) {
    throw toMfaError(error)
  }
}
