/**
 * Spec §9 delays. A mutable object (not constants) so browser tests can shorten them instead of
 * waiting 30 s for the resend countdown.
 */
export const TIMING = {
  /** Success → next screen (terms). */
  nextScreenDelayMs: 900,
  /** Success → modal closes. */
  closeDelayMs: 1400,
  /** Failure → inputs reset. */
  errorResetMs: 1400,
  /** 'Code sent' badge countdown. */
  resendCooldownMs: 30_000,
}
