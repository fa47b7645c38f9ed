import { mfaMaxAttemptsMessage, TOTP_CODE_REUSED_MESSAGE } from '@gatehouse/contract'
import { MFA_TEXT } from '../mfa/texts.ts'
import { BaseError } from './base.ts'

/**
 * An MFA failure. `code` is MISSING_MFA_CREDENTIALS (no verification could be obtained) or a wallet
 * proxy error type of spec part 2 §8: 'mfa_verification_max_attempts_reached', 'mfa_timeout',
 * 'invalid_mfa_code' (non-blocking), 'client_error' ('MFA canceled'); in enrollment also
 * 'reauthentication_required' (the first factor needs a recent login on this device) and
 * 'not_supported' (SMS to a country the server does not serve).
 */
export class MfaError extends BaseError {
  override name = 'MfaError'
  /** Seconds until the server takes a code again, when it said (mfa_verification_max_attempts_reached). */
  readonly retryAfter?: number
  constructor(message: string, options: { code: string; details?: string; cause?: unknown; retryAfter?: number }) {
    super(message, options)
    if (options.retryAfter !== undefined) this.retryAfter = options.retryAfter
  }

  /** Whether the screen should stop (close and retry later) rather than let the user type again. */
  get blocking(): boolean {
    return this.code === 'mfa_verification_max_attempts_reached' || this.code === 'mfa_timeout'
  }
}

export const mfaErrors = {
  /** The spec's text within its 10 s lock; a longer wait the server named is said as it is. */
  maxAttempts: (cause?: unknown, retryAfter?: number) =>
    new MfaError(mfaMaxAttemptsMessage(retryAfter), { code: 'mfa_verification_max_attempts_reached', cause, retryAfter }),
  invalidCode: (cause?: unknown) => new MfaError(MFA_TEXT.invalidCode, { code: 'invalid_mfa_code', cause }),
  /** Still 'invalid_mfa_code' (non-blocking), but said as it is: the code was right and already used. */
  totpCodeReused: (cause?: unknown) => new MfaError(TOTP_CODE_REUSED_MESSAGE, { code: 'invalid_mfa_code', cause }),
  timeout: () => new MfaError(MFA_TEXT.timeout, { code: 'mfa_timeout' }),
  canceled: () => new MfaError(MFA_TEXT.clientCanceled, { code: 'client_error', details: MFA_TEXT.canceledReport }),
  missing: (cause?: unknown) => new MfaError('MFA verification is required', { code: 'MISSING_MFA_CREDENTIALS', cause }),
  other: (cause?: unknown) => new MfaError(MFA_TEXT.other, { code: 'error', cause }),
  loginAgain: (cause?: unknown) => new MfaError(MFA_TEXT.loginAgain, { code: 'reauthentication_required', cause }),
  regionNotSupported: (cause?: unknown) => new MfaError(MFA_TEXT.regionNotSupported, { code: 'not_supported', cause }),
}
