import { getApiClient } from '../api/instance.ts'
import type { User } from '../api/user.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import { BaseError } from '../errors/base.ts'
import type { MustBeAuthenticatedError } from '../errors/auth.ts'
import { toBaseError } from '../errors/toBaseError.ts'
import { publish } from '../events/bus.ts'
import { $emailFlow, dispatchEmailFlow } from '../stores/emailFlow.ts'
import { CODE_NUMERIC_MESSAGE, isCompleteCode } from '@gatehouse/contract'
import { accountCall, applyUser, findAccount, requireLinkableUser } from './internal/accountChange.ts'

export const UPDATE_NEEDS_EMAIL_MESSAGE = 'User is required to have an email address to update it.'

export interface UpdateEmailWithCodeParameters {
  /** The code sent to the new address. */
  code: string
  /** Defaults to the address the last code was sent to. */
  newAddress?: string
}
export interface UpdateEmailWithCodeReturnType {
  user: User
}
export type UpdateEmailWithCodeErrorType = MustBeAuthenticatedError | BaseError | ApiError | TimeoutError | NetworkError

/**
 * Replaces the signed-in user's e-mail (`POST /passwordless/update` with oldAddress, newAddress
 * and the code sent to the new address) and publishes `update-success`.
 *
 * @example
 * await sendEmailCode({ email: 'new@example.com' })
 * await updateEmailWithCode({ code: '123456' })
 */
export async function updateEmailWithCode(parameters: UpdateEmailWithCodeParameters): Promise<UpdateEmailWithCodeReturnType> {
  const current = requireLinkableUser()
  const oldAddress = current.email?.address
  if (!oldAddress) throw new BaseError(UPDATE_NEEDS_EMAIL_MESSAGE, { code: 'invalid_data' })
  const flow = $emailFlow.get()
  const newAddress = (parameters.newAddress ?? flow.sentTo ?? flow.email).trim()
  if (!isCompleteCode(parameters.code)) throw new BaseError(CODE_NUMERIC_MESSAGE, { code: 'invalid_data' })
  dispatchEmailFlow('SUBMIT', { error: null })
  try {
    const wire = await accountCall(() => getApiClient().post('/passwordless/update', { oldAddress, newAddress, code: parameters.code }))
    const user = applyUser(wire)
    dispatchEmailFlow('SUCCEED')
    publish('update-success', { user, updateMethod: 'email', linkedAccount: findAccount(user, 'email', newAddress) })
    return { user }
  } catch (error) {
    if ($emailFlow.get().state === 'submitting-code') dispatchEmailFlow('FAIL', { error: toBaseError(error) })
    throw error
  }
}
