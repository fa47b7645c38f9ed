import { getApiClient } from '../api/instance.ts'
import type { User } from '../api/user.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import type { AlreadyLoggedInError } from '../errors/link.ts'
import { OAuthInvalidCodeError, OAuthNoFlowError, OAuthStateMismatchError, OAuthUserDeniedError } from '../errors/oauth.ts'
import { publish } from '../events/bus.ts'
import { assertCanLogIn } from '../flows/loginGuard.ts'
import { clearPendingOAuth, readPendingOAuth, type OAuthReturn } from '../oauth/pending.ts'
import type { OAuthProvider } from '@gatehouse/contract/routes/app-config'
import { $config } from '../stores/config.ts'
import { accountCall, applyUser, requireLinkableUser } from './internal/accountChange.ts'
import { completeLogin, type CompletedLogin } from './internal/completeLogin.ts'

export type LoginWithOAuthParameters = OAuthReturn
export type LoginWithOAuthReturnType = (CompletedLogin & { kind: 'login' }) | { kind: 'link'; user: User }
export type LoginWithOAuthErrorType =
  OAuthNoFlowError | OAuthUserDeniedError | OAuthStateMismatchError | OAuthInvalidCodeError | AlreadyLoggedInError | ApiError | TimeoutError | NetworkError

/**
 * Finishes the OAuth flow in progress with the provider's answer: checks the returned state
 * against the stored one (a mismatch may be phishing), treats code 'undefined' as the user's
 * denial, then logs in (`POST /oauth/authenticate`) or links (`POST /oauth/link`). The stored
 * verifier and state are cleared either way.
 *
 * @example
 * const result = await loginWithOAuth({ code, state, provider: 'google' })
 */
export async function loginWithOAuth({ code, state, provider }: LoginWithOAuthParameters): Promise<LoginWithOAuthReturnType> {
  const appId = $config.get().appId!
  const pending = readPendingOAuth(appId)
  if (!pending) throw new OAuthNoFlowError()
  if (!state) throw new OAuthInvalidCodeError()
  if (pending.stateCode !== state) {
    clearPendingOAuth(appId)
    throw new OAuthStateMismatchError()
  }
  clearPendingOAuth(appId)
  const name = provider ?? pending.provider
  if (code === 'undefined') throw new OAuthUserDeniedError({ provider: name })
  const body = { authorization_code: code, state_code: state, code_verifier: pending.codeVerifier, provider: name as OAuthProvider }
  if (pending.kind === 'link') {
    requireLinkableUser()
    const user = applyUser(await accountCall(() => getApiClient().post('/oauth/link', body)))
    publish('link-success', { user, linkMethod: name, linkedAccount: user.linkedAccounts.find((a) => a.type === `${name}_oauth`) ?? null })
    return { kind: 'link', user }
  }
  assertCanLogIn()
  const mode = $config.get().app?.disableSignup ? 'no-signup' : 'login-or-sign-up'
  const response = await getApiClient().post('/oauth/authenticate', { ...body, mode })
  return { kind: 'login', ...completeLogin(response, name) }
}
