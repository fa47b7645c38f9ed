import { getApiClient } from '../api/instance.ts'
import { publish } from '../events/bus.ts'
import { $config } from '../stores/config.ts'
import { $emailFlow } from '../stores/emailFlow.ts'
import { $session, clearSession } from '../stores/session.ts'

export type LogoutParameters = void
export type LogoutReturnType = void
/** Never throws: a failed server call still clears local state. */
export type LogoutErrorType = never

/**
 * Calls the server, then ends the session locally even if the call failed (`endLocalSession`:
 * `logout` is published when a live session ended). `announce: false` only where the host never
 * saw the session (the startup refresh of a user who still owes the terms).
 */
export async function endSession({ announce = true }: { announce?: boolean } = {}): Promise<void> {
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
  endLocalSession({ announce })
}

/**
 * The local part of a logout: tokens, session and flow state (also for a session the server
 * already ended: a refused refresh, a revoked session). Every path that ends a session comes here,
 * and `logout` is published here: once, when the session was live (`authenticated`) until now, so
 * a second path ending the same session (a logout racing a refused refresh) publishes nothing.
 */
export function endLocalSession({ announce = true }: { announce?: boolean } = {}): void {
  const live = $session.get().status === 'authenticated'
  clearSession($config.get().appId)
  $emailFlow.set({ state: 'idle', email: '', sentTo: null, error: null, inlineError: null })
  if (announce && live) publish('logout', null)
}

/**
 * Logs the user out: `POST /sessions/logout`, then wipes tokens and flow state and publishes
 * `logout` when a session existed (once, however many calls overlap).
 *
 * @example
 * await logout()
 */
export async function logout(): Promise<LogoutReturnType> {
  await endSession()
}
