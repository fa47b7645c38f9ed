import type { User } from '../api/user.ts'
import { BaseError } from '../errors/base.ts'
import { startFlow } from '../flows/uiFlow.ts'
import { requireLinkableUser } from './internal/accountChange.ts'
import { showModal } from './openModal.ts'
import { UPDATE_NEEDS_EMAIL_MESSAGE } from './updateEmailWithCode.ts'

export type UpdateEmailReturnType = User

/**
 * Opens 'Update your email' for a signed-in user who has an e-mail; resolves with the user after
 * `update-success`, rejects with USER_EXITED_UPDATE_FLOW when closed first.
 *
 * @example
 * const user = await updateEmail()
 */
export function updateEmail(): Promise<UpdateEmailReturnType> {
  try {
    const user = requireLinkableUser()
    if (!user.email) throw new BaseError(UPDATE_NEEDS_EMAIL_MESSAGE, { code: 'invalid_data' })
  } catch (error) {
    return Promise.reject(error)
  }
  const done = startFlow({ kind: 'update', method: 'email' })
  showModal({ name: 'update-email' })
  return done
}
