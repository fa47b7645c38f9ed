/**
 * The operator's session: the console is an app of the server and logs in with `<auth-modal>` (the
 * element in index.html, loaded from the server's /widget/… bundle). The console reads the tag's
 * events and asks it for the access token on every call, so a refreshed token is picked up.
 *
 * Owner API calls carry that access token as `Authorization: Bearer …`; the server's
 * `authorizeOwner` decides what the operator may do. After sign-in the console asks who the operator
 * is (`GET /admin/me`: server owner, MFA) and which apps they hold a role in (`GET /admin/apps`).
 * The one-time development link `npm start` prints (`/console/#claim=…`) is kept for this tab until
 * the operator has signed in, then spent: it makes them the server's first owner.
 *
 * Owner-only changes need MFA (SECURITY.md): when the server asks for it, `askForMfa` opens the
 * widget's own enrollment or verification (the second, dialog-mode tag `#mfa`), then the call is
 * tried again.
 */
import { useSyncExternalStore } from 'react'
import { createConsoleApi, type Answer, type ConsoleApiError } from './api.ts'
import { syncRoute } from './router.ts'

export type OperatorRole = 'owner' | 'admin' | 'viewer'
export type Me = Answer<'GET', '/admin/me'>

export interface SessionState {
  status: 'loading' | 'signed-out' | 'signed-in'
  /** The operator's e-mail (or user id), for the header. */
  who: string | null
  /** The operator as the server knows them, once loaded. */
  me: Me | null
  /** The operator's role per app id (a server owner owns every app). */
  roles: Record<string, OperatorRole>
  /** Why the development sign-in link did not work, if it did not. */
  claimError?: string
  /** Why the operator could not be loaded. */
  loadError?: string
}

interface AuthModalTag extends HTMLElement {
  getAccessToken(): Promise<string | null>
  logout(): Promise<void>
  showMfaEnrollmentModal(): Promise<void>
  verifyMfa(): Promise<void>
  readonly user: { id: string; email?: { address: string } | null } | null
  readonly authenticated: boolean
  readonly ready: boolean
}

const CLAIM_KEY = 'gatehouse-console-claim'
const listeners = new Set<() => void>()
let state: SessionState = { status: 'loading', who: null, me: null, roles: {} }

function set(patch: Partial<SessionState>) {
  state = { ...state, ...patch }
  document.body.dataset.session = state.status
  const signin = document.getElementById('signin')
  if (signin) signin.hidden = state.status !== 'signed-out'
  for (const listener of listeners) listener()
}

const tag = (id = 'login') => document.getElementById(id) as AuthModalTag | null

export async function bearer(): Promise<string | null> {
  return (await tag()?.getAccessToken()) ?? null
}

/** The session's own client: no MFA prompts, no refusal banner (the shell shows its errors). */
const api = createConsoleApi(bearer, () => undefined)

let loading: Promise<void> | null = null
function fromTag() {
  const element = tag()
  if (!element?.authenticated) return set({ status: 'signed-out', who: null, me: null, roles: {} })
  const user = element.user
  const who = user?.email?.address ?? user?.id ?? null
  if (state.status === 'signed-in' && state.me?.userId === user?.id) return set({ who })
  set({ status: 'loading', who })
  loading ??= loadOperator().finally(() => (loading = null))
}

async function loadOperator() {
  const claim = sessionStorage.getItem(CLAIM_KEY)
  if (claim) {
    sessionStorage.removeItem(CLAIM_KEY)
    const token = await bearer()
    const response = await fetch('/dev/console-claim', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ claim }),
    }).catch(() => null)
    if (!response?.ok) {
      const answer = (await response?.json().catch(() => null)) as { error?: string } | null
      set({ claimError: answer?.error ?? 'The sign-in link could not be used.' })
    }
  }
  try {
    const me = await api.get('/admin/me')
    set({ me, roles: await loadRoles(), status: 'signed-in', loadError: undefined })
  } catch (error) {
    set({ status: 'signed-in', loadError: (error as ConsoleApiError).message })
  }
}

async function loadRoles(): Promise<Record<string, OperatorRole>> {
  const apps = await api.get('/admin/apps')
  return Object.fromEntries(apps.data.filter((a) => a.role).map((a) => [a.id, a.role as OperatorRole]))
}

/** Reads the operator's roles again (after creating an app, or a role change). */
export async function refreshRoles() {
  set({ roles: await loadRoles() })
}

/** Follows the login tag; keeps the development sign-in link's claim until the operator has signed in. */
export function startSession() {
  const claim = /^#claim=([\w-]+)/.exec(location.hash)?.[1]
  if (claim) {
    sessionStorage.setItem(CLAIM_KEY, claim)
    history.replaceState(null, '', `${location.pathname}#/apps`)
    syncRoute()
  }
  const element = tag()
  if (!element) return set({ status: 'signed-out' })
  element.addEventListener('auth-ready', fromTag)
  element.addEventListener('auth-success', fromTag)
  element.addEventListener('logout', fromTag)
  // An MFA method added from the shell's notice or the owner-change prompt: the notice goes.
  for (const id of ['login', 'mfa'])
    tag(id)?.addEventListener(
      'mfa-enrolled',
      () =>
        void api.get('/admin/me').then(
          (me) => set({ me }),
          () => undefined,
        ),
    )
  // The widget may have settled before this script ran.
  void customElements.whenDefined('auth-modal').then(() => element.ready && fromTag())
}

/**
 * The server asked for MFA (an owner-only change): enroll when the operator has no method yet,
 * otherwise verify. Resolves true when the call is worth trying again.
 */
export async function askForMfa(error: ConsoleApiError): Promise<boolean> {
  const dialog = tag('mfa')
  if (!dialog || error.code !== 'missing_or_invalid_mfa') return false
  try {
    const me = await api.get('/admin/me')
    if (!me.mfa.enrolled) await dialog.showMfaEnrollmentModal()
    else await dialog.verifyMfa()
    const after = await api.get('/admin/me')
    set({ me: after })
    return after.mfa.enrolled
  } catch {
    return false
  }
}

export async function signOut() {
  sessionStorage.removeItem(CLAIM_KEY)
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

/** The operator's role in an app (null: none, or not loaded yet). */
export function useAppRole(appId: string): OperatorRole | null {
  return useSession().roles[appId] ?? null
}

/** What a role may do in the console (the server decides the same: services/owner-auth.ts). */
export const can = {
  change: (role: OperatorRole | null) => role === 'owner' || role === 'admin',
  own: (role: OperatorRole | null) => role === 'owner',
}
