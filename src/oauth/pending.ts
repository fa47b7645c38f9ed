/**
 * The OAuth flow in progress, kept in localStorage per app (spec §3 "an OAuth code verifier and
 * state code during a redirect flow"): a full-page redirect loses every variable, and a popup
 * returns to a page of the same origin. Cleared by authenticate (spec §4).
 */
import { getStorage, readJson, writeJson } from '../stores/storage.ts'

export interface PendingOAuth {
  provider: string
  codeVerifier: string
  stateCode: string
  /** login or link: what the return of the provider finishes. */
  kind: 'login' | 'link'
  mode: 'popup' | 'redirect'
}

const key = (appId: string) => `gatehouse:${appId}:oauth`

export const readPendingOAuth = (appId: string) => readJson<PendingOAuth>(key(appId))
export const writePendingOAuth = (appId: string, flow: PendingOAuth) => writeJson(key(appId), flow)
export function clearPendingOAuth(appId: string): void {
  try {
    getStorage().removeItem(key(appId))
  } catch {
    // Blocked storage: nothing was kept either.
  }
}

/** The provider's answer as the page receives it: code ('undefined' when the user denied), state, provider. */
export interface OAuthReturn {
  code: string
  state: string
  provider: string | null
}

const PARAMS = ['code', 'state', 'provider'] as const

/** Reads the return parameters from `url` (null when it is not an OAuth return). */
export function readOAuthReturn(url: string): OAuthReturn | null {
  const params = new URL(url).searchParams
  const state = params.get('state')
  if (!state || !params.has('code')) return null
  return { code: params.get('code') || 'undefined', state, provider: params.get('provider') }
}

/** Removes the return parameters from the address bar (spec §2: read and then removed). */
export function removeOAuthReturnFromPage(): void {
  const url = new URL(location.href)
  for (const p of PARAMS) url.searchParams.delete(p)
  history.replaceState(history.state, '', url.href)
}

/** The popup's window name: a page loaded there leaves the return to its opener. */
export const POPUP_NAME = 'gatehouse-oauth'
