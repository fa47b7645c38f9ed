/**
 * The OAuth journey in the modal (spec §4): start stores the verifier and state and opens a
 * 440×680 popup (or redirects the page); the provider's answer is read back from the popup (same
 * origin again after the redirect) or from this page's address after a full-page redirect; the
 * status screen goes verifying → success or failure; after success: terms, wallet creation or
 * close, each after 1.4 s (src/flows/completion.ts). Screens only read `$oauthStatus`.
 */
import { initOAuth } from '../actions/initOAuth.ts'
import { loginWithOAuth } from '../actions/loginWithOAuth.ts'
import { errorDetail } from '../errors/toBaseError.ts'
import { publish } from '../events/bus.ts'
import { completeFlow, type Later } from '../flows/completion.ts'
import { METHOD_LABELS } from '../flows/methodLabels.ts'
import { $config } from '../stores/config.ts'
import { $oauthStatus, type OAuthStatus } from '../stores/oauthStatus.ts'
import { $modal, currentScreen, pushScreen, replaceScreen } from '../stores/modal.ts'
import { mapOAuthError } from './errors.ts'
import { readOAuthReturn, type OAuthReturn } from './pending.ts'
import { openOAuthPopup } from './popup.ts'

export const OAUTH_TIMING = { popupPollMs: 250 }

export { $oauthStatus, type OAuthStatus }

/** The name shown for a provider ('Google', or the app's own label such as 'Google (local dev)'). */
export function providerLabel(provider: string): string {
  return $config.get().app?.oauthProviderLabels?.[provider] ?? METHOD_LABELS[provider] ?? provider
}

let popupTimer: ReturnType<typeof setInterval> | null = null
function stopPolling() {
  if (popupTimer) clearInterval(popupTimer)
  popupTimer = null
}

/** Waits for the popup to land back on a page of our origin with the provider's answer. */
function awaitPopup(popup: Window): Promise<OAuthReturn> {
  stopPolling()
  return new Promise((resolve) => {
    popupTimer = setInterval(() => {
      if (popup.closed) {
        stopPolling()
        // Closing the window is how a user says no in a popup.
        return resolve({ code: 'undefined', state: '', provider: null })
      }
      let href: string
      try {
        href = popup.location.href // throws while the provider's origin is shown
      } catch {
        return
      }
      const answer = href.startsWith(location.origin) ? readOAuthReturn(href) : null
      if (!answer) return
      stopPolling()
      popup.close()
      resolve(answer)
    }, OAUTH_TIMING.popupPollMs)
  })
}

/**
 * Starts OAuth with `provider` from a click (the popup must open in the click's task, or
 * browsers block it). Falls back to a full-page redirect when popups are blocked or the app asks
 * for redirects.
 */
export function startOAuth(provider: string, kind: 'login' | 'link' = 'login', popup: Window | null = openOAuthPopup()): void {
  $oauthStatus.set({ provider, state: 'verifying', kind })
  const screen = { name: 'oauth-status' as const, provider }
  if (currentScreen().name === 'oauth-status') replaceScreen(screen)
  else pushScreen(screen)
  void (async () => {
    try {
      const { url } = await initOAuth({ provider, kind, mode: popup ? 'popup' : 'redirect' })
      if (!popup) return location.assign(url)
      popup.location.href = url
      const answer = await awaitPopup(popup)
      await finishOAuth({ ...answer, state: answer.state || '', provider: answer.provider ?? provider }, kind)
    } catch (error) {
      popup?.close()
      fail(provider, kind, error)
    }
  })()
}

function fail(provider: string, kind: 'login' | 'link', error: unknown) {
  const outcome = mapOAuthError(error, providerLabel(provider), provider)
  if (kind === 'login') publish('auth-error', errorDetail(error))
  if (outcome.kind === 'screen') {
    $oauthStatus.set(null)
    replaceScreen(outcome.screen)
  } else {
    $oauthStatus.set({ provider, state: 'error', detail: outcome.detail, retryable: outcome.retryable, kind })
  }
}

// No component owns these timers: the step runs only if the status screen is still what the user sees.
const whileShown: Later = (ms, run) => {
  setTimeout(() => {
    if ($modal.get().open && currentScreen().name === 'oauth-status') run()
  }, ms)
}

/** Verifies the provider's answer and moves on: the post-login order, or close after a link. */
export async function finishOAuth(answer: OAuthReturn, kind: 'login' | 'link'): Promise<void> {
  const provider = answer.provider ?? 'oauth'
  $oauthStatus.set({ provider, state: 'verifying', kind })
  try {
    // A popup closed by the user has no state: the denial needs the stored one to be checked.
    const state = answer.state || (await import('./pending.ts')).readPendingOAuth($config.get().appId!)?.stateCode || ''
    const result = await loginWithOAuth({ ...answer, state })
    $oauthStatus.set({ provider, state: 'success', kind })
    completeFlow(result.kind === 'login' ? { user: result.user, isNewUser: result.isNewUser, loginMethod: provider } : null, whileShown, 'provider')
  } catch (error) {
    fail(provider, kind, error)
  }
}
