import { beforeEach, describe, expect, it } from 'vitest'
import { $pendingLogin, $session, applyAuthResponse } from '../stores/session.ts'
import { toUser } from '../api/user.ts'
import { APP_ID, authResponse, configured, fakeFetch, recordEvents, resetAll, wireUser } from '../testing/harness.ts'
import { acceptTerms } from './acceptTerms.ts'

let events: [string, any][] = []
beforeEach(() => {
  resetAll()
  configured()
  events = recordEvents()
})

describe('acceptTerms', () => {
  it('records acceptance, updates the user and completes the pending login', async () => {
    applyAuthResponse(APP_ID, authResponse())
    $pendingLogin.set({ user: toUser(wireUser()), isNewUser: true, loginMethod: 'email' })
    const { calls } = fakeFetch({ 'POST /users/me/accept_terms': { body: { user: wireUser({ has_accepted_terms: true }) } } })
    const { user } = await acceptTerms()
    expect(user.hasAcceptedTerms).toBe(true)
    expect(calls[0]!.headers.Authorization).toMatch(/^Bearer /)
    expect($session.get().user?.hasAcceptedTerms).toBe(true)
    expect($pendingLogin.get()).toBeNull()
    expect(events).toEqual([['auth-success', expect.objectContaining({ isNewUser: true, loginMethod: 'email' })]])
  })

  it('error: needs a session', async () => {
    fakeFetch({})
    await expect(acceptTerms()).rejects.toMatchObject({ code: 'MUST_BE_AUTHENTICATED' })
  })
})
