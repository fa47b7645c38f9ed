import { beforeEach, describe, expect, it } from 'vitest'
import type { User } from '../api/user.ts'
import { ApiError } from '../errors/api.ts'
import { subscribe } from '../events/bus.ts'
import { $config } from '../stores/config.ts'
import { $session } from '../stores/session.ts'
import { $customTokenSync, syncCustomToken } from './customTokenSync.ts'

const signedIn = (types: string[]) =>
  $session.set({ status: 'authenticated', user: { id: 'u', linkedAccounts: types.map((type) => ({ type })), isGuest: false } as unknown as User, tokens: null })
const signedOut = () => $session.set({ status: 'unauthenticated', user: null, tokens: null })

/** A session that really changes: login signs in as a custom user, logout signs out; calls are recorded. */
function fakeAuth(failures: unknown[] = []) {
  const calls: string[] = []
  return {
    calls,
    login: async (token: string) => {
      calls.push(`login:${token}`)
      const failure = failures.shift()
      if (failure) throw failure
      signedIn(['custom_auth'])
    },
    logout: async () => {
      calls.push('logout')
      signedOut()
    },
  }
}

describe('custom-token sync', () => {
  beforeEach(() => {
    $config.set({ ...$config.get(), app: { customAuth: { enabled: true } } as never })
    $customTokenSync.set('initial')
    signedOut()
  })

  it('starts initial; a token logs in through loading to done', async () => {
    expect($customTokenSync.get()).toBe('initial')
    const auth = fakeAuth()
    const seen: string[] = []
    const stop = $customTokenSync.listen((s) => seen.push(s))
    expect(await syncCustomToken(async () => 'host-jwt', auth)).toBe('done')
    stop()
    expect(seen).toEqual(['loading', 'done'])
    expect(auth.calls).toEqual(['login:host-jwt'])
  })

  it('no token while signed in logs out; a signed-in custom user is not logged in again', async () => {
    const auth = fakeAuth()
    signedIn(['custom_auth'])
    expect(await syncCustomToken(() => 'host-jwt', auth)).toBe('done')
    expect(auth.calls).toEqual([])
    expect(await syncCustomToken(() => undefined, auth)).toBe('done')
    expect(auth.calls).toEqual(['logout'])
    expect($session.get().status).toBe('unauthenticated')
  })

  it('not-enabled when the app has no custom auth; nothing is called', async () => {
    $config.set({ ...$config.get(), app: { customAuth: { enabled: false } } as never })
    const auth = fakeAuth()
    expect(await syncCustomToken(() => 'host-jwt', auth)).toBe('not-enabled')
    expect(auth.calls).toEqual([])
  })

  it('LINKED_TO_ANOTHER_USER: logs out and retries', async () => {
    signedIn(['email'])
    const auth = fakeAuth([new ApiError({ status: 409, code: 'linked_to_another_user', message: 'This account has already been linked to another user.' })])
    expect(await syncCustomToken(() => 'host-jwt', auth)).toBe('done')
    expect(auth.calls).toEqual(['login:host-jwt', 'logout', 'login:host-jwt'])
    expect($session.get().user?.linkedAccounts.map((a) => a.type)).toEqual(['custom_auth'])
  })

  it('error: any other failure logs the user out and reports it as auth-error', async () => {
    signedIn(['email'])
    const reported: unknown[] = []
    const stop = subscribe((name, detail) => name === 'auth-error' && reported.push(detail))
    const auth = fakeAuth([new ApiError({ status: 401, code: 'invalid_credentials', message: 'Invalid custom token' })])
    expect(await syncCustomToken(() => 'bad-jwt', auth)).toBe('error')
    stop()
    expect(auth.calls).toEqual(['login:bad-jwt', 'logout'])
    expect($session.get().status).toBe('unauthenticated')
    expect(reported).toEqual([expect.objectContaining({ code: 'invalid_credentials' })])
  })
})
