import { getApiClient } from '../api/instance.ts'
import { publish } from '../events/bus.ts'
import { $config } from '../stores/config.ts'
import { $emailFlow } from '../stores/emailFlow.ts'
import { $session, clearSession } from '../stores/session.ts'

export type LogoutParameters = void
export type LogoutReturnType = void
/** Never throws: a failed server call still clears local state. */
export type LogoutErrorType = never

/** Calls the server, then clears local state even if the call failed. No event. */
export async function endSession(): Promise<void> {
  const { appId } = $config.get()
  const { tokens } = $session.get()
  if (appId && tokens) {
    try {
      // No retries: the user asked to leave, and local state is cleared regardless.
      await getApiClient().post('/sessions/logout', { refresh_token: tokens.refreshToken }, { retries: 0 })
    } catch {
      // Server unreachable or session already gone: the local logout still happens.
    }
  }
  endLocalSession()
}

/** The local part of a logout: tokens, session and flow state (also for a session the server already ended). */
export function endLocalSession(): void {
  clearSession($config.get().appId)
  $emailFlow.set({ state: 'idle', email: '', sentTo: null, error: null, inlineError: null })
}

/**
 * Logs the user out: `POST /sessions/logout`, then wipes tokens and flow state and publishes
 * `logout` when a session existed.
 *
 * @example
 * await logout()
 */
export async function logout(): Promise<LogoutReturnType> {
  const wasAuthenticated = $session.get().status === 'authenticated'
  await endSession()
  if (wasAuthenticated) publish('logout', null)
}
