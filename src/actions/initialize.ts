import { trackEvent } from '../api/analytics.ts'
import { getApiClient } from '../api/instance.ts'
import { audienceIncludes } from '../api/jwt.ts'
import type { AppConfig } from '../api/types.ts'
import type { User } from '../api/user.ts'
import { InsecureApiUrlError, InvalidAppIdError } from '../errors/auth.ts'
import { errorDetail, toBaseError } from '../errors/toBaseError.ts'
import { publish } from '../events/bus.ts'
import { $config, initialConfigState, patchConfig, termsRequired } from '../stores/config.ts'
import { $emailFlow } from '../stores/emailFlow.ts'
import { $session, clearSession, readStoredTokens } from '../stores/session.ts'
import { hasSessionMarker } from '../stores/sessionMarker.ts'
import { endSession } from './logout.ts'
import { refreshSession } from './refreshSession.ts'
import { stopSessionWatch, watchSession } from './sessionWatch.ts'

export interface InitializeParameters {
  /** Exactly 25 characters. */
  appId: string
  /** API origin; HTTPS except localhost/127.0.0.1. Defaults to the page's own origin. */
  apiUrl?: string
}
export interface InitializeReturnType {
  config: AppConfig | null
  authenticated: boolean
  user: User | null
}
export type InitializeErrorType = InvalidAppIdError | InsecureApiUrlError

export const APP_ID_LENGTH = 25

/** Throws when the app id or API URL break spec §5 (25 characters; HTTPS except localhost). */
export function validateSetup({ appId, apiUrl }: InitializeParameters): void {
  if (typeof appId !== 'string' || appId.length !== APP_ID_LENGTH) throw new InvalidAppIdError({ appId })
  if (!apiUrl) return
  let url: URL
  try {
    url = new URL(apiUrl, globalThis.location?.href)
  } catch {
    throw new InsecureApiUrlError({ apiUrl })
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]'
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) throw new InsecureApiUrlError({ apiUrl })
}

let inflight: { key: string; promise: Promise<InitializeReturnType> } | null = null
const initializeTracked = new Set<string>()

/** @internal Unit tests start each case from a page that never initialized. */
export function resetInitializeState(): void {
  inflight = null
  initializeTracked.clear()
  stopSessionWatch()
}

/**
 * Loads the app configuration, then restores the stored session (refresh when credentials
 * exist) and publishes `auth-ready`. Calling it again with the same app id and URL returns the
 * same promise, so every element on the page can call it.
 *
 * @example
 * const { authenticated, user } = await initialize({ appId: 'clxxxxxxxxxxxxxxxxxxxxxxx', apiUrl: 'https://auth.example.com' })
 */
export function initialize(parameters: InitializeParameters): Promise<InitializeReturnType> {
  validateSetup(parameters)
  // From now on an open page notices a session ended elsewhere (revoked, logged out) within a minute.
  watchSession()
  const apiUrl = (parameters.apiUrl ?? '').replace(/\/+$/, '')
  const key = `${parameters.appId}|${apiUrl}`
  if (inflight?.key === key) return inflight.promise
  if ($config.get().appId !== parameters.appId) {
    // Another app: nothing of the previous one may leak into this one.
    $session.set({ status: 'loading', user: null, tokens: null })
    $emailFlow.set({ ...$emailFlow.get(), state: 'idle', sentTo: null, error: null, inlineError: null })
  }
  $config.set({ ...initialConfigState, appId: parameters.appId, apiUrl, status: 'loading' })
  $session.set({ ...$session.get(), status: 'loading' })
  const promise = run(parameters.appId)
  inflight = { key, promise }
  return promise
}

async function run(appId: string): Promise<InitializeReturnType> {
  let app: AppConfig | null = null
  try {
    app = await getApiClient().get('/apps/:app_id', { params: { app_id: appId } })
    patchConfig({ app, status: 'ready' })
    if (!initializeTracked.has(appId)) {
      initializeTracked.add(appId)
      trackEvent('sdk_initialize')
    }
  } catch (error) {
    patchConfig({ status: 'error', error: toBaseError(error) })
    publish('auth-error', errorDetail(error))
  }
  await restoreSession(appId, app)
  const { status, user } = $session.get()
  const result = { config: app, authenticated: status === 'authenticated', user }
  publish('auth-ready', { authenticated: result.authenticated, user })
  // A card or exchange purchase stored before a reload (src/funding/purchase.ts) shows its status again.
  if (result.authenticated && hasStoredPurchase(appId))
    void import('../funding/resume.ts').then((m) => m.resumeStoredPurchase()).catch((error) => console.error('[gatehouse] resuming a purchase', error))
  // A page back from Telegram's redirect carries auth_date (with id and hash): only then is the
  // resume code fetched, so the landing chunk does not carry it.
  if (typeof location !== 'undefined' && new URLSearchParams(location.search).has('auth_date'))
    await import('../telegram/resumeRedirect.ts')
      .then((m) => m.resumeTelegramRedirect(app))
      .catch((error) => console.error('[gatehouse] Telegram redirect result', error))
  return result
}

/** Inline (not src/funding/purchase.ts) so the landing chunk does not carry the funding code. */
function hasStoredPurchase(appId: string): boolean {
  try {
    return Boolean(globalThis.sessionStorage?.getItem(`gatehouse:${appId}:purchase`))
  } catch {
    return false
  }
}

async function restoreSession(appId: string, app: AppConfig | null): Promise<void> {
  const marker = hasSessionMarker(appId)
  const stored = readStoredTokens(appId) ?? (marker ? { token: '', refreshToken: null, identityToken: null, refreshInCookie: true } : null)
  if (stored?.refreshInCookie && !marker) {
    // Spec §4: server cookies are expected but absent (cleared, or past their 30 days).
    clearSession(appId)
    return
  }
  if (!stored) {
    $session.set({ status: 'unauthenticated', user: null, tokens: null })
    return
  }
  if (stored.token && !audienceIncludes(stored.token, appId)) {
    clearSession(appId) // a token of another app never authenticates this one
    return
  }
  $session.set({ status: 'loading', user: null, tokens: stored })
  try {
    await refreshSession()
  } catch {
    // 401 already wiped the session; otherwise keep the stored tokens for the next page load.
    if ($session.get().status !== 'authenticated') $session.set({ status: 'unauthenticated', user: null, tokens: null })
    return
  }
  const { user } = $session.get()
  if (user && termsRequired(app) && !user.hasAcceptedTerms) await endSession({ announce: false })
}
