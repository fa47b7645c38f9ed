import { beforeEach, describe, expect, it } from 'vitest'
import { subscribe } from '../events/bus.ts'
import { $emailFlow } from '../stores/emailFlow.ts'
import { $pendingLogin, $session } from '../stores/session.ts'
import { getRecentLoginMethod } from '../stores/storage.ts'
import { APP_ID, appConfig, authResponse, configured, fakeFetch, resetAll, recordEvents, wireUser } from '../testing/harness.ts'
import { loginWithEmailCode } from './loginWithEmailCode.ts'
import { sendEmailCode } from './sendEmailCode.ts'

let events: [string, any][] = []
beforeEach(async () => {
  resetAll()
  configured()
  events = recordEvents()
})

async function codeSent(routes: Parameters<typeof fakeFetch>[0]) {
  const harness = fakeFetch({ 'POST /passwordless/init': { body: { success: true } }, 'POST /analytics_events': { status: 204 }, ...routes })
  await sendEmailCode({ email: 'ada@example.com' })
  return harness
}

describe('loginWithEmailCode', () => {
  it('authenticates, stores the session, remembers the method and publishes auth-success', async () => {
    const { calls } = await codeSent({ 'POST /passwordless/authenticate': { body: authResponse() } })
    const result = await loginWithEmailCode({ code: '123456' })
    expect(result).toMatchObject({ isNewUser: true, needsTermsAcceptance: false, user: { id: 'user-1' } })
    expect(calls.find((c) => c.path === '/passwordless/authenticate')!.body).toEqual({
      email: 'ada@example.com',
      code: '123456',
      mode: 'login-or-sign-up',
    })
    expect($session.get().status).toBe('authenticated')
    expect($emailFlow.get().state).toBe('done')
    expect(getRecentLoginMethod(APP_ID)).toBe('email')
    expect(events.filter((e) => e[0] === 'auth-success')).toHaveLength(1)
    expect(events.find((e) => e[0] === 'auth-success')![1]).toMatchObject({ isNewUser: true, loginMethod: 'email' })
    await Promise.resolve()
    expect(calls.some((c) => c.path === '/analytics_events' && c.body.event_name === 'sdk_authenticate')).toBe(true)
  })

  it('publishes auth-success while the flow is still submitting, then moves it to done (the order SMS uses)', async () => {
    await codeSent({ 'POST /passwordless/authenticate': { body: authResponse() } })
    const seen: string[] = []
    const stop = subscribe((name) => void (name === 'auth-success' && seen.push($emailFlow.get().state)))
    const states: string[] = []
    const unlisten = $emailFlow.listen((flow) => void states.push(flow.state === 'done' ? `done after ${seen.length} auth-success` : flow.state))
    try {
      await loginWithEmailCode({ code: '123456' })
    } finally {
      stop()
      unlisten()
    }
    expect(seen).toEqual(['submitting-code'])
    expect(states.at(-1)).toBe('done after 1 auth-success')
  })

  it("uses mode 'no-signup' when sign-up is disabled", async () => {
    configured(appConfig({ disableSignup: true }))
    const { calls } = await codeSent({ 'POST /passwordless/authenticate': { body: authResponse() } })
    await loginWithEmailCode({ code: '123456' })
    expect(calls.find((c) => c.path === '/passwordless/authenticate')!.body.mode).toBe('no-signup')
  })

  it('defers auth-success until terms are accepted when the app requires them', async () => {
    configured(appConfig({ legal: { requireUsersAcceptTerms: true } }))
    await codeSent({ 'POST /passwordless/authenticate': { body: authResponse({ user: wireUser({ has_accepted_terms: false }) }) } })
    const result = await loginWithEmailCode({ code: '123456' })
    expect(result.needsTermsAcceptance).toBe(true)
    expect($pendingLogin.get()).toMatchObject({ isNewUser: true, loginMethod: 'email' })
    expect(events.some((e) => e[0] === 'auth-success')).toBe(false)
  })

  it('error: a wrong code moves to error and publishes auth-error', async () => {
    await codeSent({
      'POST /passwordless/authenticate': { status: 401, body: { error: 'Invalid code', code: 'invalid_credentials' } },
    })
    await expect(loginWithEmailCode({ code: '000000' })).rejects.toMatchObject({ code: 'invalid_credentials' })
    expect($emailFlow.get().state).toBe('error')
    expect($session.get().status).toBe('unauthenticated')
    expect(events.at(-1)).toEqual(['auth-error', { code: 'invalid_credentials', message: 'Invalid code' }])
  })

  it('error: a code that is not 6 digits is refused locally', async () => {
    const { fetch } = await codeSent({})
    fetch.mockClear()
    await expect(loginWithEmailCode({ code: '12a456' })).rejects.toMatchObject({ shortMessage: 'Code should be numeric' })
    expect(fetch).not.toHaveBeenCalled()
  })

  it('error: a session_update_action of clear is not a login', async () => {
    await codeSent({ 'POST /passwordless/authenticate': { body: authResponse({ session_update_action: 'clear' }) } })
    await expect(loginWithEmailCode({ code: '123456' })).rejects.toMatchObject({ code: 'UNKNOWN_AUTH_ERROR' })
  })

  it('error: refused when a non-guest user is already logged in', async () => {
    await codeSent({ 'POST /passwordless/authenticate': { body: authResponse() } })
    await loginWithEmailCode({ code: '123456' })
    await expect(loginWithEmailCode({ code: '123456', email: 'ada@example.com' })).rejects.toMatchObject({ code: 'ALREADY_LOGGED_IN' })
  })
})
