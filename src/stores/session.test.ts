import { beforeEach, describe, expect, it } from 'vitest'
import { accessToken, APP_ID, authResponse, resetAll } from '../testing/harness.ts'
import { $session, applyAuthResponse, clearSession, readStoredTokens, storeTokens } from './session.ts'
import { storageKeys } from './storage.ts'

let storage: ReturnType<typeof resetAll>
beforeEach(() => {
  storage = resetAll()
})

describe('session_update_action', () => {
  it('set stores all tokens and authenticates', () => {
    const response = authResponse()
    const state = applyAuthResponse(APP_ID, response)
    expect(state.status).toBe('authenticated')
    expect(state.user?.id).toBe('user-1')
    expect(state.tokens).toEqual({ token: response.token, refreshToken: 'refresh-1', identityToken: 'identity-1' })
    expect(JSON.parse(storage.data.get(storageKeys.session(APP_ID))!)).toEqual(state.tokens)
  })

  it('clear wipes stored tokens', () => {
    storeTokens(APP_ID, { token: accessToken(), refreshToken: 'old', identityToken: null })
    const state = applyAuthResponse(APP_ID, authResponse({ session_update_action: 'clear' }))
    expect(state).toEqual({ status: 'unauthenticated', user: null, tokens: null })
    expect(storage.data.has(storageKeys.session(APP_ID))).toBe(false)
  })

  it('ignore keeps the existing tokens and updates the user', () => {
    const existing = { token: accessToken(), refreshToken: 'keep', identityToken: 'id-keep' }
    storeTokens(APP_ID, existing)
    $session.set({ status: 'authenticated', user: null, tokens: existing })
    const state = applyAuthResponse(APP_ID, authResponse({ session_update_action: 'ignore', token: 'new', refresh_token: 'new' }))
    expect(state.status).toBe('authenticated')
    expect(state.tokens).toEqual(existing)
    expect(state.user?.id).toBe('user-1')
    expect(readStoredTokens(APP_ID)).toEqual(existing)
  })

  it('error: ignore without any existing tokens leaves the user logged out', () => {
    const state = applyAuthResponse(APP_ID, authResponse({ session_update_action: 'ignore' }))
    expect(state.status).toBe('unauthenticated')
  })

  it('error: set without an access token is not a session', () => {
    expect(applyAuthResponse(APP_ID, authResponse({ token: null })).status).toBe('unauthenticated')
  })

  it('stores tokens per app id', () => {
    applyAuthResponse(APP_ID, authResponse())
    expect(readStoredTokens('another-app-id-xxxxxxxxxx')).toBeNull()
    clearSession(APP_ID)
    expect(readStoredTokens(APP_ID)).toBeNull()
  })
})
