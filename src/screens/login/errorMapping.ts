import { ApiError } from '../../errors/api.ts'
import { BaseError } from '../../errors/base.ts'
import {
  errorScreen,
  GENERIC_ERROR,
  linkedToAnotherUserScreen,
  mapOutcome,
  notAllowedScreen,
  TEXT,
  type CodeRule,
  type OutcomeTable,
} from '../../flows/outcome.ts'
import { pushScreen, type ScreenEntry } from '../../stores/modal.ts'
import { CODE_USED_UP_MESSAGE, CODE_USED_UP_REASON, PLUS_EMAIL_MESSAGE } from '@gatehouse/contract'

/** What the code screen does with a failed verification. */
export type CodeErrorOutcome =
  | { kind: 'inline'; message: string }
  /** The code's wrong guesses are spent: even the right code fails until 'Resend code' sends a new one. */
  | { kind: 'used-up'; message: string }
  | { kind: 'screen'; screen: ScreenEntry }
  | { kind: 'landing'; message: string }

const inline = (message: string): CodeErrorOutcome => ({ kind: 'inline', message })
const backToLanding: CodeRule<{ kind: 'landing'; message: string }> = () => ({ kind: 'landing', message: PLUS_EMAIL_MESSAGE })

/**
 * Spec §8 "Code screen"; the shared table adds the user-limit, not-found and allowlist screens.
 * A spent guess budget is the catalogue's too-many-requests screen rather than 'Issue verifying
 * code': retyping cannot help until the lockout ends.
 */
const codeTable = (method: string): OutcomeTable<CodeErrorOutcome> => ({
  transfer: method,
  codes: {
    invalid_credentials: (error) =>
      error.data?.reason === CODE_USED_UP_REASON ? { kind: 'used-up', message: CODE_USED_UP_MESSAGE } : inline(TEXT.invalidCode),
    cannot_link_more_of_type: (error) => inline(error.shortMessage),
    linked_to_another_user: linkedToAnotherUserScreen,
    disallowed_plus_email: backToLanding,
    too_many_requests: () => errorScreen(TEXT.requestFailed, TEXT.tooManyAttempts, TEXT.tryAgainLater),
  },
  otherwise: () => inline(TEXT.issueVerifyingCode),
})

/** Spec §8 "Code screen". `method` names the flow (for the transfer screen). */
export function mapCodeError(error: unknown, method = 'email'): CodeErrorOutcome {
  return mapOutcome(error, codeTable(method))
}

/** What the landing screen does with a failed code request. */
export type InitErrorOutcome = { kind: 'screen'; screen: ScreenEntry } | { kind: 'landing'; message: string }

const initTable: OutcomeTable<InitErrorOutcome> = {
  transfer: null,
  codes: {
    disallowed_plus_email: backToLanding,
    disallowed_login_method: notAllowedScreen,
    linked_to_another_user: linkedToAnotherUserScreen,
    too_many_requests: () => errorScreen(TEXT.requestFailed, TEXT.tooManyAttempts, TEXT.tryAgainLater),
    // The user left the captcha screen: back on the form, with what they typed.
    captcha_cancelled: () => ({ kind: 'landing', message: TEXT.invalidCaptcha }),
    not_supported: () => errorScreen(TEXT.regionNotSupported, TEXT.smsRegionUnavailable, TEXT.goBack),
    // Spec §8: shows its message ('Phone login code request failure') on the generic error screen.
    sms_verification_failed: (error) => errorScreen(TEXT.somethingWentWrong, error.shortMessage, TEXT.goBack),
  },
  otherwise: (error) =>
    error instanceof ApiError && (error.status === 400 || error.status === 422)
      ? errorScreen(TEXT.somethingWentWrong, error.shortMessage, TEXT.goBack)
      : errorScreen(TEXT.somethingWentWrong, TEXT.tryAgainLater, TEXT.goBack),
}

/** Spec §8 "Error screen mapping" (e-mail init and other requests that end on a screen). */
export function mapInitError(error: unknown): InitErrorOutcome {
  return mapOutcome(error, initTable)
}

/**
 * Shows a failed code request on the form that sent it: an address or number refused before any
 * call, the plus-address rule and a cancelled captcha as the form's inline error (`inline`),
 * anything else on its error screen.
 */
export function showCodeRequestError(error: unknown, inline: (message: string) => void): void {
  if (error instanceof BaseError && !(error instanceof ApiError) && error.code === 'invalid_data') return inline(error.shortMessage)
  const outcome = mapInitError(error)
  if (outcome.kind === 'landing') inline(outcome.message)
  else pushScreen(outcome.screen)
}

export { GENERIC_ERROR }
