import { describe, expect, it } from 'vitest'
import { isRateLimitedMessage, markRateLimited, MFA_MAX_ATTEMPTS_MESSAGE, mfaMaxAttemptsMessage } from './mfa.ts'

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

describe("rate limiting is a message containing 'code 429' (spec part 2 §8)", () => {
  it('marks a 429 refusal once, and only a 429', () => {
    expect(markRateLimited(429, 'Too many requests')).toBe('Too many requests (HTTP status code 429)')
    expect(isRateLimitedMessage(markRateLimited(429, 'Too many requests'))).toBe(true)
    expect(markRateLimited(429, 'Request failed with status code 429')).toBe('Request failed with status code 429')
    expect(markRateLimited(400, 'Bad')).toBe('Bad')
    expect(isRateLimitedMessage('Too many requests')).toBe(false)
  })
})
