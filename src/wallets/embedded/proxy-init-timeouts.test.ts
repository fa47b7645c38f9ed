/**
 * How long each caller lets the wallet frame start (spec part 2 §9 'Wallet proxy init timeout:
 * 30000 ms creation, 15000 ms import'; part 3 §9 'Wallet proxy initialisation time-out: 30 s for
 * message signing, 15 s for Solana message signing'). The real actions run against a page whose
 * iframe never loads; fake timers show each one still waiting 1 ms before its time-out and failing
 * with 'Failed to initialize embedded wallet proxy.' (part 3 §8) at it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toUser } from '../../api/user.ts'
import { createWallet } from '../../actions/createWallet.ts'
import { importWallet } from '../../actions/importWallet.ts'
import { $session } from '../../stores/session.ts'
import { accessToken, configured, resetAll, wireEmbeddedWallet, wireUser } from '../../testing/harness.ts'
import { EmbeddedWalletProxy } from './proxy.ts'
import { signInFrame } from './signing.ts'

const ETH = '0x1111111111111111111111111111111111111111'
const SOL = 'So11111111111111111111111111111111111111112'
const INIT_FAILED = 'Failed to initialize embedded wallet proxy.'

function signedIn(accounts: Record<string, unknown>[] = []) {
  const user = toUser(wireUser({ linked_accounts: [...wireUser().linked_accounts, ...(accounts as never[])] }))
  $session.set({ status: 'authenticated', user, tokens: { token: accessToken(), refreshToken: 'r', identityToken: null } })
}

/** Settles `promise` into a record, so the test can look at it while fake time stands still. */
function track(promise: Promise<unknown>) {
  const state: { settled: boolean; error?: unknown } = { settled: false }
  promise.then(
    () => Object.assign(state, { settled: true }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  )
  return state
}

/** Runs fake time to 1 ms before `ms` (still waiting), then to `ms` (failed); returns the error. */
async function failsExactlyAt(promise: Promise<unknown>, ms: number) {
  const state = track(promise)
  await vi.advanceTimersByTimeAsync(ms - 1)
  expect(state.settled).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  expect(state.settled).toBe(true)
  return state.error
}

beforeEach(() => {
  resetAll()
  configured()
  // A page whose wallet iframe never fires 'load'.
  const frame = () => Object.assign(new EventTarget(), { style: {}, dataset: {}, setAttribute() {}, remove() {}, contentWindow: { postMessage() {} } })
  vi.stubGlobal('window', new EventTarget())
  vi.stubGlobal('location', new URL('https://host.example/'))
  vi.stubGlobal('document', { createElement: frame, body: { append() {} }, querySelector: () => null })
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('wallet proxy initialisation time-outs', () => {
  it('error: wallet creation waits 30000 ms for the frame (part 2 §9), then fails', async () => {
    signedIn()
    const error = await failsExactlyAt(createWallet(), 30_000)
    expect(error).toMatchObject({ code: 'FAILED_TO_CREATE_WALLET', shortMessage: 'Failed to create wallet', details: INIT_FAILED })
  })

  it('error: wallet import waits 15000 ms for the frame (part 2 §9), then fails', async () => {
    signedIn()
    const error = await failsExactlyAt(importWallet({ privateKey: `0x${'11'.repeat(32)}` }), 15_000)
    expect(error).toMatchObject({ code: 'FAILED_TO_CREATE_WALLET', cause: expect.objectContaining({ shortMessage: INIT_FAILED }) })
  })

  it('error: message signing waits 30 s for the frame (part 3 §9), then fails', async () => {
    signedIn([wireEmbeddedWallet({ id: ETH, address: ETH, entropy_id: ETH, entropy_id_verifier: 'ethereum-address-verifier' })])
    const error = await failsExactlyAt(signInFrame({ method: 'personal_sign', address: ETH, data: '0x68656c6c6f' }), 30_000)
    expect(error).toMatchObject({ cause: expect.objectContaining({ shortMessage: INIT_FAILED }) })
  })

  it('error: Solana message signing waits 15 s for the frame (part 3 §9), then fails', async () => {
    signedIn([
      wireEmbeddedWallet({
        id: SOL,
        address: SOL,
        chain_type: 'solana',
        chain_id: 'solana:mainnet',
        entropy_id: SOL,
        entropy_id_verifier: 'solana-address-verifier',
      }),
    ])
    const error = await failsExactlyAt(signInFrame({ method: 'solana_signMessage', address: SOL, data: 'aGVsbG8=' }), 15_000)
    expect(error).toMatchObject({ shortMessage: INIT_FAILED })
  })
})

describe('wallet proxy request time-out', () => {
  it("error: a started frame that never answers a request fails it after 30 s (part 2 §9 'proxy timeout 30 s')", async () => {
    // This page's frame loads and answers 'ready', then stays silent.
    const win = new EventTarget()
    const frame = Object.assign(new EventTarget(), { style: {}, dataset: {}, setAttribute() {}, remove() {}, contentWindow: null as unknown })
    frame.contentWindow = {
      postMessage(message: { tag: string; id: string; type: string }) {
        if (message.type !== 'ready') return
        const reply = Object.assign(new Event('message'), {
          origin: 'https://api.example',
          source: frame.contentWindow,
          data: { tag: message.tag, id: message.id, ok: true, result: {} },
        })
        queueMicrotask(() => win.dispatchEvent(reply))
      },
    }
    vi.stubGlobal('window', win)
    vi.stubGlobal('document', { createElement: () => frame, body: { append: () => queueMicrotask(() => frame.dispatchEvent(new Event('load'))) } })
    const proxy = new EmbeddedWalletProxy('https://api.example', 'app-1')
    await proxy.ready()
    const error = await failsExactlyAt(proxy.request('wallets:clear', {}), 30_000)
    expect(error).toMatchObject({ code: 'wallet_timeout', shortMessage: 'Failed to connect to wallet proxy' })
  })
})
