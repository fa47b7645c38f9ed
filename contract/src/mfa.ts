/**
 * The MFA refusal after too many wrong codes, the same on both sides: the server sends it with
 * `data.retry_after` (seconds), the widget rebuilds it from that number. Within the spec's 10 s lock
 * the spec's text stands; a longer wait (a spent guess budget) is named as it is, never as '10 seconds'.
 */
export const MFA_MAX_ATTEMPTS_MESSAGE = 'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.'
/**
 * An authenticator-app code that was already used (its 30 s window has not moved on yet): sent as
 * `invalid_mfa_code` (the spec's code) with `data.reason` TOTP_CODE_REUSED_REASON. Not a spec text:
 * the spec only has 'The code you entered is not valid', which sends the user hunting for a typo.
 */
export const TOTP_CODE_REUSED_MESSAGE = 'This code was already used. Wait for the next code in your authenticator app, then enter it.'
export const TOTP_CODE_REUSED_REASON = 'totp_code_reused'

/** Spec part 2 §9: the short lock after 4 wrong codes. */
export const MFA_LOCK_SECONDS = 10

/** The refusal's text for a wait of `retryAfterSeconds` (unknown: the spec's). */
export function mfaMaxAttemptsMessage(retryAfterSeconds?: number): string {
  if (retryAfterSeconds === undefined || !Number.isFinite(retryAfterSeconds) || retryAfterSeconds <= MFA_LOCK_SECONDS) return MFA_MAX_ATTEMPTS_MESSAGE
  return `Too many attempts. Try again in ${waitWords(retryAfterSeconds)}.`
}

/** Rounded up, so the user is never told to come back before the lock ends. */
function waitWords(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`
  if (seconds < 60) return plural(Math.ceil(seconds), 'second')
  if (seconds < 90 * 60) return plural(Math.ceil(seconds / 60), 'minute')
  return plural(Math.ceil(seconds / 3600), 'hour')
}

/**
 * Spec part 2 §8: a message containing 'code 429' marks rate limiting. The wallet frame and the
 * widget's API errors both put it in the message of any HTTP 429 answer (`HTTP status code 429`).
 */
export const RATE_LIMITED_MARK = 'code 429'
export const isRateLimitedMessage = (message: string | null | undefined): boolean => typeof message === 'string' && message.includes(RATE_LIMITED_MARK)

/** The message of an HTTP refusal, marked 'code 429' when the status is 429 and the message does not say it yet. */
export const markRateLimited = (status: number, message: string): string =>
  status === 429 && !isRateLimitedMessage(message) ? `${message} (HTTP status code 429)` : message
