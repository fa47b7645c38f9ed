import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  FARCASTER_HEADLESS_POLLING,
  FARCASTER_POLL_INTERVAL_MS,
  FARCASTER_POLL_TIMEOUT_MS,
  FarcasterTimeoutError,
  rememberHeadlessChannel,
} from '../farcaster/channel.ts'
import { $session } from '../stores/session.ts'
import { authResponse, configured, fakeFetch, recordEvents, resetAll } from '../testing/harness.ts'
import { initLoginWithFarcaster } from './initLoginWithFarcaster.ts'
import { FarcasterChannelMissingError, loginWithFarcaster } from './loginWithFarcaster.ts'

const pending = { body: { state: 'pending', nonce: 'n0nce123' } }
const completed = { body: { state: 'completed', nonce: 'n0nce123', message: 'msg', signature: '0xabc', fid: 42 } }
const channel = { body: { channel_token: 'tok', connect_uri: 'farcaster://connect?channelToken=tok&nonce=n0nce123' } }

let events: [string, any][] = []
beforeEach(() => {
  resetAll()
  configured()
  rememberHeadlessChannel(null)
  events = recordEvents()
  vi.useFakeTimers()
})
afterEach(() => vi.useRealTimers())

/** The times (fake clock, ms from the first) of each status read. */
function statusTimes<C extends { path: string }>(calls: C[], times: number[]) {
  return { calls: calls.filter((c) => c.path === '/farcaster/status'), gaps: times.slice(1).map((t, i) => t - times[i]!) }
}

function recordingFetch(routes: Parameters<typeof fakeFetch>[0]) {
  const harness = fakeFetch(routes)
  const times: number[] = []
  const inner = harness.fetch.getMockImplementation()!
  harness.fetch.mockImplementation(async (input, init) => {
    if (String(input).includes('/farcaster/status')) times.push(Date.now())
    return inner(input, init)
  })
  return { ...harness, times }
}

describe('headless Farcaster login (spec part 1 §9: the earlier default, 150 ms delay, 270 attempts)', () => {
  it('initLoginWithFarcaster opens the channel; loginWithFarcaster polls it every 150 ms and logs in once completed', async () => {
    const { calls, times } = recordingFetch({
      'POST /farcaster/init': channel,
      'GET /farcaster/status': [pending, pending, pending, completed],
      'POST /farcaster/authenticate': { body: authResponse() },
      'POST /analytics_events': { status: 204 },
    })
    await expect(initLoginWithFarcaster()).resolves.toEqual({ connectUri: channel.body.connect_uri, channelToken: 'tok' })
    const login = loginWithFarcaster()
    await vi.runAllTimersAsync()
    await expect(login).resolves.toMatchObject({ user: { id: 'user-1' } })
    const polls = statusTimes(calls, times)
    expect(polls.calls).toHaveLength(4)
    expect(polls.calls.every((c) => c.headers['farcaster-channel-token'] === 'tok')).toBe(true)
    expect(polls.gaps).toEqual([150, 150, 150])
    expect(calls.find((c) => c.path === '/farcaster/authenticate')!.body).toEqual({
      channel_token: 'tok',
      message: 'msg',
      signature: '0xabc',
      fid: 42,
      mode: 'login-or-sign-up',
    })
    expect($session.get().status).toBe('authenticated')
    expect(events.find((e) => e[0] === 'auth-success')![1]).toMatchObject({ loginMethod: 'farcaster' })
  })

  it("error: still pending after 270 reads, 150 ms apart (about 40 s, not the modal's 120 s) → FarcasterTimeoutError and auth-error", async () => {
    expect(FARCASTER_HEADLESS_POLLING).toEqual({ intervalMs: 150, attempts: 270 })
    const { calls, times } = recordingFetch({ 'POST /farcaster/init': channel, 'GET /farcaster/status': pending })
    await initLoginWithFarcaster()
    const login = loginWithFarcaster().catch((e: unknown) => e)
    await vi.runAllTimersAsync()
    const error = await login
    expect(error).toBeInstanceOf(FarcasterTimeoutError)
    expect((error as FarcasterTimeoutError).shortMessage).toBe('The request timed out. Try again.')
    const polls = statusTimes(calls, times)
    expect(polls.calls).toHaveLength(270)
    expect(new Set(polls.gaps)).toEqual(new Set([150]))
    expect(times[times.length - 1]! - times[0]!).toBe(269 * 150)
    expect(calls.some((c) => c.path === '/farcaster/authenticate')).toBe(false)
    expect(events.find((e) => e[0] === 'auth-error')![1]).toMatchObject({ code: 'FARCASTER_TIMEOUT' })
  })

  it("the host's pollingOptions replace the default (and a channel token may be passed)", async () => {
    const { calls, times } = recordingFetch({ 'GET /farcaster/status': pending })
    const login = loginWithFarcaster({ channelToken: 'other', pollingOptions: { intervalMs: 1000, attempts: 5 } }).catch((e: unknown) => e)
    await vi.runAllTimersAsync()
    expect(await login).toBeInstanceOf(FarcasterTimeoutError)
    const polls = statusTimes(calls, times)
    expect(polls.calls).toHaveLength(5)
    expect(polls.calls[0]!.headers['farcaster-channel-token']).toBe('other')
    expect(polls.gaps).toEqual([1000, 1000, 1000, 1000])
  })

  it('error: loginWithFarcaster() before initLoginWithFarcaster() names the missing step', async () => {
    const { calls } = fakeFetch({})
    await expect(loginWithFarcaster()).rejects.toBeInstanceOf(FarcasterChannelMissingError)
    expect(calls).toHaveLength(0)
  })
})

describe("the modal's poll keeps spec §9's 2 s / 120 s", () => {
  it('pollFarcasterStatus without options (what the Farcaster screen calls): every 2000 ms, 61 reads, then FarcasterTimeoutError at 120 s', async () => {
    const { pollFarcasterStatus } = await import('../farcaster/channel.ts')
    const { calls, times } = recordingFetch({ 'GET /farcaster/status': pending })
    const poll = pollFarcasterStatus('tok').catch((e: unknown) => e)
    await vi.runAllTimersAsync()
    expect(await poll).toBeInstanceOf(FarcasterTimeoutError)
    const polls = statusTimes(calls, times)
    expect([FARCASTER_POLL_INTERVAL_MS, FARCASTER_POLL_TIMEOUT_MS]).toEqual([2000, 120_000])
    expect(polls.calls).toHaveLength(61)
    expect(new Set(polls.gaps)).toEqual(new Set([2000]))
  })
})
