import type { User } from '../api/user.ts'
import type { MfaError } from '../errors/mfa.ts'
import { applyEnrollment, mfaToken } from '../mfa/enrollment.ts'
import { toMfaError } from '../mfa/verify.ts'
import { getWalletProxy } from '../wallets/embedded/proxy.ts'

export type SubmitEnrollMfaParameters =
  | { method: 'totp'; code: string }
  | { method: 'sms'; phoneNumber: string; code: string }
  /** The passkeys to be enrolled (exactly these); `removeForLogin` also unlinks the ones left out. */
  | { method: 'passkey'; credentialIds: string[]; removeForLogin?: boolean }
export type SubmitEnrollMfaReturnType = { user: User }
export type SubmitEnrollMfaErrorType = MfaError

/**
 * Completes an enrollment with the 6-digit code (TOTP, SMS) or sets the MFA passkeys; publishes
 * `mfa-enrolled` / `mfa-unenrolled`. A wrong code rejects with 'The code you entered is not valid'.
 *
 * @example
 * await submitEnrollMfa({ method: 'totp', code: '123456' })
 */
export async function submitEnrollMfa(parameters: SubmitEnrollMfaParameters): Promise<SubmitEnrollMfaReturnType> {
  const accessToken = await mfaToken()
  try {
    const { user } = await getWalletProxy().request('mfa:submit-enrollment', { accessToken, ...parameters })
    return { user: applyEnrollment(user) }
  } catch (error) {
    throw toMfaError(error)
  }
}
