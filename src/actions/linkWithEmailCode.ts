import { getApiClient } from '../api/instance.ts'
import type { User } from '../api/user.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import { BaseError } from '../errors/base.ts'
import type { MustBeAuthenticatedError } from '../errors/auth.ts'
import type { GuestCannotLinkError } from '../errors/link.ts'
import { toBaseError } from '../errors/toBaseError.ts'
import { publish } from '../events/bus.ts'
import { $emailFlow, dispatchEmailFlow } from '../stores/emailFlow.ts'
import { CODE_NUMERIC_MESSAGE, isCompleteCode } from '@gatehouse/contract'
import { accountCall, applyUser, findAccount, requireLinkableUser } from './internal/accountChange.ts'

export interface LinkWithEmailCodeParameters {
  /** The 6-digit code sent by `sendEmailCode`. */
  code: string
  /** Defaults to the address the last code was sent to. */
  email?: string
}
export interface LinkWithEmailCodeReturnType {
  user: User
}
export type LinkWithEmailCodeErrorType = MustBeAuthenticatedError | GuestCannotLinkError | ApiError | TimeoutError | NetworkError

/**
 * Links an e-mail address to the signed-in user (`POST /passwordless/link`) and publishes
 * `link-success`. When the address belongs to another user the server answers
 * `account_transfer_required` with a nonce for `transferAccount`.
 *
 * @example
 * await sendEmailCode({ email: 'work@example.com' })
 * const { user } = await linkWithEmailCode({ code: '123456' })
 */
export async function linkWithEmailCode(parameters: LinkWithEmailCodeParameters): Promise<LinkWithEmailCodeReturnType> {
  requireLinkableUser()
  const flow = $emailFlow.get()
  const email = (parameters.email ?? flow.sentTo ?? flow.email).trim()
  if (!email) throw new BaseError('E-mail flows need both an e-mail and a code.', { code: 'invalid_data' })
  if (!isCompleteCode(parameters.code)) throw new BaseError(CODE_NUMERIC_MESSAGE, { code: 'invalid_data' })
  dispatchEmailFlow('SUBMIT', { error: null })
  try {
    const wire = await accountCall(() => getApiClient().post('/passwordless/link', { email, code: parameters.code }))
    const user = applyUser(wire)
    dispatchEmailFlow('SUCCEED')
    publish('link-success', { user, linkMethod: 'email', linkedAccount: findAccount(user, 'email', email) })
    return { user }
  } catch (error) {
    if ($emailFlow.get().state === 'submitting-code') dispatchEmailFlow('FAIL', { error: toBaseError(error) })
    throw error
  }
}
