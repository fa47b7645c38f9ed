import { openAccountFlow } from './internal/openAccountFlow.ts'
import type { User } from '../api/user.ts'
import type { MustBeAuthenticatedError } from '../errors/auth.ts'
import type { GuestCannotLinkError, UserExitedLinkFlowError } from '../errors/link.ts'

export type LinkTelegramReturnType = User
export type LinkTelegramErrorType = MustBeAuthenticatedError | GuestCannotLinkError | UserExitedLinkFlowError

/**
 * Opens the Telegram screen for the signed-in user: Telegram's login widget in callback mode (a
 * redirect would reload the page and lose this promise), then the server checks the signed result
 * and links it. Resolves with the user after `link-success` (also after an account transfer),
 * rejects with USER_EXITED_LINK_FLOW when the modal is closed first.
 *
 * @example
 * const user = await linkTelegram()
 */
export function linkTelegram(): Promise<LinkTelegramReturnType> {
  return openAccountFlow({ kind: 'link', method: 'telegram' }, { name: 'telegram-status', intent: 'link' })
}
