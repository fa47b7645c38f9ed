import type { User } from '../api/user.ts'
import { startFlow } from '../flows/uiFlow.ts'
import { requireLinkableUser } from './internal/accountChange.ts'
import { showModal } from './openModal.ts'

export type LinkEmailReturnType = User

/**
 * Opens 'Connect your email' for the signed-in user; resolves with the user after `link-success`
 * (including after an account transfer), rejects with USER_EXITED_LINK_FLOW when closed first.
 *
 * @example
 * const user = await linkEmail()
 */
export function linkEmail(): Promise<LinkEmailReturnType> {
  try {
    requireLinkableUser()
  } catch (error) {
    return Promise.reject(error)
  }
  const done = startFlow({ kind: 'link', method: 'email' })
  showModal({ name: 'link-email' })
  return done
}
