import { getApiClient } from '../api/instance.ts'
import type { User } from '../api/user.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import type { MustBeAuthenticatedError } from '../errors/auth.ts'
import type { CrossAppError } from '../errors/crossApp.ts'
import { connectProvider, failFlow, finishFlow } from '../crossapp/connect.ts'
import { storeProviderToken } from '../crossapp/connections.ts'
import { openCrossAppPopup } from '../crossapp/popup.ts'
import { showModal } from './openModal.ts'
import { $crossAppFlow } from '../stores/crossAppFlow.ts'
import { publish } from '../events/bus.ts'
import { accountCall, applyUser, requireLinkableUser } from './internal/accountChange.ts'

export interface LinkCrossAppAccountParameters {
  /** The provider app's id. */
  appId: string
}
export interface LinkCrossAppAccountReturnType {
  user: User
}
export type LinkCrossAppAccountErrorType = CrossAppError | MustBeAuthenticatedError | ApiError | TimeoutError | NetworkError

/**
 * Links another app's account to the signed-in user through the provider's popup (`POST
 * /cross-app/link`); publishes `link-success` with the `cross_app` account. Call it in a click handler.
 *
 * @example
 * await linkCrossAppAccount({ appId: 'clprovider0000000000000000' })
 */
export async function linkCrossAppAccount({ appId }: LinkCrossAppAccountParameters): Promise<LinkCrossAppAccountReturnType> {
  requireLinkableUser()
  const popup = openCrossAppPopup()
  $crossAppFlow.set({ status: 'idle' })
  if (popup) showModal({ name: 'cross-app-status' })
  let name = appId
  try {
    const { connection, code, codeVerifier } = await connectProvider(appId, popup)
    name = connection.provider_app_name
    const answer = await accountCall(() => getApiClient().post('/cross-app/link', { provider_app_id: appId, code, code_verifier: codeVerifier }))
    storeProviderToken(appId, answer.oauth_tokens.access_token, answer.oauth_tokens.access_token_expires_in_seconds)
    const user = applyUser(answer.user)
    const linkedAccount = user.linkedAccounts.find((a) => a.type === 'cross_app' && (a.providerApp as { id?: string } | undefined)?.id === appId) ?? null
    publish('link-success', { user, linkMethod: 'cross_app', linkedAccount })
    finishFlow(name, null)
    return { user }
  } catch (error) {
    failFlow(name, error)
    throw error
  }
}
