/** Fixed-window throttles kept in the database, so every instance counts the same hits. */
import { isIPv4, isIPv6 } from 'node:net'
import type { RateLimits } from '../config.js'
import { deleteStaleRateLimits, hitRateLimit, rateLimitCount, refundRateLimitHit } from '../db/rate-limits.js'
import type { Db } from '../db/schema.js'
import { ApiError } from '../errors.js'

const TOO_MANY = 'Too many attempts. Please wait before trying again.'

/**
 * What a per-IP throttle counts for `ip`: an IPv4 address, or the /64 an IPv6 address lies in.
 * One subscriber or server usually holds a whole /64, so counting single IPv6 addresses would give
 * one client 2^64 budgets. IPv4-mapped IPv6 counts as the IPv4 address.
 */
export function ipThrottleKey(ip: string): string {
  if (isIPv4(ip)) return ip
  const bare = ip.split('%')[0].toLowerCase()
  if (!isIPv6(bare)) return ip
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)
  if (mapped) return mapped[1]
  const [head, tail] = bare.split('::')
  const part = (s: string | undefined) => (s ? s.split(':').flatMap(dottedToHex) : [])
  const groups = tail === undefined ? part(head) : [...part(head), ...Array(8 - part(head).length - part(tail).length).fill('0'), ...part(tail)]
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`
}

// An embedded IPv4 tail (64:ff9b::192.0.2.1) stands for the last two groups.
function dottedToHex(group: string): string[] {
  if (!group.includes('.')) return [group]
  const [a, b, c, d] = group.split('.').map(Number)
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)]
}

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
    if (count > limit) throw new ApiError('too_many_requests', TOO_MANY, data)
  }

  /** Counts a hit from `ip` on the per-IP throttle `scope` (IPv6 per /64). */
  ipHit(scope: string, ip: string, limit: number): Promise<void> {
    return this.hit(`${scope}:ip:${ipThrottleKey(ip)}`, limit)
  }

  /** One login attempt from `ip` (every authenticate route counts here before checking its proof). */
  loginAttempt(ip: string): Promise<void> {
    return this.ipHit('auth', ip, this.limits.ipAuthenticate)
  }

  /** One init call from `ip` (codes, channels: anything that starts a login). */
  initRequest(ip: string): Promise<void> {
    return this.ipHit('init', ip, this.limits.ipInit)
  }

  /**
   * Spends one guess of the code address's budget (`address` is the login_codes key, per app), across
   * all its codes; throws too_many_requests once the budget is spent. Spent before the code is
   * compared, so concurrent guesses cannot slip past it; the returned function gives the guess back
   * when it was right, so only failed guesses count.
   */
  async codeGuess(appId: string, address: string): Promise<() => Promise<void>> {
    const { codeGuessBudget: budget, codeGuessWindowSeconds: seconds } = this.limits
    if (this.disabled || budget <= 0) return async () => {}
    const key = guessKey(appId, address)
    const t = this.now()
    const count = await hitRateLimit(this.db, key, t, seconds * 1000)
    if (count > budget) throw new ApiError('too_many_requests', TOO_MANY)
    return () => refundRateLimitHit(this.db, key, t, seconds * 1000)
  }

  /** Refuses a new code for an address whose guess budget is spent: the code could not be checked anyway. */
  async codeGuessesLeft(appId: string, address: string): Promise<void> {
    const { codeGuessBudget: budget, codeGuessWindowSeconds: seconds } = this.limits
    if (this.disabled || budget <= 0) return
    if ((await rateLimitCount(this.db, guessKey(appId, address), this.now(), seconds * 1000)) >= budget) {
      throw new ApiError('too_many_requests', TOO_MANY)
    }
  }

  /** Deletes the counters whose window is over; each kind keeps its rows only as long as its own window. */
  async deleteStale(): Promise<void> {
    const t = this.now()
    await deleteStaleRateLimits(this.db, t - this.limits.windowSeconds * 1000, { prefix: GUESS_PREFIX, matching: false })
    await deleteStaleRateLimits(this.db, t - this.limits.codeGuessWindowSeconds * 1000, { prefix: GUESS_PREFIX, matching: true })
  }

  get enabled() {
    return !this.disabled
  }
}

const GUESS_PREFIX = 'code-guess:'
/** The counter key of a guess budget; keys under this prefix keep their rows for the guess window (see deleteStale). */
export const guessKey = (appId: string, address: string) => `${GUESS_PREFIX}${appId}:${address}`
