import type { User } from '../api/user.ts'
import { BaseError } from '../errors/base.ts'
import { startFlow } from '../flows/uiFlow.ts'
import { requireLinkableUser } from './internal/accountChange.ts'
import { showModal } from './openModal.ts'
import { UPDATE_NEEDS_PHONE_MESSAGE } from './smsCode.ts'

/**
 * Opens 'Connect your phone'; resolves with the user after `link-success`, rejects with
 * USER_EXITED_LINK_FLOW when closed first.
 *
 * @example
 * const user = await linkPhone()
 */
export function linkPhone(): Promise<User> {
  try {
    requireLinkableUser()
  } catch (error) {
    return Promise.reject(error)
  }
  const done = startFlow({ kind: 'link', method: 'sms' })
  showModal({ name: 'link-phone' })
  return done
}

/**
 * Opens 'Update your phone number'; resolves after `update-success`, rejects with
 * USER_EXITED_UPDATE_FLOW when closed first.
 *
 * @example
 * const user = await updatePhone()
 */
export function updatePhone(): Promise<User> {
  try {
    if (!requireLinkableUser().phone) throw new BaseError(UPDATE_NEEDS_PHONE_MESSAGE, { code: 'invalid_data' })
  } catch (error) {
    return Promise.reject(error)
  }
  const done = startFlow({ kind: 'update', method: 'sms' })
  showModal({ name: 'update-phone' })
  return done
}
