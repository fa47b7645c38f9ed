/**
 * Spec §9 delays. A mutable object (not constants) so browser tests can shorten them instead of
 * waiting 30 s for the resend countdown. The success delays are read by src/flows/completion.ts
 * for every login method.
 */
export const TIMING = {
  /** Success → next screen (terms, wallet creation). */
  nextScreenDelayMs: 900,
  /** Success → modal closes. */
  closeDelayMs: 1400,
  /** OAuth and Telegram success → next screen or close (spec §4: 1.4 s for either). */
  providerStepDelayMs: 1400,
  /** Failure → inputs reset. */
  errorResetMs: 1400,
  /** 'Code sent' badge countdown. */
  resendCooldownMs: 30_000,
}
