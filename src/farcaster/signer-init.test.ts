import { beforeEach, describe, expect, it, vi } from 'vitest'
import { $session } from '../stores/session.ts'
import { accessToken, configured, resetAll, wireUser } from '../testing/harness.ts'
import { toUser } from '../api/user.ts'
import { FarcasterSignerError, initFarcasterSigner } from './signer.ts'

// The frame is not here: what it answers to 'farcaster:init-signer' is set per test.
const frame = vi.hoisted(() => ({ answer: null as unknown, failure: null as unknown }))
vi.mock('../wallets/embedded/proxy.ts', () => ({
  getWalletProxy: () => ({
    request: async (type: string) => {
      if (type !== 'farcaster:init-signer') throw new Error(`unexpected ${type}`)
      if (frame.failure) throw frame.failure
      return frame.answer
    },
  }),
}))

describe("initFarcasterSigner (spec part 3 §4: a missing public key gives 'Connect failed')", () => {
  beforeEach(() => {
    resetAll()
    configured()
    $session.set({ status: 'authenticated', user: toUser(wireUser()), tokens: { token: accessToken(), refreshToken: 'r', identityToken: null } })
    frame.failure = null
  })

  it('answers what the frame registered', async () => {
    frame.answer = { public_key: `0x${'2'.repeat(64)}`, status: 'pending_approval', signer_approval_url: 'farcaster://signed-key-request?token=0x2' }
    await expect(initFarcasterSigner()).resolves.toEqual(frame.answer)
  })

  it("error: no public key in the answer, or the frame failing, is 'failed' ('Connect failed')", async () => {
    frame.answer = { status: 'pending_approval', signer_approval_url: 'farcaster://signed-key-request?token=0x2' }
    const missing = await initFarcasterSigner().catch((e: unknown) => e)
    expect(missing).toBeInstanceOf(FarcasterSignerError)
    expect((missing as FarcasterSignerError).reason).toBe('failed')
    expect((missing as FarcasterSignerError).shortMessage).toBe('Something went wrong. Please try again.')
    frame.failure = new Error('the frame is gone')
    expect(((await initFarcasterSigner().catch((e: unknown) => e)) as FarcasterSignerError).reason).toBe('failed')
  })
})
