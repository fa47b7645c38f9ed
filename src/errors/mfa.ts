import { MFA_TEXT } from '../mfa/texts.ts'
import { BaseError } from './base.ts'

/**
 * An MFA failure. `code` is MISSING_MFA_CREDENTIALS (no verification could be obtained) or a wallet
 * proxy error type of spec part 2 §8: 'mfa_verification_max_attempts_reached', 'mfa_timeout',
 * 'invalid_mfa_code' (non-blocking), 'client_error' ('MFA canceled').
 */
export class MfaError extends BaseError {
  override name = 'MfaError'
  constructor(message: string, options: { code: string; details?: string; cause?: unknown }) {
    super(message, options)
  }

  /** Whether the screen should stop (close and retry later) rather than let the user type again. */
  get blocking(): boolean {
    return this.code === 'mfa_verification_max_attempts_reached' || this.code === 'mfa_timeout'
  }
}

export const mfaErrors = {
  maxAttempts: (cause?: unknown) => new MfaError(MFA_TEXT.maxAttempts, { code: 'mfa_verification_max_attempts_reached', cause }),
  invalidCode: (cause?: unknown) => new MfaError(MFA_TEXT.invalidCode, { code: 'invalid_mfa_code', cause }),
  timeout: () => new MfaError(MFA_TEXT.timeout, { code: 'mfa_timeout' }),
  canceled: () => new MfaError(MFA_TEXT.clientCanceled, { code: 'client_error', details: MFA_TEXT.canceledReport }),
  missing: (cause?: unknown) => new MfaError('MFA verification is required', { code: 'MISSING_MFA_CREDENTIALS', cause }),
  other: (cause?: unknown) => new MfaError(MFA_TEXT.other, { code: 'error', cause }),
}
