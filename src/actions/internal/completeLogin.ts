import { trackEvent } from '../../api/analytics.ts'
import type { AuthResponse } from '../../api/types.ts'
import type { User } from '../../api/user.ts'
import { BaseError } from '../../errors/base.ts'
import { publish } from '../../events/bus.ts'
import { $config, termsRequired } from '../../stores/config.ts'
import { $pendingLogin, applyAuthResponse } from '../../stores/session.ts'
import { setRecentLoginMethod } from '../../stores/storage.ts'

export interface CompletedLogin {
  user: User
  isNewUser: boolean
  /** The app requires terms and this user has not accepted them: show the terms step. */
  needsTermsAcceptance: boolean
}

/**
 * What every login method does with an auth response: store the session, remember the method
 * (the landing screen's "most recent" choice), report analytics, and publish `auth-success` —
 * deferred until terms acceptance when the app requires it (see src/flows/postLogin.ts).
 */
export function completeLogin(response: AuthResponse, loginMethod: string): CompletedLogin {
  const { appId, app } = $config.get()
  const session = applyAuthResponse(appId!, response)
  if (session.status !== 'authenticated' || !session.user) {
    throw new BaseError('The server did not start a session.', { code: 'UNKNOWN_AUTH_ERROR' })
  }
  const isNewUser = Boolean(response.is_new_user)
  setRecentLoginMethod(appId!, loginMethod)
  trackEvent('sdk_authenticate', { method: loginMethod, isNewUser })
  const needsTermsAcceptance = termsRequired(app) && !session.user.hasAcceptedTerms
  const success = { user: session.user, isNewUser, loginMethod }
  if (needsTermsAcceptance) $pendingLogin.set(success)
  else publish('auth-success', success)
  return { user: session.user, isNewUser, needsTermsAcceptance }
}
