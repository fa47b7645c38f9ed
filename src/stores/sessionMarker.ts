/**
 * The refresh marker cookie (spec part 1 §3 'Stored locally', §9: 30 days). With cookie sessions
 * the refresh token is in the API's HttpOnly cookie, out of this script's reach; this cookie on the
 * host page's own origin only says that such a session exists, so a page load knows a refresh is
 * worth trying, and a stored session whose marker is gone is known to have lost its server cookie.
 * It carries nothing secret.
 */
import { tokenCookieSecure } from '@gatehouse/contract'

/** Spec §9: refresh marker cookie lifetime. */
export const MARKER_MAX_AGE_SECONDS = 30 * 24 * 60 * 60

export const markerCookieName = (appId: string): string => `gatehouse-session-${appId}`

interface CookieJar {
  cookie: string
}

const jar = (): CookieJar | null => (globalThis as { document?: CookieJar }).document ?? null

/** '; Secure' unless Safari on a localhost page (spec part 1 §9, contract/src/cookie-secure.ts). */
const secureAttribute = (): string =>
  tokenCookieSecure(globalThis.location?.hostname ?? '', (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent) ? '; Secure' : ''

export function hasSessionMarker(appId: string): boolean {
  const cookies = jar()?.cookie ?? ''
  return cookies.split(';').some((part) => part.trim().startsWith(`${markerCookieName(appId)}=`))
}

export function setSessionMarker(appId: string): void {
  const target = jar()
  if (!target) return
  target.cookie = `${markerCookieName(appId)}=t; Max-Age=${MARKER_MAX_AGE_SECONDS}; Path=/; SameSite=Strict${secureAttribute()}`
}

export function clearSessionMarker(appId: string): void {
  const target = jar()
  if (!target) return
  target.cookie = `${markerCookieName(appId)}=; Max-Age=0; Path=/; SameSite=Strict${secureAttribute()}`
}
