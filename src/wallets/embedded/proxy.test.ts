/**
 * The wallet frame's host side failing (spec part 2 §8 'Wallet creation', part 3 §8): no app
 * configured, a frame that does not load, a frame that loads but never answers. The page is
 * stubbed: an iframe is an event target whose load or error the test fires.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { $config } from '../../stores/config.ts'
import { $session } from '../../stores/session.ts'
import { configured, resetAll } from '../../testing/harness.ts'
import { EmbeddedWalletProxy, getWalletProxy } from './proxy.ts'

const frames: (EventTarget & { contentWindow: { postMessage: () => void } | null })[] = []
const createElement = () => {
  const frame = Object.assign(new EventTarget(), { style: {}, dataset: {}, setAttribute() {}, remove() {}, contentWindow: { postMessage: vi.fn() } })
  frames.push(frame)
  return frame
}

beforeEach(() => {
  resetAll()
  frames.length = 0
  vi.stubGlobal('window', new EventTarget())
  vi.stubGlobal('location', new URL('https://host.example/'))
  vi.stubGlobal('document', { createElement, body: { append() {} } })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('the wallet proxy', () => {
  it("error: without a configured app it cannot connect: 'Failed to connect to wallet proxy' (NOT_INITIALIZED)", () => {
    $config.set({ ...$config.get(), appId: null } as never)
    expect(() => getWalletProxy()).toThrow(expect.objectContaining({ code: 'NOT_INITIALIZED', shortMessage: 'Failed to connect to wallet proxy' }))
  })

  it("error: a frame that fails to load reads 'Failed to initialize embedded wallet proxy.'", async () => {
    configured()
    const proxy = new EmbeddedWalletProxy('https://api.example', 'app-1')
    const ready = proxy.ready()
    await vi.waitFor(() => expect(frames).toHaveLength(1))
    frames[0]!.dispatchEvent(new Event('error'))
    await expect(ready).rejects.toMatchObject({ shortMessage: 'Failed to initialize embedded wallet proxy.' })
    expect(proxy.mounted).toBe(false)
  })

  it("error: a frame that loads but never answers 'ready' times out: 'Failed to connect to wallet proxy' (wallet_timeout)", async () => {
    vi.useFakeTimers()
    const proxy = new EmbeddedWalletProxy('https://api.example', 'app-1')
    const ready = proxy.ready(1000)
    const seen = expect(ready).rejects.toMatchObject({ code: 'wallet_timeout', shortMessage: 'Failed to connect to wallet proxy' })
    frames[0]!.dispatchEvent(new Event('load'))
    await vi.advanceTimersByTimeAsync(1000)
    await seen
  })

  it("logout tells a mounted frame to forget every unlocked wallet ('wallets:clear', the spec's 'clear'); a frame never mounted gets nothing", async () => {
    configured()
    const proxy = getWalletProxy()
    const request = vi.spyOn(proxy, 'request').mockResolvedValue({ ok: true } as never)
    $session.set({ status: 'unauthenticated', user: null, tokens: null })
    expect(request).not.toHaveBeenCalled()
    void proxy.ready().catch(() => undefined)
    await vi.waitFor(() => expect(proxy.mounted).toBe(true))
    $session.set({ status: 'authenticated', user: null, tokens: null } as never)
    expect(request).not.toHaveBeenCalled()
    $session.set({ status: 'unauthenticated', user: null, tokens: null })
    expect(request).toHaveBeenCalledWith('wallets:clear', {})
  })
})
