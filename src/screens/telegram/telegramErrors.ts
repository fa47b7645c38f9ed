/** Spec §8 "Telegram": what the Telegram status screen shows for a failure (pure). */
import { ApiError } from '../../errors/api.ts'
import { mapOutcome, providerRateLimited, TEXT, type OutcomeTable } from '../../flows/outcome.ts'
import type { ScreenEntry } from '../../stores/modal.ts'

export const TELEGRAM_TEXT = {
  linkedToAnotherUser: TEXT.linkedToAnotherUser,
  notAllowed: 'Login with Telegram not allowed.',
  tryAgain: 'Something went wrong. Try again.',
  tooManyRequests: 'Too many requests. Please wait before trying again.',
  /** The server's per-Telegram-account limit (answer marked `provider_rate_limited`). */
  requestLimitReached: 'Request limit reached for Telegram. Please wait a moment and try again.',
  authFailed: TEXT.authFailed,
} as const

export type TelegramErrorOutcome = { kind: 'message'; title: string; detail: string; retry: boolean } | { kind: 'screen'; screen: ScreenEntry }

const say = (detail: string, retry: boolean): TelegramErrorOutcome => ({ kind: 'message', title: TELEGRAM_TEXT.authFailed, detail, retry })
const tryAgain = () => say(TELEGRAM_TEXT.tryAgain, true)

const telegramTable: OutcomeTable<TelegramErrorOutcome> = {
  transfer: 'telegram',
  codes: {
    linked_to_another_user: () => say(TELEGRAM_TEXT.linkedToAnotherUser, false),
    disallowed_login_method: () => say(TELEGRAM_TEXT.notAllowed, false),
    invalid_data: tryAgain,
    cannot_link_more_of_type: tryAgain,
    invalid_credentials: tryAgain,
    captcha_failure: tryAgain,
    too_many_requests: (error) => say(providerRateLimited(error) ? TELEGRAM_TEXT.requestLimitReached : TELEGRAM_TEXT.tooManyRequests, true),
  },
  otherwise: (error) => say(error instanceof ApiError ? error.shortMessage : TELEGRAM_TEXT.tryAgain, true),
}

export function mapTelegramError(error: unknown): TelegramErrorOutcome {
  return mapOutcome(error, telegramTable)
}
