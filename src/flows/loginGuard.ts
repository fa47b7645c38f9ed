import { AlreadyLoggedInError } from '../errors/link.ts'
import { $session } from '../stores/session.ts'

/**
 * A non-guest user is logged in: spec §5 refuses another login until logout. A guest may log in
 * to a real account, so a guest session does not count.
 */
export function isLoggedIn(): boolean {
  const { status, user } = $session.get()
  return status === 'authenticated' && Boolean(user) && !user!.isGuest
}

/**
 * The already-logged-in guard every login action runs before it calls the server.
 *
 * @example
 * assertCanLogIn() // throws AlreadyLoggedInError (ALREADY_LOGGED_IN) while a non-guest user is logged in
 */
export function assertCanLogIn(): void {
  if (isLoggedIn()) throw new AlreadyLoggedInError()
}
