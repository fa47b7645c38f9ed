import { describe, expect, it } from 'vitest'
import { MFA_MAX_ATTEMPTS_MESSAGE, mfaMaxAttemptsMessage } from './mfa.ts'

describe('mfaMaxAttemptsMessage', () => {
  it("keeps the spec's text within its 10 s lock (or when no wait is known)", () => {
    for (const wait of [undefined, 1, 10, Number.NaN]) expect(mfaMaxAttemptsMessage(wait)).toBe(MFA_MAX_ATTEMPTS_MESSAGE)
  })

  it('names a longer wait as it is, rounded up', () => {
    expect(mfaMaxAttemptsMessage(11)).toBe('Too many attempts. Try again in 11 seconds.')
    expect(mfaMaxAttemptsMessage(61)).toBe('Too many attempts. Try again in 2 minutes.')
    expect(mfaMaxAttemptsMessage(3600)).toBe('Too many attempts. Try again in 60 minutes.')
    expect(mfaMaxAttemptsMessage(6 * 3600 - 60)).toBe('Too many attempts. Try again in 6 hours.')
    expect(mfaMaxAttemptsMessage(5401)).toBe('Too many attempts. Try again in 2 hours.')
  })
})
