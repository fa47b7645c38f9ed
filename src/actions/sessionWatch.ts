import { getApiClient } from '../api/instance.ts'
import { ApiError } from '../errors/api.ts'
import { $session } from '../stores/session.ts'
import { endLocalSession } from './logout.ts'
import { refreshSession } from './refreshSession.ts'

/**
 * How often an open, visible page asks the server whether its session is still live. Ours: the
 * spec sets no session check (access tokens live an hour), and an operator who revokes a session
 * in the console expects the user's open page to be logged out within a minute.
 */
export const SESSION_CHECK_INTERVAL_MS = 30_000

let stopWatch: (() => void) | null = null
let checking = false

const visible = () => document.visibilityState === 'visible'
const revoked = (error: unknown) => error instanceof ApiError && error.status === 401 && error.code === 'missing_or_invalid_token'

/**
 * Asks `GET /users/me` (which checks the session is live) whether the session still stands. A
 * `missing_or_invalid_token` answer gets one refresh; when that is refused too, the session ends
 * here as it would have on the next load: local state cleared, `logout` published. Network and
 * server failures change nothing (offline is not logged out).
 *
 * @example
 * await checkSession()
 */
export async function checkSession(): Promise<void> {
  const token = $session.get().tokens?.token
  if (checking || $session.get().status !== 'authenticated' || !token) return
  checking = true
  try {
    try {
      await getApiClient().get('/users/me', { retries: 0, bearer: token })
      return
    } catch (error) {
      if (!revoked(error)) return
    }
    // A refresh or a logout elsewhere in the page since the question: that one decides.
    if ($session.get().tokens?.token !== token) return
    try {
      if ((await refreshSession()).status === 'authenticated') return
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) return
    }
    // The server already ended the session: no logout call, only the local part. A refused
    // refresh has already done it (and published `logout`); this publishes only if it has not.
    endLocalSession()
  } finally {
    checking = false
  }
}

/**
 * Starts the session watch (idempotent; `initialize` calls it): while the session is
 * authenticated and the page visible, `checkSession` every SESSION_CHECK_INTERVAL_MS, and once
 * each time the page becomes visible again. No timer runs while logged out or hidden.
 */
export function watchSession(): void {
  // No page to watch (server-side rendering, a test's stand-in document without events): no watch.
  if (stopWatch || typeof document === 'undefined' || typeof document.addEventListener !== 'function') return
  let timer: ReturnType<typeof setInterval> | undefined
  const sync = () => {
    const on = $session.get().status === 'authenticated' && visible()
    if (on && timer === undefined) timer = setInterval(() => void checkSession(), SESSION_CHECK_INTERVAL_MS)
    if (!on && timer !== undefined) {
      clearInterval(timer)
      timer = undefined
    }
  }
  const onVisibility = () => {
    sync()
    if (visible()) void checkSession()
  }
  const unlisten = $session.listen(sync)
  document.addEventListener('visibilitychange', onVisibility)
  sync()
  stopWatch = () => {
    unlisten()
    document.removeEventListener('visibilitychange', onVisibility)
    clearInterval(timer)
    stopWatch = null
  }
}

/** Stops the session watch (unit tests start each case without one). */
export function stopSessionWatch(): void {
  stopWatch?.()
}
