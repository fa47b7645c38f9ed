import { trackEvent } from '../api/analytics.ts'
import { getApiClient } from '../api/instance.ts'
import type { WireAuthResponse } from '../api/types.ts'
import type { User } from '../api/user.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import { BaseError } from '../errors/base.ts'
import { errorDetail, toBaseError } from '../errors/toBaseError.ts'
import { publish } from '../events/bus.ts'
import { $config, termsRequired } from '../stores/config.ts'
import { $emailFlow, dispatchEmailFlow, type InvalidTransitionError } from '../stores/emailFlow.ts'
import { $pendingLogin, $session, applyAuthResponse } from '../stores/session.ts'
import { setRecentLoginMethod } from '../stores/storage.ts'
import { CODE_NUMERIC_MESSAGE, isCompleteCode } from '@gatehouse/contract'

export interface LoginWithEmailCodeParameters {
  /** The 6-digit code. */
  code: string
  /** Defaults to the address the last code was sent to. */
  email?: string
  /** Refuse to create a new user (mode 'no-signup'); defaults to the app's disableSignup. */
  disableSignup?: boolean
}
export interface LoginWithEmailCodeReturnType {
  user: User
  isNewUser: boolean
  /** The app requires terms and this user has not accepted them: show the terms step. */
  needsTermsAcceptance: boolean
}
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
  const { appId, app } = $config.get()
  const flow = $emailFlow.get()
  const email = (parameters.email ?? flow.sentTo ?? flow.email).trim()
  if (!email) throw new BaseError('E-mail flows need both an e-mail and a code.', { code: 'invalid_data' })
  if (!isCompleteCode(parameters.code)) throw new BaseError(CODE_NUMERIC_MESSAGE, { code: 'invalid_data' })
  const { status, user: current } = $session.get()
  if (status === 'authenticated' && current && !current.isGuest) {
    throw new BaseError('The user is already logged in.', { code: 'ALREADY_LOGGED_IN' })
  }
  dispatchEmailFlow('SUBMIT', { error: null })
  try {
    const response = await getApiClient().request<WireAuthResponse>('/passwordless/authenticate', {
      method: 'POST',
      body: {
        email,
        code: parameters.code,
        mode: parameters.disableSignup ?? app?.disableSignup ? 'no-signup' : 'login-or-sign-up',
      },
    })
    const session = applyAuthResponse(appId!, response)
    if (session.status !== 'authenticated' || !session.user) {
      throw new BaseError('The server did not start a session.', { code: 'UNKNOWN_AUTH_ERROR' })
    }
    const isNewUser = Boolean(response.is_new_user)
    setRecentLoginMethod(appId!, 'email')
    trackEvent('sdk_authenticate', { method: 'email', isNewUser })
    dispatchEmailFlow('SUCCEED')
    // auth-success waits for the terms step when there is one (see src/flows/postLogin.ts).
    const needsTermsAcceptance = termsRequired(app) && !session.user.hasAcceptedTerms
    const success = { user: session.user, isNewUser, loginMethod: 'email' as const }
    if (needsTermsAcceptance) $pendingLogin.set(success)
    else publish('auth-success', success)
    return { user: session.user, isNewUser, needsTermsAcceptance }
  } catch (error) {
    if ($emailFlow.get().state === 'submitting-code') dispatchEmailFlow('FAIL', { error: toBaseError(error) })
    publish('auth-error', errorDetail(error))
    throw error
  }
}
