import { getApiClient } from '../api/instance.ts'
import type { User } from '../api/user.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import type { AlreadyLoggedInError } from '../errors/link.ts'
import { errorDetail } from '../errors/toBaseError.ts'
import { publish } from '../events/bus.ts'
import { assertCanLogIn } from '../flows/loginGuard.ts'
import { $config } from '../stores/config.ts'
import { accountCall, applyUser, requireLinkableUser } from './internal/accountChange.ts'
import { completeLogin, type CompletedLogin } from './internal/completeLogin.ts'

export interface LoginWithFarcasterParameters {
  /** The relay channel opened by `farcaster/init`. */
  channelToken: string
  /** The SIWF message and signature the user's Farcaster client put on the channel. */
  message: string
  signature: string
  fid: number
  /** Link to the signed-in user instead of logging in. */
  link?: boolean
}
export type LoginWithFarcasterReturnType = CompletedLogin | { user: User }
export type LoginWithFarcasterErrorType = AlreadyLoggedInError | ApiError | TimeoutError | NetworkError

/**
 * Hands a completed channel's signed message to `POST /farcaster/authenticate` (or `/farcaster/link`),
 * where the server checks it against the custody address of the fid. Publishes `auth-success` /
 * `link-success` (or `auth-error`). The Farcaster screen calls it once its poll completes. A
 * login is refused while a non-guest user is logged in (spec §5).
 *
 * @example
 * const status = await pollFarcasterStatus(channel.channel_token)
 * await loginWithFarcaster({ channelToken: channel.channel_token, ...status })
 */
export async function loginWithFarcaster({ channelToken, message, signature, fid, link }: LoginWithFarcasterParameters): Promise<LoginWithFarcasterReturnType> {
  const body = { channel_token: channelToken, message, signature, fid }
  const api = getApiClient()
  if (link) {
    requireLinkableUser()
    const user = applyUser(await accountCall(() => api.post('/farcaster/link', body)))
    publish('link-success', { user, linkMethod: 'farcaster', linkedAccount: user.linkedAccounts.find((a) => a.type === 'farcaster') ?? null })
    return { user }
  }
  assertCanLogIn()
  try {
    const mode = $config.get().app?.disableSignup ? 'no-signup' : 'login-or-sign-up'
    return completeLogin(await api.post('/farcaster/authenticate', { ...body, mode }), 'farcaster')
  } catch (error) {
    publish('auth-error', errorDetail(error))
    throw error
  }
}
