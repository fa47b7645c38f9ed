/**
 * The wrong-code budget of MFA verification and enrollment, keyed per (user, device) so that a
 * session holder on another device cannot spend the owner's guesses and lock the owner out:
 *
 * - per device: the throttle's code-guess budget (20 failures per 6 h by default);
 * - per user, across devices: MFA_USER_CEILING_FACTOR times that (60 per 6 h), so that logging in on
 *   more devices does not buy more guesses at the same factor;
 * - per device: MFA_MAX_ATTEMPTS failures per MFA_LOCK_MS (spec part 2 §9: 4 attempts, 10 s).
 *
 * Each counter is spent before the code is compared (parallel guesses cannot slip past) and given
 * back when the code was right. A refused attempt compares nothing, so it gives back what it took
 * from the counters before the one that refused: hammering a locked device burns no shared budget.
 * The long counters come first, so a refusal names the longest wait that applies (`retry_after`).
 */
import { mfaMaxAttemptsMessage } from '@gatehouse/contract'
import { hitRateLimit, rateLimitWindowStart, refundRateLimitHit } from '../db/rate-limits.js'
import type { Db } from '../db/schema.js'
import { ApiError } from '../errors.js'
import { guessKey, type Throttle } from './throttle.js'

export const MFA_MAX_ATTEMPTS = 4
export const MFA_LOCK_MS = 10_000
/** The per-user ceiling in device budgets: an attacker needs this many logged-in devices to reach it. */
export const MFA_USER_CEILING_FACTOR = 3

interface Counter {
  key: string
  limit: number
  windowMs: number
}

export class MfaBudget {
  constructor(private readonly deps: { db: Db; throttle: Throttle; now: () => number }) {}

  /** The counters of one (app, user, device), longest window first. */
  private counters(appId: string, userId: string, device: string): Counter[] {
    const { codeGuessBudget: budget, codeGuessWindowSeconds: seconds } = this.deps.throttle.limits
    const long =
      budget > 0
        ? [
            { key: guessKey(appId, `mfa:${userId}:${device}`), limit: budget, windowMs: seconds * 1000 },
            { key: guessKey(appId, `mfa:${userId}`), limit: budget * MFA_USER_CEILING_FACTOR, windowMs: seconds * 1000 },
          ]
        : []
    return [...long, { key: `mfa-attempts:${appId}:${userId}:${device}`, limit: MFA_MAX_ATTEMPTS, windowMs: MFA_LOCK_MS }]
  }

  /**
   * Spends one guess of `device` (the session's device key thumbprint); throws
   * `mfa_verification_max_attempts_reached` with `data.retry_after` (seconds) when a counter is
   * spent. Returns the function that gives the guess back (call it when the code was right).
   */
  async spend(appId: string, userId: string, device: string): Promise<() => Promise<void>> {
    const { db, throttle, now } = this.deps
    if (!throttle.enabled) return async () => {}
    const t = now()
    const taken: Counter[] = []
    const giveBack = async () => {
      for (const c of taken) await refundRateLimitHit(db, c.key, t, c.windowMs)
    }
    for (const counter of this.counters(appId, userId, device)) {
      if ((await hitRateLimit(db, counter.key, t, counter.windowMs)) > counter.limit) {
        await giveBack()
        const start = (await rateLimitWindowStart(db, counter.key)) ?? t
        const retryAfter = Math.max(1, Math.ceil((start + counter.windowMs - t) / 1000))
        throw new ApiError('mfa_verification_max_attempts_reached', mfaMaxAttemptsMessage(retryAfter), { retry_after: retryAfter })
      }
      taken.push(counter)
    }
    return giveBack
  }
}
