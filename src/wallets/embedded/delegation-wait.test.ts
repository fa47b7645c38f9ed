/**
 * Spec part 2 §9 'delegation wait 15 s': 'Accept' gives the wallet frame 15 s to hand over the
 * delegated share; a frame that stays silent turns the screen to its error at 15 s, not before.
 * The frame is a stub that loads and answers 'ready' only; the wallet connection is stubbed too.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toUser } from '../../api/user.ts'
import { delegateWallet } from '../../actions/delegateWallet.ts'
import { $delegation } from '../../stores/delegation.ts'
import { $session } from '../../stores/session.ts'
import { findWallet } from '../../stores/wallets.ts'
import { API_URL, accessToken, configured, resetAll, wireEmbeddedWallet, wireUser } from '../../testing/harness.ts'
import { confirmDelegation } from './delegation.ts'

const ETH = '0x2222222222222222222222222222222222222222'
/** The origin of the harness's API URL, where the proxy expects the frame's answers from. */
const API_ORIGIN = new URL(API_URL).origin
vi.mock('../../actions/connectEmbeddedWallet.ts', () => ({ connectEmbeddedWallet: async ({ address }: { address: string }) => findWallet(address) }))

beforeEach(() => {
  resetAll()
  configured()
  const user = toUser(wireUser({ linked_accounts: [...wireUser().linked_accounts, wireEmbeddedWallet({ id: 'w-eth', address: ETH }) as never] }))
  $session.set({ status: 'authenticated', user, tokens: { token: accessToken(), refreshToken: 'r', identityToken: null } })
  const win = new EventTarget()
  const frame = Object.assign(new EventTarget(), { style: {}, dataset: {}, setAttribute() {}, remove() {}, contentWindow: null as unknown })
  frame.contentWindow = {
    postMessage(message: { tag: string; id: string; type: string }) {
      if (message.type !== 'ready') return
      const data = { tag: message.tag, id: message.id, ok: true, result: {} }
      queueMicrotask(() => win.dispatchEvent(Object.assign(new Event('message'), { origin: API_ORIGIN, source: frame.contentWindow, data })))
    },
  }
  vi.stubGlobal('window', win)
  vi.stubGlobal('location', new URL('https://host.example/'))
  vi.stubGlobal('document', {
    createElement: () => frame,
    querySelector: () => null,
    body: { append: () => queueMicrotask(() => frame.dispatchEvent(new Event('load'))) },
  })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('delegation wait', () => {
  it("error: 'Accept' with a frame that never answers shows the error after 15 s, not before", async () => {
    const answer = delegateWallet({ address: ETH, chainType: 'ethereum' }).catch((error: unknown) => error)
    await vi.waitFor(() => expect($delegation.get()?.status).toBe('consent'))
    vi.useFakeTimers()
    void confirmDelegation()
    await vi.advanceTimersByTimeAsync(15_000 - 1)
    expect($delegation.get()?.status).toBe('submitting')
    await vi.advanceTimersByTimeAsync(1)
    expect($delegation.get()?.status).toBe('error')
    await vi.advanceTimersByTimeAsync(2500)
    expect(await answer).toMatchObject({ shortMessage: expect.any(String) })
  })
})
