/**
 * The operator's session: the console is an app of the server and logs in with `<auth-modal>` (the
 * element in index.html, loaded from the server's /widget/… bundle). The console reads the tag's
 * events and asks it for the access token on every call, so a refreshed token is picked up.
 *
 * Owner API calls carry that access token as `Authorization: Bearer …`; the server's
 * `authorizeOwner` decides what the operator may do. Until operator roles exist on the server, an
 * operator may instead hold the server's admin token for this tab (sessionStorage): from the one-time
 * development sign-in link `npm start` prints (`/console/#claim=…`), or typed into the form shown when
 * the server refuses the account. It is sent in place of the access token.
 */
import { useSyncExternalStore } from 'react'
import { syncRoute } from './router.ts'

export interface SessionState {
  status: 'loading' | 'signed-out' | 'signed-in'
  /** The operator's e-mail (or user id), for the header. */
  who: string | null
  /** Whether this tab holds the admin token. */
  adminToken: boolean
  /** Why the development sign-in link did not work, if it did not. */
  claimError?: string
}

interface AuthModalTag extends HTMLElement {
  getAccessToken(): Promise<string | null>
  logout(): Promise<void>
  readonly user: { id: string; email?: { address: string } | null } | null
  readonly authenticated: boolean
  readonly ready: boolean
}

const ADMIN_TOKEN_KEY = 'gatehouse-console-admin-token'
const listeners = new Set<() => void>()
let state: SessionState = { status: 'loading', who: null, adminToken: Boolean(sessionStorage.getItem(ADMIN_TOKEN_KEY)) }

function set(patch: Partial<SessionState>) {
  state = { ...state, ...patch }
  document.body.dataset.session = state.status
  const signin = document.getElementById('signin')
  if (signin) signin.hidden = state.status !== 'signed-out'
  for (const listener of listeners) listener()
}

const tag = () => document.getElementById('login') as AuthModalTag | null

function fromTag() {
  const element = tag()
  if (!element?.authenticated) return set({ status: 'signed-out', who: null })
  const user = element.user
  set({ status: 'signed-in', who: user?.email?.address ?? user?.id ?? null })
}

/** Follows the login tag; spends the development sign-in link's claim when the address carries one. */
export function startSession() {
  const claim = /^#claim=([\w-]+)/.exec(location.hash)?.[1]
  if (claim) {
    history.replaceState(null, '', `${location.pathname}#/apps`)
    syncRoute()
    void spendClaim(claim)
  }
  const element = tag()
  if (!element) return set({ status: 'signed-out' })
  element.addEventListener('auth-ready', fromTag)
  element.addEventListener('auth-success', fromTag)
  element.addEventListener('logout', fromTag)
  // The widget may have settled before this script ran.
  void customElements.whenDefined('auth-modal').then(() => element.ready && fromTag())
}

/** The one-time development link (`npm start` prints it): the server hands this tab its admin token, once. */
async function spendClaim(claim: string) {
  const response = await fetch('/dev/console-claim', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ claim }),
  }).catch(() => null)
  const answer = (await response?.json().catch(() => null)) as { adminToken?: string; error?: string } | null
  if (answer?.adminToken) setAdminToken(answer.adminToken)
  else set({ claimError: answer?.error ?? 'The sign-in link could not be used.' })
}

export async function bearer(): Promise<string | null> {
  const admin = sessionStorage.getItem(ADMIN_TOKEN_KEY)
  if (admin) return admin
  return (await tag()?.getAccessToken()) ?? null
}

export function setAdminToken(token: string | null) {
  if (token) sessionStorage.setItem(ADMIN_TOKEN_KEY, token)
  else sessionStorage.removeItem(ADMIN_TOKEN_KEY)
  set({ adminToken: Boolean(token) })
}

export async function signOut() {
  setAdminToken(null)
  await tag()?.logout()
  fromTag()
}

export function useSession(): SessionState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => state,
  )
}
