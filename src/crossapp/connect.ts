/**
 * The connect step of cross-app login and link (spec part 3 §1, §4): the popup shows the provider's
 * connect page (its own login, then consent); the page answers a code bound to our PKCE challenge
 * and our state code. A state that differs is a possible phishing attempt and is refused.
 */
import { CrossAppError } from '../errors/crossApp.ts'
import { createPkce } from '../oauth/pkce.ts'
import { $config } from '../stores/config.ts'
import { $crossAppFlow } from '../stores/crossAppFlow.ts'
import { $modal, currentScreen } from '../stores/modal.ts'
import { completeFlow } from '../flows/completion.ts'
import type { PostLoginContext } from '../flows/postLogin.ts'
import { findConnection, providerOrigin, type CrossAppConnection } from './connections.ts'
import { awaitPopupAnswer } from './popup.ts'
import { CROSS_APP_MESSAGE, CROSS_APP_SUCCESS_CLOSE_MS, CROSS_APP_TEXT } from './texts.ts'

export interface ConnectedProvider {
  connection: CrossAppConnection
  code: string
  codeVerifier: string
}

export async function connectProvider(providerAppId: string, popup: Window | null): Promise<ConnectedProvider> {
  if (!popup) throw new CrossAppError(CROSS_APP_TEXT.initFailed, 'CROSS_APP_POPUP_BLOCKED')
  let connection: CrossAppConnection
  try {
    connection = await findConnection(providerAppId)
  } catch (error) {
    popup.close()
    throw error
  }
  $crossAppFlow.set({ status: 'connecting', providerName: connection.provider_app_name })
  const { codeVerifier, codeChallenge, stateCode } = await createPkce()
  const origin = providerOrigin(connection)
  const query = new URLSearchParams({
    requester_app_id: $config.get().appId!,
    code_challenge: codeChallenge,
    state: stateCode,
    origin: window.location.origin,
  })
  popup.location.href = `${origin}/apps/${providerAppId}/cross-app/connect?${query}`
  const answer = await awaitPopupAnswer(popup, origin, CROSS_APP_MESSAGE.connect, CROSS_APP_TEXT.canceled)
  popup.close()
  if (answer.state !== stateCode) throw new CrossAppError(CROSS_APP_TEXT.phishing, 'CROSS_APP_STATE_MISMATCH')
  if (answer.error || !answer.code) throw new CrossAppError(CROSS_APP_TEXT.connectError(connection.provider_app_name), 'CROSS_APP_CONNECT_FAILED')
  return { connection, code: answer.code, codeVerifier }
}

/**
 * Success shows for 1.4 s (spec §9), then the login goes on as every login does (terms, wallet
 * creation, spec §4) or the modal closes; only while the status screen is still what the user sees.
 */
export function finishFlow(providerName: string, context: PostLoginContext | null): void {
  $crossAppFlow.set({ status: 'success', providerName })
  completeFlow(
    context,
    (_ms, run) =>
      setTimeout(() => {
        if ($modal.get().open && currentScreen().name === 'cross-app-status') run()
      }, CROSS_APP_SUCCESS_CLOSE_MS),
    'provider',
  )
}

export function failFlow(providerName: string, error: unknown): void {
  $crossAppFlow.set({ status: 'error', providerName, message: error instanceof CrossAppError ? error.shortMessage : CROSS_APP_TEXT.failed })
}
