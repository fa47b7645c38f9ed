import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toUser } from '../api/user.ts'
import { $emailFlow, setEmailInput } from '../stores/emailFlow.ts'
import { $modal, pushScreen } from '../stores/modal.ts'
import { $pendingLogin, $session, applyAuthResponse } from '../stores/session.ts'
import { APP_ID, authResponse, configured, fakeFetch, recordEvents, resetAll, wireUser } from '../testing/harness.ts'
import { closeModal } from './closeModal.ts'
import { openModal } from './openModal.ts'

let events: [string, any][] = []
beforeEach(() => {
  resetAll()
  configured()
  events = recordEvents()
  vi.useFakeTimers()
})
afterEach(() => vi.useRealTimers())

describe('closeModal', () => {
  it('publishes modal-close and resets the screens after 500 ms, keeping the typed e-mail', () => {
    openModal()
    setEmailInput('ada@example.com')
    pushScreen({ name: 'code' })
    closeModal()
    expect(events.map((e) => e[0])).toEqual(['modal-open', 'modal-close'])
    vi.advanceTimersByTime(499)
    expect($modal.get().stack).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect($modal.get().stack).toEqual([{ name: 'landing' }])
    expect($emailFlow.get().email).toBe('ada@example.com')
  })

  it('does nothing when already closed', () => {
    closeModal()
    expect(events).toEqual([])
  })

  it('error: closing during the terms step declines: auth-error USER_EXITED_AUTH_FLOW and logout', async () => {
    fakeFetch({ 'POST /sessions/logout': { body: { success: true } } })
    openModal()
    applyAuthResponse(APP_ID, authResponse())
    $pendingLogin.set({ user: toUser(wireUser()), isNewUser: false, loginMethod: 'email' })
    closeModal()
    await vi.runAllTimersAsync()
    expect(events).toContainEqual(['auth-error', { code: 'USER_EXITED_AUTH_FLOW', message: 'The user exited the login flow.' }])
    expect(events).toContainEqual(['logout', null])
    expect($session.get().status).toBe('unauthenticated')
  })
})
