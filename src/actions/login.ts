import type { User } from '../api/user.ts'
import { AlreadyLoggedInError } from '../errors/link.ts'
import { startFlow } from '../flows/uiFlow.ts'
import { $session } from '../stores/session.ts'
import { openModal } from './openModal.ts'

export interface LoginParameters {
  /** Start with this method ('email' … ); defaults to the landing screen with every method. */
  method?: string
}
export type LoginReturnType = User
export type LoginErrorType = AlreadyLoggedInError

/**
 * Opens the login modal and resolves with the user once the login completes (`auth-success`,
 * after terms when required); rejects with USER_EXITED_AUTH_FLOW when the modal closes first.
 * Refused while a non-guest user is logged in (spec §5).
 *
 * @example
 * const user = await login()
 */
export function login(parameters: LoginParameters = {}): Promise<LoginReturnType> {
  const { status, user } = $session.get()
  if (status === 'authenticated' && user && !user.isGuest) return Promise.reject(new AlreadyLoggedInError())
  const done = startFlow({ kind: 'login', method: parameters.method ?? 'any' })
  openModal()
  return done
}
