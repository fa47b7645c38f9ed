import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { $session, applyAuthResponse } from '../stores/session.ts'
import { storageKeys } from '../stores/storage.ts'
import { APP_ID, authResponse, configured, fakeFetch, recordEvents, resetAll, type Reply } from '../testing/harness.ts'
import { logout } from './logout.ts'
import { SESSION_CHECK_INTERVAL_MS, stopSessionWatch, watchSession } from './sessionWatch.ts'

/** The page's document: only what the watch reads (node has none). */
const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState })
const setVisibility = (state: DocumentVisibilityState) => {
  page.visibilityState = state
  page.dispatchEvent(new Event('visibilitychange'))
}
const revoked: Reply = { status: 401, body: { error: 'Missing or invalid access token', code: 'missing_or_invalid_token' } }
const me: Reply = { body: { user: authResponse().user, identity_token: null } }
const offline: Reply = () => Promise.reject(new TypeError('Failed to fetch'))

let events: [string, any][] = []
let storage: ReturnType<typeof resetAll>
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
  storage = resetAll()
  vi.stubGlobal('document', page)
  page.visibilityState = 'visible'
  configured()
  applyAuthResponse(APP_ID, authResponse())
  events = recordEvents()
  watchSession()
})
afterEach(() => {
  stopSessionWatch()
  vi.useRealTimers()
})

const checks = (calls: { method: string; path: string }[]) => calls.filter((c) => c.method === 'GET' && c.path === '/users/me').length

describe('the session watch', () => {
  it(`asks GET /users/me every ${SESSION_CHECK_INTERVAL_MS / 1000} s while authenticated and visible; a live session stays`, async () => {
    const { calls } = fakeFetch({ 'GET /users/me': me })
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS - 1)
    expect(checks(calls)).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(checks(calls)).toBe(1)
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS)
    expect(checks(calls)).toBe(2)
    expect(calls[0]!.headers.Authorization).toBe(`Bearer ${authResponse().token}`)
    expect($session.get().status).toBe('authenticated')
    expect(events).toEqual([])
  })

  it('does not check while the page is hidden, and checks once when it becomes visible again', async () => {
    const { calls } = fakeFetch({ 'GET /users/me': me })
    setVisibility('hidden')
    await vi.advanceTimersByTimeAsync(3 * SESSION_CHECK_INTERVAL_MS)
    expect(checks(calls)).toBe(0)
    setVisibility('visible')
    await vi.waitFor(() => expect(checks(calls)).toBe(1))
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS)
    expect(checks(calls)).toBe(2)
  })

  it('a revoked session: one refresh, refused too, logs out locally without a server call and publishes logout; no timer after', async () => {
    const { calls } = fakeFetch({ 'GET /users/me': revoked, 'POST /sessions': revoked })
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS)
    await vi.waitFor(() => expect($session.get().status).toBe('unauthenticated'))
    expect(events).toEqual([['logout', null]])
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /users/me', 'POST /sessions'])
    expect(storage.getItem(storageKeys.session(APP_ID))).toBeNull()
    await vi.advanceTimersByTimeAsync(3 * SESSION_CHECK_INTERVAL_MS)
    expect(calls).toHaveLength(2)
  })

  it('an expired access token: the refresh succeeds and the session stays, with the new token', async () => {
    const { calls } = fakeFetch({ 'GET /users/me': [revoked, me], 'POST /sessions': { body: authResponse({ refresh_token: 'refresh-2' }) } })
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS)
    await vi.waitFor(() => expect($session.get().tokens?.refreshToken).toBe('refresh-2'))
    expect($session.get().status).toBe('authenticated')
    expect(events).toEqual([])
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS)
    expect(checks(calls)).toBe(2)
  })

  it('error: offline (network error) is not logged out, and neither is a refresh that cannot reach the server', async () => {
    const { calls } = fakeFetch({ 'GET /users/me': offline })
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS)
    await vi.waitFor(() => expect(checks(calls)).toBe(1))
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS)
    await vi.waitFor(() => expect(checks(calls)).toBe(2))
    expect(calls.some((c) => c.path === '/sessions')).toBe(false)
    expect($session.get().status).toBe('authenticated')

    const second = fakeFetch({ 'GET /users/me': revoked, 'POST /sessions': offline })
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS)
    await vi.waitFor(() => expect(second.calls.some((c) => c.path === '/sessions')).toBe(true))
    await vi.advanceTimersByTimeAsync(0)
    expect($session.get().status).toBe('authenticated')
    expect(events).toEqual([])
  })

  it('error: a server failure (503) is not a logout', async () => {
    const { calls } = fakeFetch({ 'GET /users/me': { status: 503, body: {} } })
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS)
    await vi.waitFor(() => expect(checks(calls)).toBe(1)) // no retries for a background check
    expect(calls.some((c) => c.path === '/sessions')).toBe(false)
    expect($session.get().status).toBe('authenticated')
  })

  it('stops on logout and starts again on the next login', async () => {
    const { calls } = fakeFetch({ 'GET /users/me': me, 'POST /sessions/logout': { body: { success: true } } })
    await logout()
    await vi.advanceTimersByTimeAsync(3 * SESSION_CHECK_INTERVAL_MS)
    expect(checks(calls)).toBe(0)
    applyAuthResponse(APP_ID, authResponse())
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS)
    expect(checks(calls)).toBe(1)
  })
})
