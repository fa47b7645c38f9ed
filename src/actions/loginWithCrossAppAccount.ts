import { getApiClient } from '../api/instance.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import type { CrossAppError } from '../errors/crossApp.ts'
import type { AlreadyLoggedInError } from '../errors/link.ts'
import { connectProvider, failFlow, finishFlow } from '../crossapp/connect.ts'
import { storeProviderToken } from '../crossapp/connections.ts'
import { openCrossAppPopup } from '../crossapp/popup.ts'
import { showModal } from './openModal.ts'
import { $crossAppFlow } from '../stores/crossAppFlow.ts'
import { assertCanLogIn } from '../flows/loginGuard.ts'
import { completeLogin, type CompletedLogin } from './internal/completeLogin.ts'

export interface LoginWithCrossAppAccountParameters {
  /** The provider app's id (one of `GET /apps/:app_id/cross-app/connections`). */
  appId: string
}
export type LoginWithCrossAppAccountReturnType = CompletedLogin
export type LoginWithCrossAppAccountErrorType = CrossAppError | AlreadyLoggedInError | ApiError | TimeoutError | NetworkError

/**
 * Logs in with another app's account (spec part 3 §1 'Cross-app login'): opens the provider's
 * 440×680 popup, where the user logs in to the provider and approves this app; then trades the
 * answered code (`POST /cross-app/authenticate`) for a session holding a `cross_app` account (the
 * provider's wallets) and keeps the provider token for wallet requests. Call it in a click handler.
 *
 * @example
 * const { user } = await loginWithCrossAppAccount({ appId: 'clprovider0000000000000000' })
 */
export async function loginWithCrossAppAccount({ appId }: LoginWithCrossAppAccountParameters): Promise<LoginWithCrossAppAccountReturnType> {
  assertCanLogIn()
  const popup = openCrossAppPopup()
  $crossAppFlow.set({ status: 'idle' })
  if (popup) showModal({ name: 'cross-app-status' })
  let name = appId
  try {
    const { connection, code, codeVerifier } = await connectProvider(appId, popup)
    name = connection.provider_app_name
    const response = await getApiClient().post('/cross-app/authenticate', { provider_app_id: appId, code, code_verifier: codeVerifier })
    const tokens = response.oauth_tokens as { access_token: string; access_token_expires_in_seconds: number }
    storeProviderToken(appId, tokens.access_token, tokens.access_token_expires_in_seconds)
    const completed = completeLogin(response, 'cross_app')
    finishFlow(name, { user: completed.user, isNewUser: completed.isNewUser, loginMethod: 'cross_app' })
    return completed
  } catch (error) {
    failFlow(name, error)
    throw error
  }
}
