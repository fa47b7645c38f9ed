import { beforeEach, describe, expect, it } from 'vitest'
import { loginWithOAuth } from '../actions/loginWithOAuth.ts'
import { ApiError, NetworkError } from '../errors/api.ts'
import { API_ERROR_CODES, type ApiErrorCode } from '@gatehouse/contract'
import { OAuthNoFlowError } from '../errors/oauth.ts'
import { configured, fakeFetch, resetAll } from '../testing/harness.ts'
import { mapOAuthError } from './errors.ts'

const api = (code: ApiErrorCode, data?: Record<string, unknown>) => new ApiError({ status: API_ERROR_CODES[code], code, message: 'server says no', data })
const status = (detail: string, retryable: boolean) => ({ kind: 'status', detail, retryable })

describe("OAuth error mapping (spec §8 'OAuth and social')", () => {
  it("error: invalid_credentials → 'Something went wrong. Try again.' (retryable)", () => {
    expect(mapOAuthError(api('invalid_credentials'), 'GitHub')).toEqual(status('Something went wrong. Try again.', true))
  })
  it("error: too_many_requests → 'Too many requests. Please wait before trying again.'; the provider's own limit → 'Request limit reached for GitHub…'", () => {
    expect(mapOAuthError(api('too_many_requests'), 'GitHub')).toEqual(status('Too many requests. Please wait before trying again.', false))
    expect(mapOAuthError(api('too_many_requests', { provider_rate_limited: true }), 'GitHub')).toEqual(
      status('Request limit reached for GitHub. Please wait a moment and try again.', false),
    )
  })
  it("error: oauth_account_suspended → 'Your GitHub account is suspended. Please try another login method.'", () => {
    expect(mapOAuthError(api('oauth_account_suspended'), 'GitHub')).toEqual(status('Your GitHub account is suspended. Please try another login method.', false))
  })
  it("error: cannot_link_more_of_type → 'You cannot authorize more than one account for this user.'", () => {
    expect(mapOAuthError(api('cannot_link_more_of_type'), 'GitHub')).toEqual(status('You cannot authorize more than one account for this user.', false))
  })
  it("error: anything unexpected (a 500, a network failure) → 'Something went wrong. Please try again.' (retryable)", () => {
    expect(mapOAuthError(api('internal_error'), 'GitHub')).toEqual(status('Something went wrong. Please try again.', true))
    expect(
      mapOAuthError(new NetworkError({ url: 'https://auth.example.com/api/v1/oauth/authenticate', cause: new TypeError('Failed to fetch') }), 'GitHub'),
    ).toEqual(status('Something went wrong. Please try again.', true))
  })
  it("error: an answer without a flow started here → 'No auth flow in progress.'", () => {
    expect(mapOAuthError(new OAuthNoFlowError(), 'GitHub')).toEqual(status('No auth flow in progress.', true))
  })
  it('error: allowlist, user limit, unknown user and transfer go to their screens', () => {
    expect(mapOAuthError(api('allowlist_rejected'), 'GitHub')).toEqual({ kind: 'screen', screen: { name: 'allowlist-rejected' } })
    expect(mapOAuthError(api('max_accounts_reached'), 'GitHub')).toEqual({ kind: 'screen', screen: { name: 'user-limit' } })
    expect(mapOAuthError(api('user_does_not_exist'), 'GitHub')).toEqual({ kind: 'screen', screen: { name: 'account-not-found' } })
    expect(mapOAuthError(api('account_transfer_required', { nonce: 'n', display_name: 'gh' }), 'GitHub', 'github')).toMatchObject({
      kind: 'screen',
      screen: { name: 'account-transfer', method: 'github', nonce: 'n' },
    })
  })
})

describe('loginWithOAuth without a flow', () => {
  beforeEach(() => {
    resetAll()
    configured()
  })
  it("error: a provider answer when this browser started no OAuth flow rejects with 'No auth flow in progress.' and calls nothing", async () => {
    const { fetch } = fakeFetch({})
    await expect(loginWithOAuth({ code: 'abc', state: 'xyz', provider: 'github' })).rejects.toMatchObject({
      name: 'OAuthNoFlowError',
      shortMessage: 'No auth flow in progress.',
    })
    expect(fetch).not.toHaveBeenCalled()
  })
})
