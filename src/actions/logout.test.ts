import { beforeEach, describe, expect, it } from 'vitest'
import { $session, applyAuthResponse } from '../stores/session.ts'
import { storageKeys } from '../stores/storage.ts'
import { APP_ID, authResponse, configured, fakeFetch, recordEvents, resetAll } from '../testing/harness.ts'
import { logout } from './logout.ts'

let storage: ReturnType<typeof resetAll>
let events: [string, any][] = []
beforeEach(() => {
  storage = resetAll()
  configured()
  applyAuthResponse(APP_ID, authResponse())
  events = recordEvents()
})

describe('logout', () => {
  it('calls the server with the refresh token, clears local state and publishes logout', async () => {
    const { calls } = fakeFetch({ 'POST /sessions/logout': { body: { success: true } } })
    await logout()
    expect(calls[0]!.body).toEqual({ refresh_token: 'refresh-1' })
    expect($session.get().status).toBe('unauthenticated')
    expect(storage.getItem(storageKeys.session(APP_ID))).toBeNull()
    expect(events).toEqual([['logout', null]])
  })

  it('error: clears local state even when the server call fails', async () => {
    const { fetch } = fakeFetch({ 'POST /sessions/logout': { status: 503, body: {} } })
    await logout()
    expect(fetch).toHaveBeenCalledTimes(1) // no retries: leaving must be quick
    expect($session.get().status).toBe('unauthenticated')
    expect(storage.getItem(storageKeys.session(APP_ID))).toBeNull()
  })

  it('overlapping logouts publish logout once', async () => {
    fakeFetch({ 'POST /sessions/logout': { body: { success: true } } })
    await Promise.all([logout(), logout()])
    expect(events).toEqual([['logout', null]])
  })

  it('does not publish logout when nobody was logged in', async () => {
    await logout()
    events.length = 0
    fakeFetch({})
    await logout()
    expect(events).toEqual([])
  })
})
