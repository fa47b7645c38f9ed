import { atom } from 'nanostores'
import type { AuthResponse, SessionUpdateAction } from '../api/types.ts'
import { toUser, type User } from '../api/user.ts'
import { clearSessionMarker, setSessionMarker } from './sessionMarker.ts'
import { readJson, removeKey, storageKeys, writeJson } from './storage.ts'

export type SessionStatus = 'loading' | 'unauthenticated' | 'authenticated'

export interface SessionTokens {
  /** Access token (bearer). */
  token: string
  /** Null with cookie sessions: the token is then in the API's HttpOnly cookie, never here. */
  refreshToken: string | null
  identityToken: string | null
  /** True when the API holds the refresh token in its HttpOnly cookie (the page shares the API's site). */
  refreshInCookie?: boolean
}

export interface SessionState {
  status: SessionStatus
  user: User | null
  tokens: SessionTokens | null
}

export const $session = atom<SessionState>({ status: 'loading', user: null, tokens: null })

/** A login waiting for terms acceptance before it counts as an `auth-success`. */
export interface PendingLogin {
  user: User
  isNewUser: boolean
  loginMethod: string
}
export const $pendingLogin = atom<PendingLogin | null>(null)

export function readStoredTokens(appId: string): SessionTokens | null {
  const stored = readJson<Partial<SessionTokens>>(storageKeys.session(appId))
  const inCookie = stored?.refreshInCookie === true ? { refreshInCookie: true } : {}
  if (!stored || typeof stored.token !== 'string') {
    // A refresh token alone is still worth a refresh attempt.
    if (stored && typeof stored.refreshToken === 'string') {
      return { token: '', refreshToken: stored.refreshToken, identityToken: null }
    }
    return null
  }
  return { token: stored.token, refreshToken: stored.refreshToken ?? null, identityToken: stored.identityToken ?? null, ...inCookie }
}

export function storeTokens(appId: string, tokens: SessionTokens): void {
  writeJson(storageKeys.session(appId), tokens)
}

/** Wipes the stored tokens and marks the session logged out. */
export function clearSession(appId: string | null): void {
  if (appId) removeKey(storageKeys.session(appId))
  if (appId) clearSessionMarker(appId)
  $session.set({ status: 'unauthenticated', user: null, tokens: null })
  $pendingLogin.set(null)
}

/**
 * Applies an auth response by its session_update_action: `set` stores all tokens, `clear` wipes
 * them, `ignore` keeps the existing ones (the user still updates). Returns the resulting state.
 */
export function applyAuthResponse(appId: string, response: AuthResponse): SessionState {
  const action: SessionUpdateAction = response.session_update_action ?? 'set'
  const user = response.user ? toUser(response.user) : null
  if (action === 'clear' || !user) {
    clearSession(appId)
    return $session.get()
  }
  if (action === 'set') {
    if (!response.token) {
      clearSession(appId)
      return $session.get()
    }
    // No refresh token in the body: the API set it as its HttpOnly cookie (cookie sessions).
    const inCookie = !response.refresh_token
    const tokens: SessionTokens = {
      token: response.token,
      refreshToken: response.refresh_token ?? null,
      identityToken: response.identity_token ?? null,
      ...(inCookie ? { refreshInCookie: true } : {}),
    }
    storeTokens(appId, tokens)
    if (inCookie) setSessionMarker(appId)
    $session.set({ status: 'authenticated', user, tokens })
    return $session.get()
  }
  // ignore: the server did not issue tokens for this call; the current ones stay valid.
  const current = $session.get().tokens ?? readStoredTokens(appId)
  if (!current?.token) {
    $session.set({ status: 'unauthenticated', user: null, tokens: null })
    return $session.get()
  }
  $session.set({ status: 'authenticated', user, tokens: current })
  return $session.get()
}

export function setSessionUser(user: User): void {
  $session.set({ ...$session.get(), user })
}
