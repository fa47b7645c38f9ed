import { getApiClient } from '../api/instance.ts'
import type { User } from '../api/user.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import { MustBeAuthenticatedError } from '../errors/auth.ts'
import { publish } from '../events/bus.ts'
import { $session } from '../stores/session.ts'
import { applyUser, findAccount } from './internal/accountChange.ts'

export interface UnlinkEmailParameters {
  address: string
}
export interface UnlinkEmailReturnType {
  user: User
}
export type UnlinkEmailErrorType = MustBeAuthenticatedError | ApiError | TimeoutError | NetworkError

/**
 * Unlinks an e-mail address from the signed-in user (`POST /passwordless/unlink`) and publishes
 * `unlink-success`. The server refuses to remove a user's only login method.
 *
 * @example
 * const { user } = await unlinkEmail({ address: 'old@example.com' })
 */
export async function unlinkEmail({ address }: UnlinkEmailParameters): Promise<UnlinkEmailReturnType> {
  const { status, user: before } = $session.get()
  if (status !== 'authenticated' || !before) throw new MustBeAuthenticatedError()
  const wire = await getApiClient().post('/passwordless/unlink', { address })
  const user = applyUser(wire)
  publish('unlink-success', { user, unlinkMethod: 'email', linkedAccount: findAccount(before, 'email', address) })
  return { user }
}
