/**
 * The provider's side in the browser, for its popup pages (server/routes/cross-app-pages.ts): the
 * signed-in provider user approves a requester, and the transact page checks the requester's token.
 * Both go through the widget's API client, so a device-bound session's proof comes along.
 */
import { getApiClient } from '../api/instance.ts'

/** The signed-in user approves `requesterAppId`: a one-time code bound to the requester's PKCE challenge. */
export async function approveCrossAppConnection(requesterAppId: string, codeChallenge: string, origin: string): Promise<string> {
  const { code } = await getApiClient().post('/cross-app/authorize', { requester_app_id: requesterAppId, code_challenge: codeChallenge, origin })
  return code
}

/** The token a requester handed the transact page: whose, for which requester, read-only or not. */
export function verifyCrossAppToken(token: string, origin: string) {
  return getApiClient().post('/cross-app/verify', { token, origin })
}
