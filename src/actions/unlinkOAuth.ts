import { getApiClient } from '../api/instance.ts'
import type { User } from '../api/user.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import type { MustBeAuthenticatedError } from '../errors/auth.ts'
import { publish } from '../events/bus.ts'
import type { OAuthProvider } from '@gatehouse/contract/routes/app-config'
import { applyUser, findAccount, requireLinkableUser } from './internal/accountChange.ts'

export interface UnlinkOAuthParameters {
  provider: string
  /** The provider's user id (the account's `subject`). */
  subject: string
}
export interface UnlinkOAuthReturnType {
  user: User
}
export type UnlinkOAuthErrorType = MustBeAuthenticatedError | ApiError | TimeoutError | NetworkError

/**
 * Unlinks an OAuth account from the signed-in user (`POST /oauth/unlink`); publishes `unlink-success`.
 *
 * @example
 * await unlinkOAuth({ provider: 'google', subject: account.subject })
 */
export async function unlinkOAuth({ provider, subject }: UnlinkOAuthParameters): Promise<UnlinkOAuthReturnType> {
  const before = requireLinkableUser()
  const user = applyUser(await getApiClient().post('/oauth/unlink', { provider: provider as OAuthProvider, subject }))
  publish('unlink-success', { user, unlinkMethod: provider, linkedAccount: findAccount(before, `${provider}_oauth`, subject) })
  return { user }
}
