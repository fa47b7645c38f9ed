/**
 * A wallet request with a cross-app wallet (spec part 3 §1, §5): the requester never holds the
 * provider's keys, so the request goes to the provider's transact page (`/oauth/transact`) in the
 * popup with the provider token; the provider's own wallet frame signs there, after its own
 * confirmation screen. Analytics: `cross_app_request` started, success, error.
 */
import { trackEvent } from '../api/analytics.ts'
import { CrossAppError } from '../errors/crossApp.ts'
import { randomCode } from '../oauth/pkce.ts'
import { $config } from '../stores/config.ts'
import { crossAppAccountOf } from './account.ts'
import { findConnection, providerOrigin, readProviderToken } from './connections.ts'
import { awaitPopupAnswer, openCrossAppPopup } from './popup.ts'
import { CROSS_APP_MESSAGE, CROSS_APP_TEXT } from './texts.ts'

export type CrossAppMethod = 'personal_sign' | 'eth_signTypedData_v4' | 'eth_sendTransaction' | 'eth_signTransaction'

const TRANSACTING: readonly CrossAppMethod[] = ['eth_sendTransaction', 'eth_signTransaction']

/**
 * Sends `method` with `params` to the provider of the cross-app wallet at `address` and resolves
 * with what the provider's page answered (`{ signature }` or `{ hash }`).
 *
 * @example
 * const { signature } = await crossAppRequest(address, 'personal_sign', ['Hello', address])
 */
export async function crossAppRequest(address: string, method: CrossAppMethod, params: unknown[]): Promise<{ signature?: string; hash?: string }> {
  const account = crossAppAccountOf(address)
  if (!account) throw new CrossAppError(CROSS_APP_TEXT.wrongAddress, 'CROSS_APP_WRONG_ADDRESS')
  const providerAppId = account.providerApp.id
  // Opened before any await that is not the caller's: the browser allows it only in the click's task.
  const popup = openCrossAppPopup()
  const fail = (error: CrossAppError) => {
    popup?.close()
    trackEvent('cross_app_request', { status: 'error', method, providerAppId, error: error.shortMessage })
    return error
  }
  if (!popup) throw fail(new CrossAppError(CROSS_APP_TEXT.initFailed, 'CROSS_APP_POPUP_BLOCKED'))
  let connection
  try {
    connection = await findConnection(providerAppId)
  } catch (error) {
    throw fail(error instanceof CrossAppError ? error : new CrossAppError(CROSS_APP_TEXT.initFailed, 'CROSS_APP_INIT_FAILED', error))
  }
  if (connection.read_only && TRANSACTING.includes(method)) throw fail(new CrossAppError(CROSS_APP_TEXT.readOnly, 'CROSS_APP_READ_ONLY'))
  const token = readProviderToken(providerAppId)
  if (!token) throw fail(new CrossAppError(CROSS_APP_TEXT.tokenRequired, 'CROSS_APP_TOKEN_REQUIRED'))
  trackEvent('cross_app_request', { status: 'started', method, providerAppId })
  const origin = providerOrigin(connection)
  const state = randomCode(24)
  // The token and the request ride in the fragment: never sent to a server, never in a log.
  const payload = { app_id: providerAppId, requester_app_id: $config.get().appId, token, method, params, state, origin: window.location.origin }
  popup.location.href = `${origin}/oauth/transact#${encodeURIComponent(JSON.stringify(payload, (_k, v) => (typeof v === 'bigint' ? `0x${v.toString(16)}` : v)))}`
  let answer
  try {
    answer = await awaitPopupAnswer(popup, origin, CROSS_APP_MESSAGE.result)
  } catch (error) {
    throw fail(error as CrossAppError)
  }
  popup.close()
  if (answer.state !== state) throw fail(new CrossAppError(CROSS_APP_TEXT.phishing, 'CROSS_APP_STATE_MISMATCH'))
  if (answer.error) {
    const code = answer.error === CROSS_APP_TEXT.readOnly ? 'CROSS_APP_READ_ONLY' : 'CROSS_APP_REJECTED'
    throw fail(new CrossAppError(answer.error, code))
  }
  trackEvent('cross_app_request', { status: 'success', method, providerAppId })
  return answer.result as { signature?: string; hash?: string }
}
