import { getApiClient } from '../api/instance.ts'
import { toUser, type User } from '../api/user.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import { MustBeAuthenticatedError } from '../errors/auth.ts'
import { $config } from '../stores/config.ts'
import { $session, storeTokens } from '../stores/session.ts'

export type RefreshUserParameters = void
export type RefreshUserReturnType = User
export type RefreshUserErrorType = MustBeAuthenticatedError | ApiError | TimeoutError | NetworkError

/** Spec §9 'Account query retry': up to 10 attempts, 500 ms apart. */
export const ACCOUNT_QUERY_ATTEMPTS = 10
export const ACCOUNT_QUERY_DELAY_MS = 500

/**
 * Reads the signed-in user again (`GET /users/me`) and stores it with the fresh identity token.
 * Transient failures (timeouts, 408/409/425/5xx) are retried up to 10 attempts 500 ms apart
 * rather than the usual tripled back-off: a host calls this right after a change made elsewhere
 * (its backend, another tab) and wants the answer soon.
 *
 * @example
 * const user = await refreshUser()
 * user.linkedAccounts.length
 */
export async function refreshUser(): Promise<RefreshUserReturnType> {
  const { appId } = $config.get()
  const { status, tokens } = $session.get()
  if (status !== 'authenticated' || !tokens) throw new MustBeAuthenticatedError()
  const response = await getApiClient().get('/users/me', {
    retries: ACCOUNT_QUERY_ATTEMPTS - 1,
    retryDelayMs: ACCOUNT_QUERY_DELAY_MS,
  })
  const user = toUser(response.user)
  const current = $session.get()
  // A logout while the query was retrying wins.
  if (current.status !== 'authenticated' || !current.tokens) throw new MustBeAuthenticatedError()
  const next = { ...current.tokens, identityToken: response.identity_token ?? current.tokens.identityToken }
  if (appId) storeTokens(appId, next)
  $session.set({ status: 'authenticated', user, tokens: next })
  return user
}
