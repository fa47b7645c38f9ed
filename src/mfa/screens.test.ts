/**
 * Spec part 2 §9 'enrollment state reset 500 ms': closing the modal clears the MFA enrollment
 * step 500 ms later (after the close animation), not before, so a reopened modal starts afresh.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { closeModal } from '../actions/closeModal.ts'
import { openModal } from '../actions/openModal.ts'
import { $mfaEnroll } from '../stores/mfa.ts'
import { configured, resetAll } from '../testing/harness.ts'
import './screens.ts'

beforeEach(() => {
  resetAll()
  configured()
  vi.useFakeTimers()
})
afterEach(() => vi.useRealTimers())

describe('MFA enrollment reset', () => {
  it('keeps the enrollment step for 499 ms after closing and clears it at 500 ms', () => {
    openModal()
    const step = { step: 'chooser' } as const
    $mfaEnroll.set(step)
    closeModal()
    vi.advanceTimersByTime(499)
    expect($mfaEnroll.get()).toBe(step)
    vi.advanceTimersByTime(1)
    expect($mfaEnroll.get()).toBe(null)
  })
})
