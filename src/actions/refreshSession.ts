import { ApiError } from '../errors/api.ts'
import { MustBeAuthenticatedError, NotInitializedError } from '../errors/auth.ts'
import type { BaseError } from '../errors/base.ts'
import { getApiClient } from '../api/instance.ts'
import type { WireAuthResponse } from '../api/types.ts'
import { $config } from '../stores/config.ts'
import { $session, applyAuthResponse, clearSession, readStoredTokens, type SessionState } from '../stores/session.ts'

export type RefreshSessionParameters = void
export type RefreshSessionReturnType = SessionState
export type RefreshSessionErrorType = ApiError | MustBeAuthenticatedError | NotInitializedError | BaseError

let inflight: Promise<SessionState> | null = null

/**
 * Exchanges the refresh token for new tokens (`POST /sessions`). A 401 (missing or invalid
 * token) wipes the session; other failures leave the stored tokens for a later attempt.
 * Concurrent callers share one request because the server rotates refresh tokens.
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

async function run(): Promise<SessionState> {
  const { appId } = $config.get()
  if (!appId) throw new NotInitializedError()
  const tokens = $session.get().tokens ?? readStoredTokens(appId)
  if (!tokens?.token && !tokens?.refreshToken) throw new MustBeAuthenticatedError()
  try {
    const response = await getApiClient().request<WireAuthResponse>('/sessions', {
      method: 'POST',
      body: tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {},
      bearer: tokens.token || null,
    })
    return applyAuthResponse(appId, response)
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearSession(appId)
    throw error
  }
}
