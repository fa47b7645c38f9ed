import { BaseError } from './base.ts'

/**
 * A cross-app login or wallet request failed (spec part 3 §8): the spec's text is the short
 * message; `code` is stable (CROSS_APP_REJECTED for a closed popup or a refusal, CROSS_APP_TIMEOUT,
 * CROSS_APP_READ_ONLY, CROSS_APP_STATE_MISMATCH for a possible phishing attempt, …).
 */
export class CrossAppError extends BaseError {
  override name = 'CrossAppError'
  constructor(shortMessage: string, code: string, cause?: unknown) {
    super(shortMessage, { code, cause })
  }
}
