import { beforeEach, describe, expect, it, vi } from 'vitest'
import { $session, applyAuthResponse } from '../stores/session.ts'
import { accessToken, APP_ID, authResponse, configured, fakeFetch, jwt, recordEvents, resetAll } from '../testing/harness.ts'
import { getAccessToken } from './getAccessToken.ts'

beforeEach(() => {
  resetAll()
  configured()
})

describe('getAccessToken', () => {
  it('resolves null when logged out', async () => {
    await expect(getAccessToken()).resolves.toBeNull()
  })

  it('returns a token that is valid for more than 30 s without a request', async () => {
    const token = accessToken({ expiresIn: 60 })
    applyAuthResponse(APP_ID, authResponse({ token }))
    const { fetch } = fakeFetch({})
    await expect(getAccessToken()).resolves.toBe(token)
    expect(fetch).not.toHaveBeenCalled()
  })

  it('refreshes a token expiring within 30 s', async () => {
    applyAuthResponse(APP_ID, authResponse({ token: accessToken({ expiresIn: 20 }) }))
    const fresh = accessToken({ expiresIn: 3600 })
    fakeFetch({ 'POST /sessions': { body: authResponse({ token: fresh }) } })
    await expect(getAccessToken()).resolves.toBe(fresh)
  })

  it("the expiring window is exactly 30 s (spec part 1 §9 'Token expiring window')", async () => {
    const exp = 2_000_000_000
    const token = jwt({ sub: 'user-1', aud: APP_ID, exp, sid: 's1' })
    const fresh = accessToken({ expiresIn: 3600 })
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(exp * 1000 - 30_001)
      applyAuthResponse(APP_ID, authResponse({ token }))
      const { fetch } = fakeFetch({ 'POST /sessions': { body: authResponse({ token: fresh }) } })
      await expect(getAccessToken()).resolves.toBe(token)
      expect(fetch).not.toHaveBeenCalled()
      vi.setSystemTime(exp * 1000 - 30_000)
      await expect(getAccessToken()).resolves.toBe(fresh)
    } finally {
      vi.useRealTimers()
    }
  })

  it('waits for the startup refresh to settle', async () => {
    $session.set({ status: 'loading', user: null, tokens: null })
    const pending = getAccessToken()
    const token = accessToken()
    applyAuthResponse(APP_ID, authResponse({ token }))
    await expect(pending).resolves.toBe(token)
  })

  it('error: resolves null when the refresh is refused, and the host hears logout once', async () => {
    applyAuthResponse(APP_ID, authResponse({ token: accessToken({ expiresIn: -10 }) }))
    const events = recordEvents()
    fakeFetch({ 'POST /sessions': { status: 401, body: { error: 'no', code: 'missing_or_invalid_token' } } })
    await expect(Promise.all([getAccessToken(), getAccessToken()])).resolves.toEqual([null, null])
    expect($session.get().status).toBe('unauthenticated')
    expect(events).toEqual([['logout', null]])
  })

  it('error: a refresh answered session_update_action clear ends the session with logout', async () => {
    applyAuthResponse(APP_ID, authResponse({ token: accessToken({ expiresIn: -10 }) }))
    const events = recordEvents()
    fakeFetch({ 'POST /sessions': { body: authResponse({ session_update_action: 'clear' }) } })
    await expect(getAccessToken()).resolves.toBeNull()
    expect(events).toEqual([['logout', null]])
  })
})
