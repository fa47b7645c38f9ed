import { getApiClient } from '../api/instance.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import { BaseError } from '../errors/base.ts'
import { errorDetail, toBaseError } from '../errors/toBaseError.ts'
import { publish } from '../events/bus.ts'
import { assertCanLogIn } from '../flows/loginGuard.ts'
import { $config } from '../stores/config.ts'
import { $emailFlow, dispatchEmailFlow, type InvalidTransitionError } from '../stores/emailFlow.ts'
import { CODE_NUMERIC_MESSAGE, isCompleteCode } from '@gatehouse/contract'
import { completeLogin, type CompletedLogin } from './internal/completeLogin.ts'

export interface LoginWithEmailCodeParameters {
  /** The 6-digit code. */
  code: string
  /** Defaults to the address the last code was sent to. */
  email?: string
  /** Refuse to create a new user (mode 'no-signup'); defaults to the app's disableSignup. */
  disableSignup?: boolean
}
export type LoginWithEmailCodeReturnType = CompletedLogin
export type LoginWithEmailCodeErrorType = BaseError | InvalidTransitionError | ApiError | TimeoutError | NetworkError

/**
 * Logs in or signs up with the e-mail code (`POST /passwordless/authenticate`), stores the
 * tokens by session_update_action and publishes `auth-success` (deferred until acceptTerms when
 * the app requires terms). Publishes `auth-error` on failure.
 *
 * @example
 * await sendEmailCode({ email: 'ada@example.com' })
 * const { user, isNewUser } = await loginWithEmailCode({ code: '123456' })
 */
export async function loginWithEmailCode(parameters: LoginWithEmailCodeParameters): Promise<LoginWithEmailCodeReturnType> {
  const { app } = $config.get()
  const flow = $emailFlow.get()
  const email = (parameters.email ?? flow.sentTo ?? flow.email).trim()
  if (!email) throw new BaseError('E-mail flows need both an e-mail and a code.', { code: 'invalid_data' })
  if (!isCompleteCode(parameters.code)) throw new BaseError(CODE_NUMERIC_MESSAGE, { code: 'invalid_data' })
  assertCanLogIn()
  dispatchEmailFlow('SUBMIT', { error: null })
  try {
    const response = await getApiClient().post('/passwordless/authenticate', {
      email,
      code: parameters.code,
      mode: (parameters.disableSignup ?? app?.disableSignup) ? 'no-signup' : 'login-or-sign-up',
    })
    const completed = completeLogin(response, 'email')
    dispatchEmailFlow('SUCCEED')
    return completed
  } catch (error) {
    if ($emailFlow.get().state === 'submitting-code') dispatchEmailFlow('FAIL', { error: toBaseError(error) })
    publish('auth-error', errorDetail(error))
    throw error
  }
}
