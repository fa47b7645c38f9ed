import type { User } from '../api/user.ts'
import { startFlow } from '../flows/uiFlow.ts'
import { requireLinkableUser } from './internal/accountChange.ts'
import { showModal } from './openModal.ts'

export type LinkPasskeyReturnType = User

/**
 * Opens the passkey status screen to create a passkey and link it to the signed-in user; resolves
 * with the user after `link-success`, rejects with USER_EXITED_LINK_FLOW when closed first.
 *
 * @example
 * const user = await linkPasskey()
 */
export function linkPasskey(): Promise<LinkPasskeyReturnType> {
  try {
    requireLinkableUser()
  } catch (error) {
    return Promise.reject(error)
  }
  const done = startFlow({ kind: 'link', method: 'passkey' })
  showModal({ name: 'passkey-status', intent: 'link' })
  return done
}
