import { beforeEach, describe, expect, it, vi } from 'vitest'
import { InsecureApiUrlError, InvalidAppIdError } from '../errors/auth.ts'
import { $config } from '../stores/config.ts'
import { $session } from '../stores/session.ts'
import { storageKeys } from '../stores/storage.ts'
import { accessToken, API_URL, APP_ID, appConfig, authResponse, fakeFetch, OTHER_APP_ID, resetAll, recordEvents, wireUser } from '../testing/harness.ts'
import { initialize, validateSetup } from './initialize.ts'

let storage: ReturnType<typeof resetAll>
let events: [string, any][] = []
beforeEach(() => {
  storage = resetAll()
  events = recordEvents()
})

const storeSession = (token = accessToken(), refreshToken = 'refresh-0') =>
  storage.setItem(storageKeys.session(APP_ID), JSON.stringify({ token, refreshToken, identityToken: null }))

describe('validateSetup', () => {
  it('accepts a 25-character app id with HTTPS or a localhost URL', () => {
    for (const apiUrl of [API_URL, 'http://localhost:8787', 'http://127.0.0.1:8787', '', undefined]) {
      expect(() => validateSetup({ appId: APP_ID, apiUrl })).not.toThrow()
    }
  })
  it('error: app id of another length', () => {
    expect(() => validateSetup({ appId: 'short', apiUrl: API_URL })).toThrow(InvalidAppIdError)
    expect(() => validateSetup({ appId: `${APP_ID}x`, apiUrl: API_URL })).toThrow(/exactly 25 characters/)
  })
  it('error: plain HTTP away from localhost', () => {
    expect(() => validateSetup({ appId: APP_ID, apiUrl: 'http://auth.example.com' })).toThrow(InsecureApiUrlError)
  })
})

describe('initialize', () => {
  it('loads the configuration and is unauthenticated without stored credentials (no refresh)', async () => {
    const { calls } = fakeFetch({ [`GET /apps/${APP_ID}`]: { body: appConfig() }, 'POST /analytics_events': { status: 204 } })
    const result = await initialize({ appId: APP_ID, apiUrl: API_URL })
    expect(result).toMatchObject({ authenticated: false, user: null, config: { name: 'Test App' } })
    expect($config.get()).toMatchObject({ status: 'ready', appId: APP_ID, apiUrl: API_URL })
    expect($session.get().status).toBe('unauthenticated')
    expect(calls.some((c) => c.path === '/sessions')).toBe(false)
    expect(events).toContainEqual(['auth-ready', { authenticated: false, user: null }])
  })

  it('sends sdk_initialize once per configuration and returns the same promise for the same app', async () => {
    const { calls } = fakeFetch({ [`GET /apps/${APP_ID}`]: { body: appConfig() }, 'POST /analytics_events': { status: 204 } })
    const first = initialize({ appId: APP_ID, apiUrl: API_URL })
    expect(initialize({ appId: APP_ID, apiUrl: API_URL })).toBe(first)
    await first
    const analytics = calls.filter((c) => c.path === '/analytics_events')
    expect(analytics).toHaveLength(1)
    expect(analytics[0]!.body).toMatchObject({ event_name: 'sdk_initialize', client_id: expect.any(String) })
    expect(analytics[0]!.body.payload.clientTimestamp).toEqual(expect.any(String))
  })

  it('refreshes when credentials exist and authenticates', async () => {
    storeSession()
    const { calls } = fakeFetch({
      [`GET /apps/${APP_ID}`]: { body: appConfig() },
      'POST /sessions': { body: authResponse({ refresh_token: 'refresh-2' }) },
    })
    const result = await initialize({ appId: APP_ID, apiUrl: API_URL })
    expect(result.authenticated).toBe(true)
    const refresh = calls.find((c) => c.path === '/sessions')!
    expect(refresh.body).toEqual({ refresh_token: 'refresh-0' })
    expect(refresh.headers.Authorization).toMatch(/^Bearer /)
    expect(JSON.parse(storage.getItem(storageKeys.session(APP_ID))!).refreshToken).toBe('refresh-2')
  })

  it('error: a 401 refresh clears the stored session', async () => {
    storeSession()
    fakeFetch({
      [`GET /apps/${APP_ID}`]: { body: appConfig() },
      'POST /sessions': { status: 401, body: { error: 'Invalid refresh token', code: 'missing_or_invalid_token' } },
    })
    const result = await initialize({ appId: APP_ID, apiUrl: API_URL })
    expect(result.authenticated).toBe(false)
    expect(storage.getItem(storageKeys.session(APP_ID))).toBeNull()
  })

  it('error: a server failure during refresh logs out for now but keeps credentials for the next load', async () => {
    storeSession()
    fakeFetch({ [`GET /apps/${APP_ID}`]: { body: appConfig() }, 'POST /sessions': { status: 500, body: {} } })
    const result = await initialize({ appId: APP_ID, apiUrl: API_URL })
    expect(result.authenticated).toBe(false)
    expect(storage.getItem(storageKeys.session(APP_ID))).not.toBeNull()
  })

  it('error: a stored token whose aud is another app id is cleared without a refresh', async () => {
    storeSession(accessToken({ aud: OTHER_APP_ID }))
    const { calls } = fakeFetch({ [`GET /apps/${APP_ID}`]: { body: appConfig() } })
    const result = await initialize({ appId: APP_ID, apiUrl: API_URL })
    expect(result.authenticated).toBe(false)
    expect(calls.some((c) => c.path === '/sessions')).toBe(false)
    expect(storage.getItem(storageKeys.session(APP_ID))).toBeNull()
  })

  it('logs out at startup a user who has not accepted required terms', async () => {
    storeSession()
    const { calls } = fakeFetch({
      [`GET /apps/${APP_ID}`]: { body: appConfig({ legal: { requireUsersAcceptTerms: true } }) },
      'POST /sessions': { body: authResponse({ user: wireUser({ has_accepted_terms: false }) }) },
      'POST /sessions/logout': { body: { success: true } },
    })
    const result = await initialize({ appId: APP_ID, apiUrl: API_URL })
    expect(result.authenticated).toBe(false)
    expect(calls.some((c) => c.path === '/sessions/logout')).toBe(true)
    expect(storage.getItem(storageKeys.session(APP_ID))).toBeNull()
  })

  it('keeps a user who accepted required terms', async () => {
    storeSession()
    fakeFetch({
      [`GET /apps/${APP_ID}`]: { body: appConfig({ legal: { requireUsersAcceptTerms: true } }) },
      'POST /sessions': { body: authResponse({ user: wireUser({ has_accepted_terms: true }) }) },
    })
    expect((await initialize({ appId: APP_ID, apiUrl: API_URL })).authenticated).toBe(true)
  })

  it('error: a failed configuration load publishes auth-error and still settles auth-ready', async () => {
    fakeFetch({ [`GET /apps/${APP_ID}`]: { status: 404, body: { error: 'App not found', code: 'missing_or_invalid_app_id' } } })
    await initialize({ appId: APP_ID, apiUrl: API_URL })
    expect($config.get().status).toBe('error')
    expect(events).toContainEqual(['auth-error', { code: 'missing_or_invalid_app_id', message: 'App not found' }])
    expect(events.map((e) => e[0])).toContain('auth-ready')
  })

  it('error: throws synchronously on an invalid app id', () => {
    const fetch = fakeFetch({}).fetch
    expect(() => initialize({ appId: 'nope', apiUrl: API_URL })).toThrow(InvalidAppIdError)
    expect(fetch).not.toHaveBeenCalled()
    vi.unstubAllGlobals()
  })
})
