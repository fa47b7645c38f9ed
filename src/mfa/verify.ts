/**
 * One MFA verification: SMS and TOTP codes and passkey assertions go to the wallet frame, which
 * calls the server with the device's proof (the MFA proof is bound to this session and device).
 * The host page only asks for the SMS code to be sent and runs the passkey ceremony (WebAuthn
 * runs on the host's origin).
 */
import { isRateLimitedMessage, TOTP_CODE_REUSED_REASON } from '@gatehouse/contract'
import { getApiClient } from '../api/instance.ts'
import { ApiError } from '../errors/api.ts'
import { mfaErrors, MfaError } from '../errors/mfa.ts'
import { PasskeyRejectedError, WebAuthnNotSupportedError } from '../errors/passkey.ts'
import { WalletProxyError } from '../errors/wallet.ts'
import { getCredential } from '../passkeys/webauthn.ts'
import type { MfaSubmission } from '../stores/mfa.ts'
import { getWalletProxy } from '../wallets/embedded/proxy.ts'
import { requireAccessToken } from '../wallets/embedded/session.ts'
import type { MfaMethod } from './texts.ts'

/** Wallet proxy / API refusals as MFA errors (spec part 2 §8). */
export function toMfaError(error: unknown): MfaError {
  if (error instanceof MfaError) return error
  const type = error instanceof WalletProxyError ? error.type : error instanceof ApiError ? error.code : ''
  if (type === 'invalid_mfa_code') return reasonOf(error) === TOTP_CODE_REUSED_REASON ? mfaErrors.totpCodeReused(error) : mfaErrors.invalidCode(error)
  // Spec part 2 §8: a message containing 'code 429' marks rate limiting (through the frame or from the API).
  if (type === 'mfa_verification_max_attempts_reached' || (error instanceof Error && isRateLimitedMessage(error.message)))
    return mfaErrors.maxAttempts(error, retryAfterOf(error))
  if (type === 'missing_or_invalid_mfa') return mfaErrors.missing(error)
  if (type === 'reauthentication_required' || type === 'session_not_on_device') return mfaErrors.loginAgain(error)
  if (type === 'not_supported') return mfaErrors.regionNotSupported(error)
  // A refused or unsupported passkey prompt keeps its own text ('Passkey request timed out or rejected by user.').
  if (error instanceof PasskeyRejectedError || error instanceof WebAuthnNotSupportedError)
    return new MfaError(error.shortMessage, { code: 'error', cause: error })
  return mfaErrors.other(error)
}

/** The server's `data.reason`, through the frame or straight from the API. */
function reasonOf(error: unknown): unknown {
  return error instanceof WalletProxyError ? error.reason : error instanceof ApiError ? error.data?.reason : undefined
}

/** The wait the server named (seconds), through the frame or straight from the API. */
function retryAfterOf(error: unknown): number | undefined {
  const seconds = error instanceof WalletProxyError ? error.retryAfter : error instanceof ApiError ? error.data?.retry_after : undefined
  return typeof seconds === 'number' ? seconds : undefined
}

const token = () => requireAccessToken('User must be authenticated')

/** Sends the SMS code ('verify' action) or fetches passkey options; nothing for TOTP. */
export async function initMfaMethod(method: MfaMethod): Promise<unknown> {
  await token()
  if (method === 'sms') return getApiClient().post('/mfa/passwordless_sms/init', { action: 'verify' })
  if (method === 'passkey') return (await getApiClient().post('/mfa/passkeys/init', {})).options
  return undefined
}

/** Verifies one submission through the frame; rejects with an MfaError. */
export async function verifySubmission({ method, code }: MfaSubmission): Promise<void> {
  try {
    const accessToken = await token()
    if (method === 'passkey') {
      const options = await initMfaMethod('passkey')
      const authenticatorResponse = await getCredential(options)
      await getWalletProxy().request('mfa:verify', { accessToken, method, authenticatorResponse })
      return
    }
    if (!code || !/^\d{6}$/.test(code)) throw mfaErrors.invalidCode()
    await getWalletProxy().request('mfa:verify', { accessToken, method, code })
  } catch (error) {
    throw toMfaError(error)
  }
}
