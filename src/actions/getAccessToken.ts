import { isExpiring } from '../api/jwt.ts'
import { $config } from '../stores/config.ts'
import { $session, type SessionState } from '../stores/session.ts'
import { refreshSession } from './refreshSession.ts'

export type GetAccessTokenParameters = void
export type GetAccessTokenReturnType = string | null
/** Never throws: failures resolve null. */
export type GetAccessTokenErrorType = never

function settled(): Promise<SessionState> {
  return new Promise((resolve) => {
    const unsubscribe = $session.subscribe((state) => {
      if (state.status === 'loading') return
      queueMicrotask(() => unsubscribe())
      resolve(state)
    })
  })
}

/**
 * The current access token for calls to the host's backend, refreshed first when it expires
 * within 30 s. Resolves null when logged out. Waits for the startup refresh to settle.
 *
 * @example
 * const token = await getAccessToken()
 * await fetch('/api/me', { headers: { Authorization: `Bearer ${token}` } })
 */
export async function getAccessToken(): Promise<GetAccessTokenReturnType> {
  if (!$config.get().appId) return null
  const session = $session.get().status === 'loading' ? await settled() : $session.get()
  if (session.status !== 'authenticated' || !session.tokens) return null
  if (!isExpiring(session.tokens.token)) return session.tokens.token
  try {
    const next = await refreshSession()
    return next.status === 'authenticated' ? (next.tokens?.token ?? null) : null
  } catch {
    // Server unreachable: a token that has not actually expired is still usable.
    const token = $session.get().tokens?.token
    return token && !isExpiring(token, Date.now() - 30_000) ? token : null
  }
}
