import { beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../errors/api.ts'
import { mapFarcasterError } from '../screens/farcaster/farcasterErrors.ts'
import { configured, fakeFetch, resetAll } from '../testing/harness.ts'
import { FARCASTER_POLL_INTERVAL_MS, FARCASTER_POLL_TIMEOUT_MS, FarcasterTimeoutError, initFarcaster, pollFarcasterStatus } from './channel.ts'
import { farcasterDevice, OPEN_APP_LABEL } from './device.ts'

/** A clock the poll's sleep moves, so 120 s pass in no time. */
function fakeClock() {
  let t = 1_000_000
  const sleeps: number[] = []
  return { now: () => t, sleep: async (ms: number) => void (sleeps.push(ms), (t += ms)), sleeps }
}

const completed = { state: 'completed', nonce: 'n0nce123', message: 'msg', signature: '0xabc', fid: 42 }

beforeEach(() => {
  resetAll()
  configured()
})

describe('Farcaster channel (spec §4, §9)', () => {
  it('init posts the captcha token and answers the channel', async () => {
    const { calls } = fakeFetch({ 'POST /farcaster/init': { body: { channel_token: 'tok', connect_uri: 'farcaster://connect?channelToken=tok' } } })
    await expect(initFarcaster('t:cap')).resolves.toEqual({ channel_token: 'tok', connect_uri: 'farcaster://connect?channelToken=tok' })
    expect(calls[0]!.body).toEqual({ token: 't:cap' })
  })

  it('polls every 2 s with the channel token in its header until completed', async () => {
    const clock = fakeClock()
    const { calls } = fakeFetch({
      'GET /farcaster/status': [{ body: { state: 'pending', nonce: 'n' } }, { body: { state: 'pending', nonce: 'n' } }, { body: completed }],
    })
    await expect(pollFarcasterStatus('tok', clock)).resolves.toMatchObject({ message: 'msg', signature: '0xabc', fid: 42 })
    expect(calls).toHaveLength(3)
    expect(calls[0]!.headers['farcaster-channel-token']).toBe('tok')
    expect(clock.sleeps).toEqual([2000, 2000])
    expect(FARCASTER_POLL_INTERVAL_MS).toBe(2000)
  })

  it('error: still pending after 120 s → FarcasterTimeoutError, mapped to "The request timed out. Try again."', async () => {
    const clock = fakeClock()
    const { calls } = fakeFetch({ 'GET /farcaster/status': { body: { state: 'pending', nonce: 'n' } } })
    const error = await pollFarcasterStatus('tok', clock).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FarcasterTimeoutError)
    expect(FARCASTER_POLL_TIMEOUT_MS).toBe(120_000)
    // Polls at 0, 2, …, 120 s.
    expect(calls.length).toBe(61)
    expect(mapFarcasterError(error)).toEqual({ kind: 'message', title: 'Authentication failed', detail: 'The request timed out. Try again.', retry: true })
  })

  it('error: an unknown or expired channel (404) stops the poll at once', async () => {
    const clock = fakeClock()
    fakeFetch({ 'GET /farcaster/status': { status: 404, body: { error: 'Unknown or expired channel', code: 'not_found' } } })
    await expect(pollFarcasterStatus('tok', clock)).rejects.toMatchObject({ code: 'not_found' })
    expect(clock.sleeps).toEqual([])
  })

  it('a failed poll (503) is asked again on the next tick', async () => {
    const clock = fakeClock()
    fakeFetch({ 'GET /farcaster/status': [{ status: 503, body: { error: 'x', code: 'internal_error' } }, { body: completed }] })
    await expect(pollFarcasterStatus('tok', clock)).resolves.toMatchObject({ fid: 42 })
  })

  it('error: an aborted poll stops with an AbortError', async () => {
    const controller = new AbortController()
    controller.abort()
    fakeFetch({})
    await expect(pollFarcasterStatus('tok', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' })
  })
})

describe('mapFarcasterError (spec §8 Farcaster)', () => {
  const api = (status: number, code: string, message = 'x', data?: Record<string, unknown>) => new ApiError({ status, code, message, data })
  it('error: a refused signature → "Authentication failed" / "Something went wrong. Try again." with Retry', () => {
    expect(mapFarcasterError(api(401, 'invalid_credentials'))).toEqual({
      kind: 'message',
      title: 'Authentication failed',
      detail: 'Something went wrong. Try again.',
      retry: true,
    })
  })
  it('error: throttled → "Too many requests. Please wait before trying again."', () => {
    expect(mapFarcasterError(api(429, 'too_many_requests'))).toMatchObject({ detail: 'Too many requests. Please wait before trying again.' })
  })
  it('error: transfer, allowlist, user limit, unknown user and disallowed method go to their screens', () => {
    expect(mapFarcasterError(api(409, 'account_transfer_required', 'x', { nonce: 'N', display_name: '@ada' }), 42)).toEqual({
      kind: 'screen',
      screen: {
        name: 'account-transfer',
        method: 'farcaster',
        nonce: 'N',
        displayName: '@ada',
        fields: { farcaster_id: 42, farcaster_embedded_address: null },
      },
    })
    expect(mapFarcasterError(api(403, 'allowlist_rejected'))).toEqual({ kind: 'screen', screen: { name: 'allowlist-rejected' } })
    expect(mapFarcasterError(api(403, 'max_accounts_reached'))).toEqual({ kind: 'screen', screen: { name: 'user-limit' } })
    expect(mapFarcasterError(api(404, 'user_does_not_exist'))).toEqual({ kind: 'screen', screen: { name: 'account-not-found' } })
    expect(mapFarcasterError(api(403, 'disallowed_login_method', 'Login with Farcaster not allowed'))).toMatchObject({
      screen: { name: 'error', title: 'Not allowed', cta: 'Try another method' },
    })
  })
})

describe('farcasterDevice (spec §2)', () => {
  it('QR on desktop; "Open Farcaster app" on iOS (iPadOS too); "Take me to Farcaster" on other mobiles', () => {
    expect(farcasterDevice('Mozilla/5.0 (X11; Linux x86_64) Chrome/130')).toBe('desktop')
    expect(farcasterDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605', 0)).toBe('desktop')
    expect(farcasterDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605', 5)).toBe('ios')
    expect(farcasterDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe('ios')
    expect(farcasterDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36')).toBe('mobile')
    expect(OPEN_APP_LABEL).toEqual({ ios: 'Open Farcaster app', mobile: 'Take me to Farcaster' })
  })
})
