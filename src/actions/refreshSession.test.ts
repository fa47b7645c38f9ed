import { beforeEach, describe, expect, it } from 'vitest'
import { $session, applyAuthResponse } from '../stores/session.ts'
import { APP_ID, authResponse, configured, fakeFetch, resetAll } from '../testing/harness.ts'
import { refreshSession } from './refreshSession.ts'

beforeEach(() => {
  resetAll()
  configured()
})

describe('refreshSession', () => {
  it('shares one request between concurrent callers (refresh tokens rotate)', async () => {
    applyAuthResponse(APP_ID, authResponse())
    const { fetch } = fakeFetch({ 'POST /sessions': { body: authResponse({ refresh_token: 'refresh-2' }) } })
    const [a, b] = await Promise.all([refreshSession(), refreshSession()])
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(a).toBe(b)
    expect($session.get().tokens?.refreshToken).toBe('refresh-2')
  })

  it('error: without credentials', async () => {
    fakeFetch({})
    await expect(refreshSession()).rejects.toMatchObject({ code: 'MUST_BE_AUTHENTICATED' })
  })

  it('error: 401 wipes the session', async () => {
    applyAuthResponse(APP_ID, authResponse())
    fakeFetch({ 'POST /sessions': { status: 401, body: { error: 'expired', code: 'missing_or_invalid_token' } } })
    await expect(refreshSession()).rejects.toMatchObject({ status: 401 })
    expect($session.get().status).toBe('unauthenticated')
  })
})
