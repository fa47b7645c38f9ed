import { getAuthApiClient } from '../api/instance.ts'
import { captchaTokenForInit } from '../captcha/require.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import { createPkce } from '../oauth/pkce.ts'
import { writePendingOAuth, type PendingOAuth } from '../oauth/pending.ts'
import type { OAuthProvider } from '@gatehouse/contract/routes/app-config'
import { $config } from '../stores/config.ts'

export interface InitOAuthParameters {
  provider: string
  /** The page the provider sends the user back to (defaults to this page). */
  redirectTo?: string
  kind?: PendingOAuth['kind']
  mode?: PendingOAuth['mode']
  /** Captcha token, when the app requires one. */
  captchaToken?: string
}
export interface InitOAuthReturnType {
  /** The provider's authorization page. */
  url: string
}
export type InitOAuthErrorType = ApiError | TimeoutError | NetworkError

/**
 * Starts an OAuth flow: makes the PKCE verifier (36 random bytes), its S256 challenge and a state
 * code, keeps them per app for the return, and asks the server (`POST /oauth/init`) for the
 * provider's authorization URL.
 *
 * @example
 * const { url } = await initOAuth({ provider: 'google' })
 * location.assign(url)
 */
export async function initOAuth({ provider, redirectTo, kind = 'login', mode = 'popup', captchaToken }: InitOAuthParameters): Promise<InitOAuthReturnType> {
  const api = getAuthApiClient()
  const { codeVerifier, codeChallenge, stateCode } = await createPkce()
  const page = new URL(redirectTo ?? location.href)
  for (const p of ['code', 'state', 'provider']) page.searchParams.delete(p)
  writePendingOAuth($config.get().appId!, { provider, codeVerifier, stateCode, kind, mode })
  const token = captchaToken ?? (await captchaTokenForInit())
  return api.post('/oauth/init', {
    // Hosts name the provider as a string; the server refuses (400) any outside the contract's list.
    provider: provider as OAuthProvider,
    redirect_to: page.href,
    code_challenge: codeChallenge,
    state_code: stateCode,
    ...(token ? { token } : {}),
  })
}
