import { getApiClient } from '../api/instance.ts'
import type { User } from '../api/user.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import type { MustBeAuthenticatedError } from '../errors/auth.ts'
import { publish } from '../events/bus.ts'
import { applyUser, findAccount, requireLinkableUser } from './internal/accountChange.ts'

export interface UnlinkTelegramParameters {
  /** The Telegram user id (the account's `telegramUserId`). */
  telegramUserId: string | number
}
export interface UnlinkTelegramReturnType {
  user: User
}
export type UnlinkTelegramErrorType = MustBeAuthenticatedError | ApiError | TimeoutError | NetworkError

/**
 * Unlinks the signed-in user's Telegram account (`POST /telegram/unlink`); publishes `unlink-success`.
 *
 * @example
 * await unlinkTelegram({ telegramUserId: account.telegramUserId })
 */
export async function unlinkTelegram({ telegramUserId }: UnlinkTelegramParameters): Promise<UnlinkTelegramReturnType> {
  const before = requireLinkableUser()
  const id = String(telegramUserId)
  const user = applyUser(await getApiClient().post('/telegram/unlink', { telegram_user_id: id }))
  publish('unlink-success', { user, unlinkMethod: 'telegram', linkedAccount: findAccount(before, 'telegram', id) })
  return { user }
}
