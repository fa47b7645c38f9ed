import { toMfaError } from '../mfa/verify.ts'
import { mfaToken } from '../mfa/enrollment.ts'
import type { MfaError } from '../errors/mfa.ts'
import { getWalletProxy } from '../wallets/embedded/proxy.ts'

export type InitEnrollMfaParameters = { method: 'totp' } | { method: 'sms'; phoneNumber: string }
/** TOTP: the setup key (base32) and the otpauth:// URL for the QR code; SMS: nothing (the code is sent). */
export type InitEnrollMfaReturnType = { secret?: string; authUrl?: string }
export type InitEnrollMfaErrorType = MfaError

/**
 * Starts enrolling an MFA method (spec part 2 §7 initEnrollMfa): a new TOTP key, or an SMS code to
 * `phoneNumber`. When the user already has a method, a verification is asked for first.
 *
 * @example
 * const { secret, authUrl } = await initEnrollMfa({ method: 'totp' })
 */
export async function initEnrollMfa(parameters: InitEnrollMfaParameters): Promise<InitEnrollMfaReturnType> {
  const accessToken = await mfaToken()
  try {
    return await getWalletProxy().request('mfa:init-enrollment', { accessToken, ...parameters })
  } catch (error) {
    throw toMfaError(error)
  }
}
