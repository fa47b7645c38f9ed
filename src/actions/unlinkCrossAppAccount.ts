import { getApiClient } from '../api/instance.ts'
import type { User } from '../api/user.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import type { MustBeAuthenticatedError } from '../errors/auth.ts'
import { clearProviderToken } from '../crossapp/connections.ts'
import { publish } from '../events/bus.ts'
import { applyUser, requireLinkableUser } from './internal/accountChange.ts'

export interface UnlinkCrossAppAccountParameters {
  /** The provider app's id. */
  appId: string
  /** The provider's user id (the account's `subject`). */
  subject: string
}
export interface UnlinkCrossAppAccountReturnType {
  user: User
}
export type UnlinkCrossAppAccountErrorType = MustBeAuthenticatedError | ApiError | TimeoutError | NetworkError

/**
 * Removes a `cross_app` account from the signed-in user (`POST /cross-app/unlink`) and forgets its
 * provider token; publishes `unlink-success`.
 *
 * @example
 * await unlinkCrossAppAccount({ appId: account.providerApp.id, subject: account.subject })
 */
export async function unlinkCrossAppAccount({ appId, subject }: UnlinkCrossAppAccountParameters): Promise<UnlinkCrossAppAccountReturnType> {
  const before = requireLinkableUser()
  const user = applyUser(await getApiClient().post('/cross-app/unlink', { provider_app_id: appId, subject }))
  clearProviderToken(appId)
  const linkedAccount = before.linkedAccounts.find((a) => a.type === 'cross_app' && a.subject === subject) ?? null
  publish('unlink-success', { user, unlinkMethod: 'cross_app', linkedAccount })
  return { user }
}
