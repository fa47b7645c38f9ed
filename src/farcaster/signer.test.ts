import { beforeEach, describe, expect, it } from 'vitest'
import { configured, fakeFetch, resetAll } from '../testing/harness.ts'
import { FARCASTER_SIGNER_TEXT, FARCASTER_SIGNER_TIMING, FarcasterSignerError, pollFarcasterSigner } from './signer.ts'

/** A clock the poll's sleep moves, so 5 minutes pass in no time. */
function fakeClock() {
  let t = 1_000_000
  const sleeps: number[] = []
  return { now: () => t, sleep: async (ms: number) => void (sleeps.push(ms), (t += ms)), sleeps }
}

const KEY = `0x${'1'.repeat(64)}`
const pending = { body: { public_key: KEY, status: 'pending_approval', signer_approval_url: 'farcaster://signed-key-request?token=0x1' } }

beforeEach(() => {
  resetAll()
  configured()
})

describe('Farcaster signer polling (spec part 3 §4, §9)', () => {
  it('posts ed25519_public_key every 2 s until approved', async () => {
    const clock = fakeClock()
    const { calls } = fakeFetch({ 'POST /farcaster/signer/status': [pending, pending, { body: { public_key: KEY, status: 'approved', fid: 7 } }] })
    await expect(pollFarcasterSigner(KEY, clock)).resolves.toEqual({ public_key: KEY, status: 'approved', fid: 7 })
    expect(calls.map((c) => c.body)).toEqual([{ ed25519_public_key: KEY }, { ed25519_public_key: KEY }, { ed25519_public_key: KEY }])
    expect(clock.sleeps).toEqual([2000, 2000])
    expect(FARCASTER_SIGNER_TIMING).toEqual({ pollMs: 2000, timeoutMs: 300_000, closeMs: 1400 })
  })

  it("error: revoked → 'Request rejected'", async () => {
    fakeFetch({ 'POST /farcaster/signer/status': [pending, { body: { public_key: KEY, status: 'revoked' } }] })
    const error = await pollFarcasterSigner(KEY, fakeClock()).catch((e) => e)
    expect(error).toBeInstanceOf(FarcasterSignerError)
    expect(error.reason).toBe('rejected')
    expect(error.shortMessage).toBe(FARCASTER_SIGNER_TEXT.rejectedDetail)
  })

  it('error: more than 5 minutes pending (or failing) → the time-out', async () => {
    const clock = fakeClock()
    fakeFetch({ 'POST /farcaster/signer/status': { body: pending.body } })
    const error = await pollFarcasterSigner(KEY, clock).catch((e) => e)
    expect(error.reason).toBe('timeout')
    expect(error.shortMessage).toBe('The request timed out. Try again.')
    expect(clock.sleeps.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(300_000)
    expect(clock.sleeps.length).toBeGreaterThanOrEqual(149)
  })
})
