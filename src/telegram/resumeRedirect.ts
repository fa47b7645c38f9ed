/**
 * After the page loads with a Telegram login result in its query string (widget redirect mode),
 * removes the parameters and opens the Telegram status screen to verify it: a link when a user
 * is signed in, a login otherwise.
 */
import { showModal } from '../actions/openModal.ts'
import type { AppConfig } from '../api/types.ts'
import { isLoggedIn } from '../flows/loginGuard.ts'
import { takeTelegramResult } from './redirectResult.ts'

export function resumeTelegramRedirect(app: AppConfig | null): void {
  if (!app?.loginMethods?.telegram && !(app as { telegramAuth?: { botUsername: string | null } } | null)?.telegramAuth?.botUsername) return
  const result = takeTelegramResult()
  if (!result) return
  showModal({ name: 'telegram-status', result, intent: isLoggedIn() ? 'link' : 'login' })
}
