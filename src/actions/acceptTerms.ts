import { getApiClient } from '../api/instance.ts'
import { toUser, type User } from '../api/user.ts'
import type { ApiError } from '../errors/api.ts'
import { MustBeAuthenticatedError } from '../errors/auth.ts'
import { publish } from '../events/bus.ts'
import { $pendingLogin, $session, setSessionUser } from '../stores/session.ts'

export type AcceptTermsParameters = void
export interface AcceptTermsReturnType {
  user: User
}
export type AcceptTermsErrorType = MustBeAuthenticatedError | ApiError

/**
 * Records that the user accepted the app's terms (`POST /users/me/accept_terms`) and completes
 * a login that was waiting for it (publishes `auth-success`).
 *
 * @example
 * const { user } = await acceptTerms()
 * user.hasAcceptedTerms // true
 */
export async function acceptTerms(): Promise<AcceptTermsReturnType> {
  if ($session.get().status !== 'authenticated') throw new MustBeAuthenticatedError()
  const response = await getApiClient().post('/users/me/accept_terms', {})
  const user = toUser(response.user)
  setSessionUser(user)
  const pending = $pendingLogin.get()
  if (pending) {
    $pendingLogin.set(null)
    publish('auth-success', { ...pending, user })
  }
  return { user }
}
