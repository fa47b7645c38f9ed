/**
 * Login codes, by e-mail and by SMS alike (login, link, address change, the SMS second factor): the one
 * owner of issuing a code and of checking it. Issuing counts the init throttles, refuses a recipient
 * whose guess budget is spent, keeps a live code through the resend cooldown and stores only the code's
 * HMAC; checking spends one guess of the code and of the recipient's budget and uses the code up.
 * Delivering the code (which words, mail or SMS) stays with the flow that asked for it.
 */
import { codeMatches, generateCode, hashCode } from '../crypto/codes.js'
import { CODE_USED_UP_MESSAGE, CODE_USED_UP_REASON } from '@gatehouse/contract'
import { claimCodeAttempt, consumeLoginCode, loginCodeUsedUp, putLoginCode } from '../db/codes.js'
import type { Db } from '../db/schema.js'
import { ApiError } from '../errors.js'
import type { Throttle } from './throttle.js'

/** Who a code is for. Each kind has its own identifier in login_codes (kept as before, so live codes survive an upgrade). */
export type CodeRecipient =
  | { kind: 'email'; email: string }
  | { kind: 'phone'; phone: string }
  /** The SMS second factor of a user: their enrolled number. */
  | { kind: 'mfa-sms'; userId: string }
  /** A number a user is enrolling as their SMS second factor. */
  | { kind: 'mfa-sms-enroll'; userId: string; phone: string }

/** The login_codes identifier of a recipient (an e-mail, `phone:<E.164>`, `mfa-sms:<user>`…); also the key of its guess budget. */
export function codeIdentifier(to: CodeRecipient): string {
  switch (to.kind) {
    case 'email':
      return to.email
    case 'phone':
      return `phone:${to.phone}`
    case 'mfa-sms':
      return `mfa-sms:${to.userId}`
    case 'mfa-sms-enroll':
      return `mfa-sms-enroll:${to.userId}:${to.phone}`
  }
}

/** The per-recipient init throttle: an address, a number, or (second factor) the user whatever number they enroll. */
function initKey(appId: string, to: CodeRecipient): string {
  switch (to.kind) {
    case 'email':
      return `init:email:${appId}:${to.email}`
    case 'phone':
      return `init:phone:${appId}:${to.phone}`
    case 'mfa-sms':
    case 'mfa-sms-enroll':
      return `init:mfa-sms:${appId}:${to.userId}`
  }
}

export const INVALID_CODE_MESSAGE = 'Invalid or expired verification code'
export const CODE_SENT_RECENTLY_MESSAGE = 'A code was just sent. Please wait before requesting another.'

export interface LoginCodesDeps {
  db: Db
  throttle: Throttle
  /** Keys the codes' HMAC. */
  secret: string
  now: () => number
}

export class LoginCodes {
  constructor(private readonly deps: LoginCodesDeps) {}

  /** How long a code lives, in whole minutes (the messages that carry a code name it). */
  get ttlMinutes(): number {
    return Math.round(this.deps.throttle.limits.codeTtlSeconds / 60)
  }

  /**
   * A new code for `to`, stored as its HMAC; the caller delivers it. Throws too_many_requests when a
   * throttle trips, when the recipient's guess budget is spent (the code could not be checked anyway),
   * or while the previous code is live and younger than the resend cooldown: the client shows its own
   * 30 s countdown, so a faster repeat is a script. A used code is deleted, so logging in again is never blocked.
   */
  async issue(appId: string, to: CodeRecipient, ip: string): Promise<string> {
    const { db, throttle, now, secret } = this.deps
    const { limits } = throttle
    const identifier = codeIdentifier(to)
    await throttle.initRequest(ip)
    await throttle.hit(initKey(appId, to), limits.emailInit)
    await throttle.codeGuessesLeft(appId, identifier)
    const t = now()
    const code = generateCode()
    const cooldownMs = throttle.enabled ? limits.resendCooldownSeconds * 1000 : 0
    const stored = await putLoginCode(
      db,
      { app_id: appId, identifier, code_hash: hashCode(secret, appId, identifier, code), created_at: t, expires_at: t + limits.codeTtlSeconds * 1000 },
      t - cooldownMs,
      limits.codeMaxAttempts,
    )
    if (!stored) throw new ApiError('too_many_requests', CODE_SENT_RECENTLY_MESSAGE)
    return code
  }

  /**
   * Whether `code` is the live code of `to`; a right code is used up. Throws too_many_requests when the
   * recipient's guess budget is spent, whatever the code: past the budget even the right code is
   * refused, or the budget would bound nothing.
   */
  async check(appId: string, to: CodeRecipient, code: string): Promise<boolean> {
    const { db, throttle, now, secret } = this.deps
    const identifier = codeIdentifier(to)
    const giveBack = await throttle.codeGuess(appId, identifier)
    const storedHash = await claimCodeAttempt(db, appId, identifier, now(), throttle.limits.codeMaxAttempts)
    // Always run the HMAC so a missing code costs the same as a wrong one.
    const matches = codeMatches(secret, appId, identifier, code, storedHash ?? '')
    if (!storedHash || !matches || !(await consumeLoginCode(db, appId, identifier, storedHash))) return false
    await giveBack()
    return true
  }

  /**
   * Whether the live code of `to` has no attempts left (asked after a failed check): then even the
   * right code fails, and the answer says so rather than 'Invalid or expired'. It tells only what
   * the caller's own wrong guesses did, so it reveals nothing about the address.
   */
  usedUp(appId: string, to: CodeRecipient): Promise<boolean> {
    const { db, throttle, now } = this.deps
    return loginCodeUsedUp(db, appId, codeIdentifier(to), now(), throttle.limits.codeMaxAttempts)
  }

  /**
   * A login's code check: one attempt from `ip` on the login throttle, then the code;
   * invalid_credentials when wrong, with `data.reason` 'code_used_up' once the code's attempts are spent.
   */
  async spend(appId: string, to: CodeRecipient, code: string, ip: string): Promise<void> {
    await this.deps.throttle.loginAttempt(ip)
    if (await this.check(appId, to, code)) return
    if (await this.usedUp(appId, to)) throw new ApiError('invalid_credentials', CODE_USED_UP_MESSAGE, { reason: CODE_USED_UP_REASON })
    throw new ApiError('invalid_credentials', INVALID_CODE_MESSAGE)
  }
}
