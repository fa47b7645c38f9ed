import { beforeEach, describe, expect, it, vi } from 'vitest'
import { initialize } from '../actions/initialize.ts'
import { logout } from '../actions/logout.ts'
import { API_URL, APP_ID, accessToken, appConfig, authResponse, configured, fakeFetch, resetAll } from '../testing/harness.ts'
import { $session, applyAuthResponse } from './session.ts'
import { hasSessionMarker, markerCookieName } from './sessionMarker.ts'
import { storageKeys } from './storage.ts'

/** document.cookie as a browser keeps it for the page: name=value pairs, Max-Age=0 deletes. */
function cookieJar() {
  const cookies = new Map<string, string>()
  const written: string[] = []
  return {
    written,
    get cookie() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    },
    set cookie(line: string) {
      written.push(line)
      const [pair] = line.split(';')
      const at = pair!.indexOf('=')
      const name = pair!.slice(0, at)
      if (/Max-Age=0\b/.test(line)) cookies.delete(name)
      else cookies.set(name, pair!.slice(at + 1))
    },
  }
}

let storage: ReturnType<typeof resetAll>
let jar: ReturnType<typeof cookieJar>
beforeEach(() => {
  storage = resetAll()
  jar = cookieJar()
  vi.stubGlobal('document', jar)
  vi.stubGlobal('location', { hostname: 'app.example.com' })
})

const stored = () => JSON.parse(storage.getItem(storageKeys.session(APP_ID)) ?? 'null')
/** An auth response of a page on the API's site: the refresh token went into the API's cookie. */
const cookieResponse = () => authResponse({ refresh_token: null })

describe('cookie sessions in the widget', () => {
  it('a login whose refresh token the API keeps in its cookie stores none, and sets the 30-day marker cookie', () => {
    configured()
    applyAuthResponse(APP_ID, cookieResponse())
    expect(stored()).toMatchObject({ refreshToken: null, refreshInCookie: true })
    expect(JSON.stringify(stored())).not.toContain('refresh-1')
    expect(jar.written).toEqual([`${markerCookieName(APP_ID)}=t; Max-Age=2592000; Path=/; SameSite=Strict; Secure`])
    expect(hasSessionMarker(APP_ID)).toBe(true)
  })

  it('on a localhost page the marker is not Secure in Safari only (spec §9)', () => {
    vi.stubGlobal('location', { hostname: 'localhost' })
    const safari = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
    vi.stubGlobal('navigator', { userAgent: safari })
    configured()
    applyAuthResponse(APP_ID, cookieResponse())
    expect(jar.written[0]).toBe(`${markerCookieName(APP_ID)}=t; Max-Age=2592000; Path=/; SameSite=Strict`)
    vi.stubGlobal('navigator', { userAgent: chrome })
    applyAuthResponse(APP_ID, cookieResponse())
    expect(jar.written.at(-1)).toBe(`${markerCookieName(APP_ID)}=t; Max-Age=2592000; Path=/; SameSite=Strict; Secure`)
  })

  it('a cross-site login keeps the refresh token in storage and sets no marker', () => {
    configured()
    applyAuthResponse(APP_ID, authResponse())
    expect(stored().refreshToken).toBe('refresh-1')
    expect(jar.written).toEqual([])
  })

  it('a page load with the marker refreshes without a token in the body (the API reads its cookie), even with storage emptied', async () => {
    jar.cookie = `${markerCookieName(APP_ID)}=t; Max-Age=100`
    const { calls } = fakeFetch({ [`GET /apps/${APP_ID}`]: { body: appConfig() }, 'POST /sessions': { body: cookieResponse() } })
    const result = await initialize({ appId: APP_ID, apiUrl: API_URL })
    expect(result.authenticated).toBe(true)
    const refresh = calls.find((c) => c.path === '/sessions')!
    expect(refresh.body).toEqual({})
    expect(refresh.init.credentials).toBe('include')
  })

  it('error: a stored cookie session whose marker is gone is cleared without a call (server cookies expected but absent)', async () => {
    storage.setItem(storageKeys.session(APP_ID), JSON.stringify({ token: accessToken(), refreshToken: null, identityToken: null, refreshInCookie: true }))
    const { calls } = fakeFetch({ [`GET /apps/${APP_ID}`]: { body: appConfig() } })
    const result = await initialize({ appId: APP_ID, apiUrl: API_URL })
    expect(result.authenticated).toBe(false)
    expect(calls.some((c) => c.path === '/sessions')).toBe(false)
    expect(stored()).toBeNull()
  })

  it('error: the API answering that its cookie is missing clears the session and the marker', async () => {
    jar.cookie = `${markerCookieName(APP_ID)}=t; Max-Age=100`
    storage.setItem(storageKeys.session(APP_ID), JSON.stringify({ token: accessToken(), refreshToken: null, identityToken: null, refreshInCookie: true }))
    fakeFetch({
      [`GET /apps/${APP_ID}`]: { body: appConfig() },
      'POST /sessions': { status: 401, body: { error: 'Invalid or expired session', code: 'missing_or_invalid_token' } },
    })
    const result = await initialize({ appId: APP_ID, apiUrl: API_URL })
    expect(result.authenticated).toBe(false)
    expect(stored()).toBeNull()
    expect(hasSessionMarker(APP_ID)).toBe(false)
  })

  it('logout removes the marker', async () => {
    configured()
    applyAuthResponse(APP_ID, cookieResponse())
    fakeFetch({ 'POST /sessions/logout': { body: { success: true } } })
    await logout()
    expect(hasSessionMarker(APP_ID)).toBe(false)
    expect($session.get().status).toBe('unauthenticated')
  })
})
