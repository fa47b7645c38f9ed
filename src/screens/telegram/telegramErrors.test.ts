import { describe, expect, it } from 'vitest'
import { ApiError } from '../../errors/api.ts'
import { API_ERROR_CODES, type ApiErrorCode } from '@gatehouse/contract'
import { mapTelegramError } from './telegramErrors.ts'

const api = (code: ApiErrorCode, data?: Record<string, unknown>) => new ApiError({ status: API_ERROR_CODES[code], code, message: 'server says no', data })
const message = (detail: string, retry: boolean) => ({ kind: 'message', title: 'Authentication failed', detail, retry })

describe('Telegram error mapping (spec §8 Telegram)', () => {
  it("error: linked_to_another_user → 'This account has already been linked to another user.' without Retry", () => {
    expect(mapTelegramError(api('linked_to_another_user'))).toEqual(message('This account has already been linked to another user.', false))
  })
  it("error: disallowed_login_method → 'Login with Telegram not allowed.'", () => {
    expect(mapTelegramError(api('disallowed_login_method'))).toEqual(message('Login with Telegram not allowed.', false))
  })
  it.each(['invalid_data', 'cannot_link_more_of_type', 'invalid_credentials', 'captcha_failure'] as const)(
    "error: %s → 'Something went wrong. Try again.' with Retry",
    (code) => {
      expect(mapTelegramError(api(code))).toEqual(message('Something went wrong. Try again.', true))
    },
  )
  it("error: our own throttle → 'Too many requests. Please wait before trying again.'; the per-Telegram-account limit → 'Request limit reached for Telegram…'", () => {
    expect(mapTelegramError(api('too_many_requests'))).toEqual(message('Too many requests. Please wait before trying again.', true))
    expect(mapTelegramError(api('too_many_requests', { provider_rate_limited: true }))).toEqual(
      message('Request limit reached for Telegram. Please wait a moment and try again.', true),
    )
  })
  it('error: allowlist, user limit, unknown user and transfer go to their screens', () => {
    expect(mapTelegramError(api('allowlist_rejected'))).toEqual({ kind: 'screen', screen: { name: 'allowlist-rejected' } })
    expect(mapTelegramError(api('max_accounts_reached'))).toEqual({ kind: 'screen', screen: { name: 'user-limit' } })
    expect(mapTelegramError(api('user_does_not_exist'))).toEqual({ kind: 'screen', screen: { name: 'account-not-found' } })
    const transfer = mapTelegramError(api('account_transfer_required', { nonce: 'n0nce', display_name: '@tg' }))
    expect(transfer).toMatchObject({ kind: 'screen', screen: { name: 'account-transfer', nonce: 'n0nce' } })
  })
})
