import { ApiError } from '../errors/api.ts'
import { MustBeAuthenticatedError, NotInitializedError } from '../errors/auth.ts'
import type { BaseError } from '../errors/base.ts'
import { getApiClient } from '../api/instance.ts'
import { $config } from '../stores/config.ts'
import { publish } from '../events/bus.ts'
import { $session, applyAuthResponse, readStoredTokens, type SessionState } from '../stores/session.ts'
import { endLocalSession } from './logout.ts'

export type RefreshSessionParameters = void
export type RefreshSessionReturnType = SessionState
export type RefreshSessionErrorType = ApiError | MustBeAuthenticatedError | NotInitializedError | BaseError

let inflight: Promise<SessionState> | null = null

/**
 * Exchanges the refresh token for new tokens (`POST /sessions`): the stored one, or with cookie
 * sessions none, and the API reads its HttpOnly cookie. Either way a device-bound session's
 * request carries the wallet frame's proof (the API client adds it). A 401 (missing or invalid
 * token) ends the session (`endLocalSession`, which publishes `logout` for a live one); other failures leave the stored tokens for a later attempt.
 * Concurrent callers share one request because the server rotates refresh tokens, and every tab
 * of the same origin takes a Web Lock first and reads the newest refresh token from storage inside
 * it: two tabs refreshing at once would otherwise present the same token twice, which the server
 * treats as theft and answers by revoking the whole session.
 *
 * @example
 * const session = await refreshSession()
 * session.status // 'authenticated'
 */
export function refreshSession(): Promise<RefreshSessionReturnType> {
  inflight ??= run().finally(() => {
    inflight = null
  })
  return inflight
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>
}

function run(): Promise<SessionState> {
  const { appId } = $config.get()
  if (!appId) return Promise.reject(new NotInitializedError())
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks
  return locks ? locks.request(`gatehouse:${appId}:refresh`, () => exchange(appId)) : exchange(appId)
}

async function exchange(appId: string): Promise<SessionState> {
  // Storage first: another tab may have rotated the refresh token since this page loaded.
  const tokens = readStoredTokens(appId) ?? $session.get().tokens
  if (!tokens?.token && !tokens?.refreshToken && !tokens?.refreshInCookie) throw new MustBeAuthenticatedError()
  try {
    const response = await getApiClient().post('/sessions', tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {}, { bearer: tokens.token || null })
    const live = $session.get().status === 'authenticated'
    const state = applyAuthResponse(appId, response)
    // The server ended a live session (session_update_action 'clear'): the host hears `logout`.
    if (live && state.status !== 'authenticated') publish('logout', null)
    return state
  } catch (error) {
    // A refused refresh ends the session; a live one with `logout` (startup's is not live yet).
    if (error instanceof ApiError && error.status === 401) endLocalSession()
    throw error
  }
}
