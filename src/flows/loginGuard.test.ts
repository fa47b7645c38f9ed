import { beforeEach, describe, expect, it } from 'vitest'
import { toUser } from '../api/user.ts'
import { $session } from '../stores/session.ts'
import { configured, resetAll, wireUser } from '../testing/harness.ts'
import { assertCanLogIn, isLoggedIn } from './loginGuard.ts'

const signIn = (isGuest: boolean) => $session.set({ status: 'authenticated', user: toUser(wireUser({ is_guest: isGuest })), tokens: null })

describe('the already-logged-in guard (spec §5)', () => {
  beforeEach(() => {
    resetAll()
    configured()
  })

  it('nobody logged in: login may start', () => {
    expect(isLoggedIn()).toBe(false)
    expect(() => assertCanLogIn()).not.toThrow()
  })

  it('a guest may log in to a real account', () => {
    signIn(true)
    expect(isLoggedIn()).toBe(false)
    expect(() => assertCanLogIn()).not.toThrow()
  })

  it('error: a non-guest user is refused with ALREADY_LOGGED_IN', () => {
    signIn(false)
    expect(isLoggedIn()).toBe(true)
    expect(() => assertCanLogIn()).toThrow(expect.objectContaining({ name: 'AlreadyLoggedInError', code: 'ALREADY_LOGGED_IN' }))
  })
})
