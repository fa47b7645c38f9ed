/**
 * Cookie sessions (spec part 1 §3 'Stored locally', §4, §9). When the host page and the API share
 * a site (`app.example.com` and `auth.example.com`; `localhost:5173` and `localhost:8787`), the
 * refresh token of every auth response goes into an HttpOnly, SameSite=Strict cookie scoped to
 * the session routes, and the body's `refresh_token` is null: script on the host page never holds
 * it. Across sites a SameSite=Strict cookie would never come back, so there the body carries the
 * token as before and the widget keeps it in storage.
 */
import { tokenCookieSecure } from '@gatehouse/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { REFRESH_TOKEN_TTL_MS } from './sessions.js'

/** The only routes that read the cookie: refresh and logout (under the public URL's own path, behind a proxy prefix). */
export const refreshCookiePath = (apiUrl: string): string => `${new URL(apiUrl).pathname.replace(/\/+$/, '')}/api/v1/sessions`

/** One cookie per app, so two apps of one site keep separate sessions. */
export const refreshCookieName = (appId: string): string => `gatehouse-refresh-${appId}`

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])
// Second-level labels under which each name is a separate site (co.uk, com.au…); without the
// public suffix list, such hosts are treated as sharing a site only when they are equal.
const SHARED_SECOND_LEVEL = /^(co|com|net|org|gov|edu|ac|or|ne|go)$/

/** The registrable part of a host ('auth.example.com' → 'example.com'); null when unsure. */
function registrable(host: string): string | null {
  if (LOCAL_HOSTS.has(host) || /^[\d.]+$/.test(host) || host.startsWith('[')) return host
  const labels = host.split('.')
  if (labels.length < 2) return host
  if (labels.length >= 3 && SHARED_SECOND_LEVEL.test(labels.at(-2)!) && labels.at(-1)!.length === 2) return null
  return labels.slice(-2).join('.')
}

/**
 * Whether a page at `origin` and the API at `apiUrl` are the same site in the cookie sense
 * (scheme and registrable domain; ports do not count). Unsure answers false: a wrong "same site"
 * would hide the refresh token in a cookie the browser never sends back.
 */
export function sameSite(origin: string, apiUrl: string): boolean {
  let page: URL
  let api: URL
  try {
    page = new URL(origin)
    api = new URL(apiUrl)
  } catch {
    return false
  }
  if (page.protocol !== api.protocol) return false
  if (page.hostname === api.hostname) return true
  const a = registrable(page.hostname)
  return a !== null && a === registrable(api.hostname)
}

export interface CookieMode {
  secure: boolean
  path: string
}

/** Whether this request's page gets cookie sessions, and with which attributes; null for storage sessions. */
export function cookieSession(request: FastifyRequest, apiUrl: string): CookieMode | null {
  const origin = request.headers.origin
  if (typeof origin !== 'string' || !sameSite(origin, apiUrl)) return null
  // Spec part 1 §9: Secure except on Safari with a localhost origin (contract/src/cookie-secure.ts).
  return { secure: tokenCookieSecure(new URL(origin).hostname, request.headers['user-agent']), path: refreshCookiePath(apiUrl) }
}

function serialize(name: string, value: string, maxAgeSeconds: number, mode: CookieMode): string {
  const attributes = [`Max-Age=${maxAgeSeconds}`, `Path=${mode.path}`, 'HttpOnly', 'SameSite=Strict', ...(mode.secure ? ['Secure'] : [])]
  return [`${name}=${value}`, ...attributes].join('; ')
}

export function setRefreshCookie(reply: FastifyReply, appId: string, refreshToken: string, mode: CookieMode): void {
  reply.header('set-cookie', serialize(refreshCookieName(appId), refreshToken, Math.floor(REFRESH_TOKEN_TTL_MS / 1000), mode))
}

export function clearRefreshCookie(reply: FastifyReply, appId: string, mode: CookieMode): void {
  reply.header('set-cookie', serialize(refreshCookieName(appId), '', 0, mode))
}

/** The refresh token the request's cookie carries, if any. */
export function readRefreshCookie(request: FastifyRequest, appId: string): string | undefined {
  const header = request.headers.cookie
  if (!header) return undefined
  const name = refreshCookieName(appId)
  for (const part of header.split(';')) {
    const at = part.indexOf('=')
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined
  }
  return undefined
}

/**
 * Moves the refresh token of an auth response into the cookie when the page shares the API's
 * site; the widget reads a null `refresh_token` as "held by the server's cookie".
 */
export function moveRefreshTokenToCookie(request: FastifyRequest, reply: FastifyReply, payload: unknown, apiUrl: string): unknown {
  if (!payload || typeof payload !== 'object') return payload
  const response = payload as { token?: unknown; refresh_token?: unknown }
  if (typeof response.refresh_token !== 'string' || typeof response.token !== 'string') return payload
  const appId = request.gatehouseApp?.id
  const mode = appId ? cookieSession(request, apiUrl) : null
  if (!appId || !mode) return payload
  setRefreshCookie(reply, appId, response.refresh_token, mode)
  return { ...response, refresh_token: null }
}
