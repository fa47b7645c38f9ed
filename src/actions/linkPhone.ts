import { openAccountFlow } from './internal/openAccountFlow.ts'
import type { User } from '../api/user.ts'
import { BaseError } from '../errors/base.ts'
import { UPDATE_NEEDS_PHONE_MESSAGE } from './smsCode.ts'

/**
 * Opens 'Connect your phone'; resolves with the user after `link-success`, rejects with
 * USER_EXITED_LINK_FLOW when closed first.
 *
 * @example
 * const user = await linkPhone()
 */
export function linkPhone(): Promise<User> {
  return openAccountFlow({ kind: 'link', method: 'sms' }, { name: 'link-phone' })
}

/**
 * Opens 'Update your phone number'; resolves after `update-success`, rejects with
 * USER_EXITED_UPDATE_FLOW when closed first.
 *
 * @example
 * const user = await updatePhone()
 */
export function updatePhone(): Promise<User> {
  return openAccountFlow(
    { kind: 'update', method: 'sms' },
    { name: 'update-phone' },
    {
      check: (user) => {
        if (!user.phone) throw new BaseError(UPDATE_NEEDS_PHONE_MESSAGE, { code: 'invalid_data' })
      },
    },
  )
}
