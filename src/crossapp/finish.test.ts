/**
 * Spec part 3 §9 'Success auto-close: 1.4 s (sign, Farcaster, cross-app)': the cross-app status
 * screen shows success for 1400 ms, then the modal closes (a link: no login step follows).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openModal } from '../actions/openModal.ts'
import { $modal, pushScreen } from '../stores/modal.ts'
import { configured, resetAll } from '../testing/harness.ts'
import { $crossAppFlow } from '../stores/crossAppFlow.ts'
import { finishFlow } from './connect.ts'

beforeEach(() => {
  resetAll()
  configured()
  openModal()
  pushScreen({ name: 'cross-app-status' } as never)
  vi.useFakeTimers()
})
afterEach(() => vi.useRealTimers())

describe('cross-app success', () => {
  it('shows success, and closes the modal after 1.4 s, not before', () => {
    finishFlow('Provider App', null)
    expect($crossAppFlow.get()).toMatchObject({ status: 'success', providerName: 'Provider App' })
    vi.advanceTimersByTime(1399)
    expect($modal.get().open).toBe(true)
    vi.advanceTimersByTime(1)
    expect($modal.get().open).toBe(false)
  })
})
