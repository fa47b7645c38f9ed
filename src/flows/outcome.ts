/**
 * Spec §8's error → screen rules, owned once. Every login method resolves a failure through
 * `mapOutcome` with its own table: the codes every method treats alike (the dedicated screens and
 * the account transfer) live here, and a method's table adds only its own codes, in the shape its
 * screen shows (an inline message, a status with Retry, …). Pure, so it is tested without a DOM.
 */
import { asTransferRequired } from '../actions/internal/accountChange.ts'
import { ApiError } from '../errors/api.ts'
import type { ScreenEntry } from '../stores/modal.ts'

/**
 * Spec §8 texts of the code screen and the error screen, which other methods reuse. They load with
 * the landing screen, so texts only a lazily loaded method shows stay in that method's file.
 */
export const TEXT = {
  invalidCode: 'Invalid or expired verification code',
  issueVerifyingCode: 'Issue verifying code',
  authFailed: 'Authentication failed',
  linkedToAnotherUser: 'This account has already been linked to another user.',
  notAllowed: 'Not allowed',
  tryAnotherMethod: 'Try another method',
  requestFailed: 'Request failed',
  tooManyAttempts: 'Too many attempts.',
  tryAgainLater: 'Try again later',
  somethingWentWrong: 'Something went wrong',
  captchaFailed: 'Captcha failed',
  invalidCaptcha: 'Please try again.',
  captchaFailure: 'You did not pass CAPTCHA. Please try again.',
  captchaTimeout: 'Something went wrong! Please try again later.',
  unsupportedSiteKey: 'Unsupported captcha site key',
  regionNotSupported: 'This region is not supported',
  smsRegionUnavailable: 'SMS authentication from this region is not available',
  goBack: 'Go back',
} as const

/** The generic error screen (error boundary, failed chunk load, failed configuration). */
export const GENERIC_ERROR = { title: TEXT.somethingWentWrong, detail: TEXT.tryAgainLater, cta: TEXT.goBack } as const

/** A failure that leaves the method's screen for another one. */
export type ScreenOutcome = { kind: 'screen'; screen: ScreenEntry }
/** A failure's outcome: another screen, or `M`, what the method's own screen shows. */
export type Outcome<M> = ScreenOutcome | M
/** What a method shows for one API code. */
export type CodeRule<M> = (error: ApiError) => Outcome<M>

/** One login method's rules: what it adds to the shared ones. */
export interface OutcomeTable<M> {
  /** The flow named on the account-transfer screen; null where this step never offers a transfer. */
  transfer: string | null
  /** Failures raised in the browser that the method names itself (a refused prompt), else null. */
  local?(error: unknown): Outcome<M> | null
  /** The method's own API codes; they win over the shared ones. */
  codes: Readonly<Record<string, CodeRule<M>>>
  /** Anything no rule names. */
  otherwise(error: unknown): Outcome<M>
}

export const toScreen = (screen: ScreenEntry): ScreenOutcome => ({ kind: 'screen', screen })

/** The generic error screen with these texts. */
export const errorScreen = (title: string, detail: string, cta: string): ScreenOutcome => toScreen({ name: 'error', title, detail, cta })

const captchaScreen = (detail: string) => () => errorScreen(TEXT.captchaFailed, detail, TEXT.goBack)

/**
 * Spec §8: these go to their dedicated screens whichever login method met them, and a refused
 * captcha (every guarded init call sends a token) shows the catalogue's captcha texts.
 */
export const SHARED_CODES: Readonly<Record<string, CodeRule<never>>> = {
  allowlist_rejected: () => toScreen({ name: 'allowlist-rejected' }),
  max_accounts_reached: () => toScreen({ name: 'user-limit' }),
  user_does_not_exist: () => toScreen({ name: 'account-not-found' }),
  invalid_captcha: captchaScreen(TEXT.invalidCaptcha),
  captcha_failure: captchaScreen(TEXT.captchaFailure),
  captcha_timeout: captchaScreen(TEXT.captchaTimeout),
  unsupported_captcha_site_key: captchaScreen(TEXT.unsupportedSiteKey),
}

/** 'Not allowed' with the server's message and 'Try another method' (disallowed_login_method). */
export const notAllowedScreen: CodeRule<never> = (error) => errorScreen(TEXT.notAllowed, error.shortMessage, TEXT.tryAnotherMethod)

/** 'Authentication failed' / 'This account has already been linked to another user.' on the error screen. */
export const linkedToAnotherUserScreen: CodeRule<never> = () => errorScreen(TEXT.authFailed, TEXT.linkedToAnotherUser, TEXT.goBack)

/** The server marks a limit of the provider (not ours) on a too_many_requests answer. */
export const providerRateLimited = (error: ApiError): boolean => Boolean(error.data?.provider_rate_limited)

/** The transfer screen for an `account_transfer_required` answer carrying a nonce, else null. */
export function transferScreen(error: unknown, method: string): ScreenEntry | null {
  const transfer = asTransferRequired(error)
  if (!transfer) return null
  const screen: ScreenEntry = { name: 'account-transfer', method, nonce: transfer.nonce, displayName: transfer.displayName }
  // The other account's embedded wallets: the assets step shows them and asks before they are deleted.
  return transfer.embeddedWallets.length > 0 ? { ...screen, embeddedWallets: transfer.embeddedWallets } : screen
}

/**
 * The API code of a failure, or null. Captcha failures raised in the browser (src/errors/captcha.ts)
 * share the server's codes; checked by name so the landing chunk does not import the captcha chunk.
 */
export function codeOf(error: unknown): string | null {
  if (error instanceof ApiError) return error.code
  return error instanceof Error && error.name === 'CaptchaError' ? (error as ApiError).code : null
}

/**
 * What a login method shows for a failure: its browser-side rules, then the account transfer,
 * then its own codes over the shared ones, then its fallback.
 *
 * @example
 * const outcome = mapOutcome(error, { transfer: 'passkey', codes: {}, otherwise: () => ({ kind: 'message' }) })
 * if (outcome.kind === 'screen') replaceScreen(outcome.screen)
 */
export function mapOutcome<M>(error: unknown, table: OutcomeTable<M>): Outcome<M> {
  const local = table.local?.(error)
  if (local) return local
  const transfer = table.transfer === null ? null : transferScreen(error, table.transfer)
  if (transfer) return toScreen(transfer)
  const code = codeOf(error)
  const rule = code === null ? undefined : (own(table.codes, code) ?? own(SHARED_CODES, code))
  return rule ? rule(error as ApiError) : table.otherwise(error)
}

// A code such as 'constructor' must not find Object.prototype's members.
function own<T>(table: Readonly<Record<string, T>>, code: string): T | undefined {
  return Object.hasOwn(table, code) ? table[code] : undefined
}
