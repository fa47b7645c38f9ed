/** Fixed-window throttles kept in the database, so every instance counts the same hits. */
import type { RateLimits } from '../config.js'
import { hitRateLimit } from '../db/rate-limits.js'
import type { Db } from '../db/schema.js'
import { ApiError } from '../errors.js'

export class Throttle {
  constructor(
    private readonly db: Db,
    readonly limits: RateLimits,
    private readonly disabled: boolean,
    private readonly now: () => number,
  ) {}

  /**
   * Counts a hit on `key`; throws too_many_requests once more than `limit` hits fall in the window
   * (with `data` on the answer, e.g. which limit tripped). 0 = no limit.
   */
  async hit(key: string, limit: number, data?: Record<string, unknown>): Promise<void> {
    if (this.disabled || limit <= 0) return
    const count = await hitRateLimit(this.db, key, this.now(), this.limits.windowSeconds * 1000)
    if (count > limit) throw new ApiError('too_many_requests', 'Too many attempts. Please wait before trying again.', data)
  }

  /** One login attempt from `ip` (every authenticate route counts here before checking its proof). */
  loginAttempt(ip: string): Promise<void> {
    return this.hit(`auth:ip:${ip}`, this.limits.ipAuthenticate)
  }

  /** One init call from `ip` (codes, channels: anything that starts a login). */
  initRequest(ip: string): Promise<void> {
    return this.hit(`init:ip:${ip}`, this.limits.ipInit)
  }

  get enabled() {
    return !this.disabled
  }
}
