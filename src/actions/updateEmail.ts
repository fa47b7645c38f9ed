import { openAccountFlow } from './internal/openAccountFlow.ts'
import type { User } from '../api/user.ts'
import { BaseError } from '../errors/base.ts'
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
  return openAccountFlow(
    { kind: 'update', method: 'email' },
    { name: 'update-email' },
    {
      check: (user) => {
        if (!user.email) throw new BaseError(UPDATE_NEEDS_EMAIL_MESSAGE, { code: 'invalid_data' })
      },
    },
  )
}
