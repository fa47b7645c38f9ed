import { beforeEach, describe, expect, it, vi } from 'vitest'
import { setApiClientOverrides } from '../api/instance.ts'
import { $session, applyAuthResponse } from '../stores/session.ts'
import { APP_ID, authResponse, configured, fakeFetch, resetAll, wireUser } from '../testing/harness.ts'
import { ACCOUNT_QUERY_ATTEMPTS, refreshUser } from './refreshUser.ts'

let sleeps: number[] = []
beforeEach(() => {
  resetAll()
  configured()
  sleeps = []
  setApiClientOverrides({ sleep: vi.fn(async (ms: number) => void sleeps.push(ms)) })
})

describe('refreshUser', () => {
  it('stores the user and identity token GET /users/me answers', async () => {
    applyAuthResponse(APP_ID, authResponse())
    fakeFetch({ 'GET /users/me': { body: { identity_token: 'id-2', user: wireUser({ has_accepted_terms: true }) } } })
    const user = await refreshUser()
    expect(user.hasAcceptedTerms).toBe(true)
    expect($session.get().user?.hasAcceptedTerms).toBe(true)
    expect($session.get().tokens?.identityToken).toBe('id-2')
  })

  it('retries the account query up to 10 attempts, 500 ms apart (spec §9)', async () => {
    applyAuthResponse(APP_ID, authResponse())
    const failures = Array.from({ length: ACCOUNT_QUERY_ATTEMPTS - 1 }, () => ({ status: 503, body: { error: 'busy' } }))
    const { calls } = fakeFetch({ 'GET /users/me': [...failures, { body: { identity_token: 'id-2', user: wireUser() } }] })
    await refreshUser()
    expect(calls).toHaveLength(10)
    expect(sleeps).toEqual(Array(9).fill(500))
  })

  it('error: gives up after the 10th failed attempt', async () => {
    applyAuthResponse(APP_ID, authResponse())
    const { calls } = fakeFetch({ 'GET /users/me': { status: 503, body: { error: 'busy' } } })
    await expect(refreshUser()).rejects.toMatchObject({ status: 503 })
    expect(calls).toHaveLength(10)
  })

  it('error: needs a session', async () => {
    fakeFetch({})
    await expect(refreshUser()).rejects.toMatchObject({ code: 'MUST_BE_AUTHENTICATED' })
  })
})
