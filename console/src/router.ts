/**
 * Hash routes (`#/apps`, `#/apps/<id>/settings`, `#/apps/<id>/users`, `#/apps/<id>/users/<user>`, and
 * `#/apps/<id>/{webhooks,audit,analytics,secrets}`):
 * the server serves one page, every address of the console is a link that works on reload. A page
 * with unsaved changes sets `leaveGuard`; leaving it (a link, back, or closing the tab) asks first.
 */
import { useEffect, useSyncExternalStore } from 'react'

export type Route =
  | { page: 'apps' }
  | { page: 'settings'; appId: string }
  | { page: 'users'; appId: string }
  | { page: 'user'; appId: string; userId: string }
  | { page: 'webhooks'; appId: string }
  | { page: 'audit'; appId: string }
  | { page: 'analytics'; appId: string }
  | { page: 'secrets'; appId: string }
  | { page: 'operators'; appId: string }
  | { page: 'not-found' }

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent)
  if (parts.length === 0 || (parts.length === 1 && parts[0] === 'apps')) return { page: 'apps' }
  if (parts[0] === 'apps' && parts[1]) {
    if (parts.length === 3 && parts[2] === 'settings') return { page: 'settings', appId: parts[1] }
    if (parts.length === 3 && parts[2] === 'users') return { page: 'users', appId: parts[1] }
    if (parts.length === 3 && parts[2] === 'operators') return { page: 'operators', appId: parts[1] }
    if (parts.length === 4 && parts[2] === 'users') return { page: 'user', appId: parts[1], userId: parts[3]! }
    if (parts.length === 3 && APP_PAGES.includes(parts[2] as AppPage)) return { page: parts[2] as AppPage, appId: parts[1] }
  }
  return { page: 'not-found' }
}

/** The app's pages beyond settings and users, each at `#/apps/<id>/<page>`. */
const APP_PAGES = ['webhooks', 'audit', 'analytics', 'secrets'] as const
type AppPage = (typeof APP_PAGES)[number]

export const href = {
  apps: () => '#/apps',
  settings: (appId: string) => `#/apps/${encodeURIComponent(appId)}/settings`,
  users: (appId: string) => `#/apps/${encodeURIComponent(appId)}/users`,
  user: (appId: string, userId: string) => `#/apps/${encodeURIComponent(appId)}/users/${encodeURIComponent(userId)}`,
  webhooks: (appId: string) => `#/apps/${encodeURIComponent(appId)}/webhooks`,
  audit: (appId: string) => `#/apps/${encodeURIComponent(appId)}/audit`,
  analytics: (appId: string) => `#/apps/${encodeURIComponent(appId)}/analytics`,
  secrets: (appId: string) => `#/apps/${encodeURIComponent(appId)}/secrets`,
  operators: (appId: string) => `#/apps/${encodeURIComponent(appId)}/operators`,
}

export const LEAVE_QUESTION = 'You have unsaved changes. Leave this page and lose them?'
let leaveGuard: (() => boolean) | null = null
let current = location.hash
const listeners = new Set<() => void>()

window.addEventListener('hashchange', () => {
  if (leaveGuard?.() && !confirm(LEAVE_QUESTION)) {
    history.replaceState(null, '', current || '#/apps')
    return
  }
  leaveGuard = null
  current = location.hash
  for (const listener of listeners) listener()
})
window.addEventListener('beforeunload', (event) => {
  if (leaveGuard?.()) event.preventDefault()
})

/** Reads the address again after a change that fires no hashchange (history.replaceState). */
export function syncRoute() {
  current = location.hash
  for (const listener of listeners) listener()
}

export function navigate(to: string) {
  location.hash = to
}

export function useRoute(): Route {
  const hash = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => current,
  )
  return parseRoute(hash)
}

/** While mounted, leaving asks first whenever `dirty()` answers true. */
export function useLeaveGuard(dirty: () => boolean) {
  useEffect(() => {
    leaveGuard = dirty
    return () => {
      if (leaveGuard === dirty) leaveGuard = null
    }
  }, [dirty])
}
