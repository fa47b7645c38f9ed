import { getApiClient } from '../api/instance.ts'
import type { User } from '../api/user.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import type { MustBeAuthenticatedError } from '../errors/auth.ts'
import { publish } from '../events/bus.ts'
import { applyUser, findAccount, requireLinkableUser } from './internal/accountChange.ts'

export interface UnlinkFarcasterParameters {
  /** The Farcaster id (`user.farcaster.fid`). */
  fid: number
}
export interface UnlinkFarcasterReturnType {
  user: User
}
export type UnlinkFarcasterErrorType = MustBeAuthenticatedError | ApiError | TimeoutError | NetworkError

/**
 * Unlinks the signed-in user's Farcaster account (`POST /farcaster/unlink { fid }`); publishes `unlink-success`.
 *
 * @example
 * await unlinkFarcaster({ fid: user.farcaster.fid })
 */
export async function unlinkFarcaster({ fid }: UnlinkFarcasterParameters): Promise<UnlinkFarcasterReturnType> {
  const before = requireLinkableUser()
  const user = applyUser(await getApiClient().post('/farcaster/unlink', { fid }))
  publish('unlink-success', { user, unlinkMethod: 'farcaster', linkedAccount: findAccount(before, 'farcaster', String(fid)) })
  return { user }
}
