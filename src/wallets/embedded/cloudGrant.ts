/**
 * The user's grant to their cloud storage, from the recovery OAuth popup (spec part 2 §4, §7):
 * PKCE verifier and state made here, `POST /recovery/oauth/init` (Google Drive) or
 * `/recovery/oauth/init_icloud` (client_type 'web') answers the provider's page, the popup comes
 * back to this page's origin with `code` and `state` (Google, through the server's callback) or
 * `ckWebAuthToken` (Apple's sign-in callback). The returned state must equal the stored one, or it
 * may be a phishing attempt (§5). The grant is redeemed by the wallet frame, never here.
 */
import { getApiClient } from '../../api/instance.ts'
import { EmbeddedWalletError } from '../../errors/wallet.ts'
import { OAUTH_TEXT } from '../../oauth/texts.ts'
import { POPUP_NAME } from '../../oauth/pending.ts'
import { POPUP_SIZE } from '../../oauth/popup.ts'
import { createPkce } from '../../oauth/pkce.ts'
import type { CloudRecoveryMethod } from '../../stores/recoveryOAuth.ts'
import type { CloudGrant } from '../../../frame/src/protocol.ts'

export const RECOVERY_OAUTH_TEXT = {
  failed: 'Recovery OAuth failed',
  phishing: OAUTH_TEXT.phishing,
  closed: 'The sign-in window was closed before access was granted.',
  denied: 'Access to your cloud account was not granted.',
  blocked: 'The sign-in window could not open. Allow pop-ups for this site and try again.',
} as const

export const CLOUD_GRANT_TIMING = { popupPollMs: 250 }

/** The popup, opened in the click's own task (browsers block it otherwise); null when blocked. */
export function openRecoveryPopup(): Window | null {
  const { width, height } = POPUP_SIZE
  const left = Math.max(0, (window.screenX ?? 0) + (window.outerWidth - width) / 2)
  const top = Math.max(0, (window.screenY ?? 0) + (window.outerHeight - height) / 2)
  // The OAuth popup's name: the widget on the page it returns to leaves the answer to us.
  return window.open('about:blank', POPUP_NAME, `width=${width},height=${height},left=${left},top=${top},popup=yes`)
}

const RETURN_PARAMS = ['code', 'state', 'provider', 'ckWebAuthToken', 'ckSession']
const fail = (details: string) => new EmbeddedWalletError(RECOVERY_OAUTH_TEXT.failed, { code: 'RECOVERY_OAUTH_FAILED', details })

/** Waits for the popup to land on this origin again; its query parameters then. */
function awaitReturn(popup: Window): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (popup.closed) {
        clearInterval(timer)
        return reject(fail(RECOVERY_OAUTH_TEXT.closed))
      }
      let href: string
      try {
        href = popup.location.href // throws while the provider's origin is shown
      } catch {
        return
      }
      if (!href.startsWith(location.origin)) return
      const params = new URL(href).searchParams
      if (!params.has('ckWebAuthToken') && !(params.has('state') && params.has('code'))) return
      clearInterval(timer)
      popup.close()
      resolve(params)
    }, CLOUD_GRANT_TIMING.popupPollMs)
  })
}

/** Runs the popup for `provider` and answers the grant the wallet frame redeems. */
export async function obtainCloudGrant(provider: CloudRecoveryMethod, popup: Window | null): Promise<CloudGrant> {
  if (!popup) throw fail(RECOVERY_OAUTH_TEXT.blocked)
  try {
    const { codeVerifier, codeChallenge, stateCode } = await createPkce()
    const page = new URL(location.href)
    for (const p of RETURN_PARAMS) page.searchParams.delete(p)
    const flow = { redirect_to: page.href, code_challenge: codeChallenge, state_code: stateCode }
    const api = getApiClient()
    const { url } =
      provider === 'icloud'
        ? await api.post('/recovery/oauth/init_icloud', { client_type: 'web', ...flow })
        : await api.post('/recovery/oauth/init', { provider, ...flow })
    popup.location.href = url
    const back = await awaitReturn(popup)
    const webAuthToken = back.get('ckWebAuthToken')
    if (provider === 'icloud') {
      if (!webAuthToken) throw fail(RECOVERY_OAUTH_TEXT.denied)
      return { provider, authorizationCode: webAuthToken, stateCode, codeVerifier }
    }
    // Spec §5: a state other than ours may be someone else's flow pushed into this page.
    if (back.get('state') !== stateCode) throw new EmbeddedWalletError(RECOVERY_OAUTH_TEXT.phishing, { code: 'RECOVERY_OAUTH_STATE_MISMATCH' })
    const code = back.get('code')
    if (!code || code === 'undefined') throw fail(RECOVERY_OAUTH_TEXT.denied)
    return { provider, authorizationCode: code, stateCode, codeVerifier }
  } catch (error) {
    if (!popup.closed) popup.close()
    throw error
  }
}
