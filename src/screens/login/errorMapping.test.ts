import { describe, expect, it } from 'vitest'
import { ApiError, TimeoutError } from '../../errors/api.ts'
import { API_ERROR_CODES, type ApiErrorCode } from '@gatehouse/contract'
import { ALLOWLIST_DEFAULTS } from './AllowlistRejectedScreen.tsx'
import { GENERIC_ERROR, mapCodeError, mapInitError } from './errorMapping.ts'

const api = (code: ApiErrorCode, message = 'server says no') => new ApiError({ status: API_ERROR_CODES[code], code, message })

describe('code screen error mapping (spec §8)', () => {
  it("error: invalid_credentials → 'Invalid or expired verification code'", () => {
    expect(mapCodeError(api('invalid_credentials'))).toEqual({ kind: 'inline', message: 'Invalid or expired verification code' })
  })
  it("error: invalid_credentials with data.reason 'code_used_up' → used up: says so and points to 'Resend code'", () => {
    const error = new ApiError({ status: 401, code: 'invalid_credentials', message: 'x', data: { reason: 'code_used_up' } })
    const outcome = mapCodeError(error)
    expect(outcome.kind).toBe('used-up')
    expect(outcome.kind === 'used-up' && outcome.message).toContain("'Resend code'")
  })
  it('error: cannot_link_more_of_type → the server message', () => {
    expect(mapCodeError(api('cannot_link_more_of_type', 'User already has an account of type email linked.'))).toEqual({
      kind: 'inline',
      message: 'User already has an account of type email linked.',
    })
  })
  it("error: max_accounts_reached → 'Unable to sign in' screen", () => {
    expect(mapCodeError(api('max_accounts_reached'))).toEqual({ kind: 'screen', screen: { name: 'user-limit' } })
  })
  it('error: user_does_not_exist → account not found screen', () => {
    expect(mapCodeError(api('user_does_not_exist'))).toEqual({ kind: 'screen', screen: { name: 'account-not-found' } })
  })
  it('error: linked_to_another_user → error screen', () => {
    expect(mapCodeError(api('linked_to_another_user'))).toEqual({
      kind: 'screen',
      screen: { name: 'error', title: 'Authentication failed', detail: 'This account has already been linked to another user.', cta: 'Go back' },
    })
  })
  it('error: disallowed_plus_email → back to landing with the inline message', () => {
    expect(mapCodeError(api('disallowed_plus_email'))).toEqual({ kind: 'landing', message: "Please enter a valid email address without a '+'." })
  })
  it("error: too_many_requests (the address's guess budget is spent) → 'Request failed' / 'Too many attempts.' / 'Try again later'", () => {
    expect(mapCodeError(api('too_many_requests'))).toEqual({
      kind: 'screen',
      screen: { name: 'error', title: 'Request failed', detail: 'Too many attempts.', cta: 'Try again later' },
    })
  })
  it("error: anything else → 'Issue verifying code'", () => {
    for (const error of [api('internal_error'), new TimeoutError({ url: 'x', timeoutMs: 1 }), new Error('x')]) {
      expect(mapCodeError(error)).toEqual({ kind: 'inline', message: 'Issue verifying code' })
    }
  })
})

describe('error screen mapping (spec §8)', () => {
  const screen = (error: unknown) => {
    const outcome = mapInitError(error)
    return outcome.kind === 'screen' ? outcome.screen : outcome
  }
  it('error: allowlist_rejected → allowlist screen with the default texts', () => {
    expect(screen(api('allowlist_rejected'))).toEqual({ name: 'allowlist-rejected' })
    expect(ALLOWLIST_DEFAULTS).toEqual({
      title: "You don't have access to this app",
      detail: 'Have you been invited?',
      cta: 'Try another account',
    })
  })
  it("error: disallowed_login_method → 'Not allowed' with 'Try another method'", () => {
    expect(screen(api('disallowed_login_method', 'E-mail login is disabled'))).toEqual({
      name: 'error',
      title: 'Not allowed',
      detail: 'E-mail login is disabled',
      cta: 'Try another method',
    })
  })
  it("error: too_many_requests → 'Request failed' / 'Too many attempts.' / 'Try again later'", () => {
    expect(screen(api('too_many_requests'))).toEqual({ name: 'error', title: 'Request failed', detail: 'Too many attempts.', cta: 'Try again later' })
  })
  it('error: linked_to_another_user → Authentication failed', () => {
    expect(screen(api('linked_to_another_user'))).toMatchObject({
      title: 'Authentication failed',
      detail: 'This account has already been linked to another user.',
    })
  })
  it('error: captcha codes', () => {
    expect(screen(api('invalid_captcha'))).toMatchObject({ detail: 'Please try again.' })
    expect(screen(api('captcha_failure'))).toMatchObject({ detail: 'You did not pass CAPTCHA. Please try again.' })
    expect(screen(api('captcha_timeout'))).toMatchObject({ title: 'Captcha failed', detail: 'Something went wrong! Please try again later.' })
  })
  it('error: not_supported → region texts', () => {
    expect(screen(api('not_supported'))).toMatchObject({
      title: 'This region is not supported',
      detail: 'SMS authentication from this region is not available',
    })
  })
  it('error: other 400 and 422 answers show the server message', () => {
    expect(screen(api('invalid_data', 'email is required'))).toMatchObject({ title: 'Something went wrong', detail: 'email is required' })
    expect(screen(new ApiError({ status: 422, code: 'unknown_error', message: 'Unprocessable' }))).toMatchObject({ detail: 'Unprocessable' })
  })
  it('error: disallowed_plus_email → landing inline error', () => {
    expect(mapInitError(api('disallowed_plus_email'))).toEqual({ kind: 'landing', message: "Please enter a valid email address without a '+'." })
  })
  it("error: anything else → 'Something went wrong' / 'Try again later'", () => {
    for (const error of [api('internal_error'), new TimeoutError({ url: 'x', timeoutMs: 1 }), new Error('boom')]) {
      expect(screen(error)).toEqual({ name: 'error', title: 'Something went wrong', detail: 'Try again later', cta: 'Go back' })
    }
    expect(GENERIC_ERROR).toEqual({ title: 'Something went wrong', detail: 'Try again later', cta: 'Go back' })
  })
})
