import { asTransferRequired } from '../../actions/internal/accountChange.ts'
import { ApiError } from '../../errors/api.ts'
import type { ScreenEntry } from '../../stores/modal.ts'
import { PLUS_EMAIL_MESSAGE } from '@gatehouse/contract'

/** Spec §8 texts, kept in one place so tests can check every one. */
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

/** What the code screen does with a failed verification. */
export type CodeErrorOutcome =
  | { kind: 'inline'; message: string }
  | { kind: 'screen'; screen: ScreenEntry }
  | { kind: 'landing'; message: string }

const errorScreen = (title: string, detail: string, cta: string): { kind: 'screen'; screen: ScreenEntry } => ({
  kind: 'screen',
  screen: { name: 'error', title, detail, cta },
})

// Captcha failures in the browser (src/errors/captcha.ts) share the server's codes; checked by
// name so this landing-chunk module does not import the captcha chunk.
const codeOf = (error: unknown) =>
  error instanceof ApiError || (error instanceof Error && error.name === 'CaptchaError') ? (error as ApiError).code as string : null

/** The transfer screen for an `account_transfer_required` answer carrying a nonce, else null. */
export function transferScreen(error: unknown, method: string): ScreenEntry | null {
  const transfer = asTransferRequired(error)
  return transfer ? { name: 'account-transfer', method, nonce: transfer.nonce, displayName: transfer.displayName } : null
}

/** Spec §8 "Code screen". `method` names the flow (for the transfer screen). */
export function mapCodeError(error: unknown, method = 'email'): CodeErrorOutcome {
  const transfer = transferScreen(error, method)
  if (transfer) return { kind: 'screen', screen: transfer }
  switch (codeOf(error)) {
    case 'invalid_credentials':
      return { kind: 'inline', message: TEXT.invalidCode }
    case 'cannot_link_more_of_type':
      return { kind: 'inline', message: (error as ApiError).shortMessage }
    case 'max_accounts_reached':
      return { kind: 'screen', screen: { name: 'user-limit' } }
    case 'user_does_not_exist':
      return { kind: 'screen', screen: { name: 'account-not-found' } }
    case 'allowlist_rejected':
      // Not in the code-screen list, but a server may enforce the allowlist at authenticate too.
      return { kind: 'screen', screen: { name: 'allowlist-rejected' } }
    case 'linked_to_another_user':
      return errorScreen(TEXT.authFailed, TEXT.linkedToAnotherUser, TEXT.goBack)
    case 'disallowed_plus_email':
      return { kind: 'landing', message: PLUS_EMAIL_MESSAGE }
    default:
      return { kind: 'inline', message: TEXT.issueVerifyingCode }
  }
}

/** What the landing screen does with a failed code request. */
export type InitErrorOutcome = { kind: 'screen'; screen: ScreenEntry } | { kind: 'landing'; message: string }

/** Spec §8 "Error screen mapping" (e-mail init and other requests that end on a screen). */
export function mapInitError(error: unknown): InitErrorOutcome {
  const code = codeOf(error)
  switch (code) {
    case 'allowlist_rejected':
      return { kind: 'screen', screen: { name: 'allowlist-rejected' } }
    case 'disallowed_plus_email':
      return { kind: 'landing', message: PLUS_EMAIL_MESSAGE }
    case 'disallowed_login_method':
      return errorScreen(TEXT.notAllowed, (error as ApiError).shortMessage, TEXT.tryAnotherMethod)
    case 'linked_to_another_user':
      return errorScreen(TEXT.authFailed, TEXT.linkedToAnotherUser, TEXT.goBack)
    case 'too_many_requests':
      return errorScreen(TEXT.requestFailed, TEXT.tooManyAttempts, TEXT.tryAgainLater)
    case 'invalid_captcha':
      return errorScreen(TEXT.captchaFailed, TEXT.invalidCaptcha, TEXT.goBack)
    case 'captcha_failure':
      return errorScreen(TEXT.captchaFailed, TEXT.captchaFailure, TEXT.goBack)
    case 'captcha_timeout':
      return errorScreen(TEXT.captchaFailed, TEXT.captchaTimeout, TEXT.goBack)
    case 'unsupported_captcha_site_key':
      return errorScreen(TEXT.captchaFailed, TEXT.unsupportedSiteKey, TEXT.goBack)
    case 'captcha_cancelled':
      // The user left the captcha screen: back on the form, with what they typed.
      return { kind: 'landing', message: TEXT.invalidCaptcha }
    case 'not_supported':
      return errorScreen(TEXT.regionNotSupported, TEXT.smsRegionUnavailable, TEXT.goBack)
    case 'sms_verification_failed':
      // Spec §8: shows its message ('Phone login code request failure') on the generic error screen.
      return errorScreen(TEXT.somethingWentWrong, (error as ApiError).shortMessage, TEXT.goBack)
  }
  if (error instanceof ApiError && (error.status === 400 || error.status === 422)) {
    return errorScreen(TEXT.somethingWentWrong, error.shortMessage, TEXT.goBack)
  }
  return errorScreen(TEXT.somethingWentWrong, TEXT.tryAgainLater, TEXT.goBack)
}

/** The generic error screen (error boundary, failed chunk load, failed configuration). */
export const GENERIC_ERROR = { title: TEXT.somethingWentWrong, detail: TEXT.tryAgainLater, cta: TEXT.goBack } as const
