/** Spec §8 "Telegram": what the Telegram status screen shows for a failure (pure). */
import { ApiError } from '../../errors/api.ts'
import type { ScreenEntry } from '../../stores/modal.ts'
import { transferScreen } from '../login/errorMapping.ts'

export const TELEGRAM_TEXT = {
  linkedToAnotherUser: 'This account has already been linked to another user.',
  notAllowed: 'Login with Telegram not allowed.',
  tryAgain: 'Something went wrong. Try again.',
  tooManyRequests: 'Too many requests. Please wait before trying again.',
  /** The server's per-Telegram-account limit (answer marked `provider_rate_limited`). */
  requestLimitReached: 'Request limit reached for Telegram. Please wait a moment and try again.',
  authFailed: 'Authentication failed',
} as const

export type TelegramErrorOutcome = { kind: 'message'; title: string; detail: string; retry: boolean } | { kind: 'screen'; screen: ScreenEntry }

export function mapTelegramError(error: unknown): TelegramErrorOutcome {
  const transfer = transferScreen(error, 'telegram')
  if (transfer) return { kind: 'screen', screen: transfer }
  const code = error instanceof ApiError ? error.code : null
  const msg = (detail: string, retry: boolean): TelegramErrorOutcome => ({ kind: 'message', title: TELEGRAM_TEXT.authFailed, detail, retry })
  switch (code) {
    case 'allowlist_rejected':
      return { kind: 'screen', screen: { name: 'allowlist-rejected' } }
    case 'max_accounts_reached':
      return { kind: 'screen', screen: { name: 'user-limit' } }
    case 'user_does_not_exist':
      return { kind: 'screen', screen: { name: 'account-not-found' } }
    case 'linked_to_another_user':
      return msg(TELEGRAM_TEXT.linkedToAnotherUser, false)
    case 'disallowed_login_method':
      return msg(TELEGRAM_TEXT.notAllowed, false)
    case 'invalid_data':
    case 'cannot_link_more_of_type':
    case 'invalid_credentials':
    case 'captcha_failure':
      return msg(TELEGRAM_TEXT.tryAgain, true)
    case 'too_many_requests':
      return msg((error as ApiError).data?.provider_rate_limited ? TELEGRAM_TEXT.requestLimitReached : TELEGRAM_TEXT.tooManyRequests, true)
  }
  return msg(error instanceof ApiError ? error.shortMessage : TELEGRAM_TEXT.tryAgain, true)
}
