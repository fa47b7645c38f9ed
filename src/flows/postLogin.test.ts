import { afterEach, describe, expect, it } from 'vitest'
import type { User } from '../api/user.ts'
import { $config } from '../stores/config.ts'
import { nextPostLoginScreen, registerPostLoginStep } from './postLogin.ts'

const user = (hasAcceptedTerms: boolean): User =>
  ({ id: 'u', createdAt: 0, linkedAccounts: [], mfaMethods: [], hasAcceptedTerms, isGuest: false }) as unknown as User

function requireTerms(required: boolean) {
  $config.set({ ...$config.get(), app: { legal: { requireUsersAcceptTerms: required } } as never })
}

describe('post-login steps', () => {
  afterEach(() => registerPostLoginStep({ name: 'wallet', screen: () => null }))

  it('terms come first when required and not accepted', () => {
    requireTerms(true)
    expect(nextPostLoginScreen({ user: user(false), isNewUser: true, loginMethod: 'email' })).toEqual({ name: 'terms' })
  })

  it('no step applies: the login is complete', () => {
    requireTerms(false)
    expect(nextPostLoginScreen({ user: user(false), isNewUser: true, loginMethod: 'email' })).toBeNull()
  })

  it('a registered step follows terms, and is what comes after finishing terms', () => {
    requireTerms(true)
    registerPostLoginStep({ name: 'wallet', screen: () => ({ name: 'error', title: 't', detail: 'd', cta: 'c' }) })
    const context = { user: user(false), isNewUser: true, loginMethod: 'email' }
    expect(nextPostLoginScreen(context)).toEqual({ name: 'terms' })
    expect(nextPostLoginScreen(context, 'terms')).toMatchObject({ name: 'error' })
    requireTerms(false)
    expect(nextPostLoginScreen(context)).toMatchObject({ name: 'error' })
  })
})
