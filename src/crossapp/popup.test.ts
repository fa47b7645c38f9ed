import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { awaitPopupAnswer } from './popup.ts'
import { CROSS_APP_MESSAGE } from './texts.ts'

const PROVIDER = 'https://wallet.example'
const host = new EventTarget()
const popup = { closed: false, close: vi.fn(() => void (popup.closed = true)) }
const post = (data: unknown, origin = PROVIDER, source: unknown = popup) => host.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }))

beforeEach(() => {
  vi.useFakeTimers()
  vi.stubGlobal('window', host)
  popup.closed = false
  popup.close.mockClear()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const wait = () => awaitPopupAnswer(popup as unknown as Window, PROVIDER, CROSS_APP_MESSAGE.result)

describe('awaitPopupAnswer', () => {
  it("resolves with the provider page's answer, and only from the provider's origin and the popup it opened", async () => {
    const answer = wait()
    post({ type: CROSS_APP_MESSAGE.result, state: 's', error: 'forged' }, 'https://evil.example')
    post({ type: CROSS_APP_MESSAGE.result, state: 's', error: 'forged' }, PROVIDER, {})
    post({ type: CROSS_APP_MESSAGE.connect, state: 's' })
    post({ type: CROSS_APP_MESSAGE.result, state: 's', result: { signature: '0xab' } })
    await expect(answer).resolves.toEqual({ type: CROSS_APP_MESSAGE.result, state: 's', result: { signature: '0xab' } })
  })

  it("error: a closed popup rejects with 'User rejected request' at the next 300 ms check", async () => {
    const answer = wait()
    const settled = vi.fn()
    answer.catch(settled)
    popup.closed = true
    await vi.advanceTimersByTimeAsync(299)
    expect(settled).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    await expect(answer).rejects.toMatchObject({ shortMessage: 'User rejected request', code: 'CROSS_APP_REJECTED' })
  })

  it("error: no answer within 120 s rejects with 'Request timeout' and closes the popup", async () => {
    const answer = wait()
    answer.catch(() => undefined)
    await vi.advanceTimersByTimeAsync(119_999)
    expect(popup.close).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    await expect(answer).rejects.toMatchObject({ shortMessage: 'Request timeout', code: 'CROSS_APP_TIMEOUT' })
    expect(popup.close).toHaveBeenCalled()
  })
})
