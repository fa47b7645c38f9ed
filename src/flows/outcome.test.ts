import { describe, expect, it } from 'vitest'
import { ApiError, TimeoutError } from '../errors/api.ts'
import { BaseError } from '../errors/base.ts'
import { API_ERROR_CODES, type ApiErrorCode } from '@gatehouse/contract'
import { CaptchaError } from '../errors/captcha.ts'
import { OAuthStateMismatchError, OAuthUserDeniedError } from '../errors/oauth.ts'
import { PasskeyRejectedError } from '../errors/passkey.ts'
import { asTransferRequired } from '../actions/internal/accountChange.ts'
import { mapOAuthError } from '../oauth/errors.ts'
import { mapFarcasterError } from '../screens/farcaster/farcasterErrors.ts'
import { mapCodeError, mapInitError, showCodeRequestError } from '../screens/login/errorMapping.ts'
import { mapPasskeyError } from '../screens/passkeys/passkeyErrors.ts'
import { mapTelegramError } from '../screens/telegram/telegramErrors.ts'
import { mapWalletError } from '../screens/wallets/walletErrors.ts'
import { $modal, currentScreen } from '../stores/modal.ts'
import { mapOutcome, SHARED_CODES, TEXT, transferScreen, type OutcomeTable } from './outcome.ts'

const api = (code: ApiErrorCode, message = 'server says no', data?: Record<string, unknown>) =>
  new ApiError({ status: API_ERROR_CODES[code], code, message, data })
const transfer = () => api('account_transfer_required', 'x', { nonce: 'n0nce', display_name: '@ada' })

/** Every login method's mapper, with the flow name its transfer screen carries (null: none). */
const METHODS: [string, (error: unknown) => unknown, string | null][] = [
  ['e-mail code', (e) => mapCodeError(e, 'email'), 'email'],
  ['SMS code', (e) => mapCodeError(e, 'sms'), 'sms'],
  ['code request (error screen)', mapInitError, null],
  ['passkey', mapPasskeyError, 'passkey'],
  ['wallet', mapWalletError, null],
  ['Telegram', mapTelegramError, 'telegram'],
  ['Farcaster', (e) => mapFarcasterError(e, 7), 'farcaster'],
  ['OAuth', (e) => mapOAuthError(e, 'GitHub', 'github'), 'github'],
]

describe('shared codes (spec §8: dedicated screens for every method)', () => {
  it.each(METHODS)('%s: allowlist, user limit and unknown user go to their screens', (_, map) => {
    expect(map(api('allowlist_rejected'))).toEqual({ kind: 'screen', screen: { name: 'allowlist-rejected' } })
    expect(map(api('max_accounts_reached'))).toEqual({ kind: 'screen', screen: { name: 'user-limit' } })
    expect(map(api('user_does_not_exist'))).toEqual({ kind: 'screen', screen: { name: 'account-not-found' } })
  })

  it.each(METHODS.filter(([, , method]) => method !== null))('%s: account transfer with a nonce → the transfer screen for its flow', (_, map, method) => {
    expect(map(transfer())).toMatchObject({ kind: 'screen', screen: { name: 'account-transfer', method, nonce: 'n0nce', displayName: '@ada' } })
  })

  it('a transfer answer with a nonce is an AccountTransferRequiredError (ACCOUNT_TRANSFER_REQUIRED) naming the account', () => {
    expect(asTransferRequired(transfer())).toMatchObject({ code: 'ACCOUNT_TRANSFER_REQUIRED', nonce: 'n0nce', displayName: '@ada' })
  })

  it("a transfer answer naming the other account's embedded wallets carries them to the transfer screen (its assets step)", () => {
    const answer = api('account_transfer_required', 'x', {
      nonce: 'n0nce',
      display_name: '@ada',
      embedded_wallets: [{ address: '0xabc', chain_type: 'ethereum' }, { address: 'So1', chain_type: 'solana' }, { chain_type: 'ethereum' }],
    })
    expect(transferScreen(answer, 'email')).toEqual({
      name: 'account-transfer',
      method: 'email',
      nonce: 'n0nce',
      displayName: '@ada',
      embeddedWallets: [
        { address: '0xabc', chainType: 'ethereum' },
        { address: 'So1', chainType: 'solana' },
      ],
    })
    expect(transferScreen(transfer(), 'email')).not.toHaveProperty('embeddedWallets')
  })

  it('error: a transfer answer without a nonce is not a transfer', () => {
    expect(mapCodeError(api('account_transfer_required'))).toEqual({ kind: 'inline', message: TEXT.issueVerifyingCode })
  })

  it('Farcaster: the transfer screen carries the fid', () => {
    expect(mapFarcasterError(transfer(), 7)).toMatchObject({ screen: { fields: { farcaster_id: 7, farcaster_embedded_address: null } } })
  })

  it('the shared table holds the dedicated screens and the captcha texts', () => {
    expect(Object.keys(SHARED_CODES).sort()).toEqual([
      'allowlist_rejected',
      'captcha_failure',
      'captcha_timeout',
      'invalid_captcha',
      'max_accounts_reached',
      'unsupported_captcha_site_key',
      'user_does_not_exist',
    ])
  })

  const captchaScreen = (detail: string) => ({ kind: 'screen', screen: { name: 'error', title: 'Captcha failed', detail, cta: 'Go back' } })
  // Telegram's catalogue entry names captcha failure among its 'Something went wrong. Try again.' cases.
  it.each(METHODS.filter(([name]) => name !== 'Telegram'))('%s: a refused captcha token shows the captcha texts', (_, map) => {
    expect(map(api('invalid_captcha'))).toEqual(captchaScreen('Please try again.'))
    expect(map(api('captcha_failure'))).toEqual(captchaScreen('You did not pass CAPTCHA. Please try again.'))
    expect(map(api('captcha_timeout'))).toEqual(captchaScreen('Something went wrong! Please try again later.'))
    // The same codes raised by the widget in the browser.
    expect(map(new CaptchaError('captcha_failure', 'x'))).toEqual(captchaScreen('You did not pass CAPTCHA. Please try again.'))
    expect(map(new CaptchaError('captcha_timeout', 'x'))).toEqual(captchaScreen('Something went wrong! Please try again later.'))
  })

  it('Telegram: a refused captcha token is its retryable "Something went wrong. Try again."; the missing token and timeout show the captcha texts', () => {
    expect(mapTelegramError(api('captcha_failure'))).toEqual({
      kind: 'message',
      title: 'Authentication failed',
      detail: 'Something went wrong. Try again.',
      retry: true,
    })
    expect(mapTelegramError(api('captcha_timeout'))).toEqual(captchaScreen('Something went wrong! Please try again later.'))
  })
})

describe('mapOutcome', () => {
  type Said = { kind: 'said'; text: string }
  const table: OutcomeTable<Said> = {
    transfer: 'test',
    local: (error) => (error instanceof TimeoutError ? { kind: 'said', text: 'local' } : null),
    codes: { allowlist_rejected: () => ({ kind: 'said', text: 'own' }), invalid_captcha: () => ({ kind: 'said', text: 'captcha' }) },
    otherwise: () => ({ kind: 'said', text: 'otherwise' }),
  }

  it("a method's own code wins over the shared one", () => {
    expect(mapOutcome(api('allowlist_rejected'), table)).toEqual({ kind: 'said', text: 'own' })
  })
  it('browser-side rules come first; anything unnamed is the fallback', () => {
    expect(mapOutcome(new TimeoutError({ url: 'x', timeoutMs: 1 }), table)).toEqual({ kind: 'said', text: 'local' })
    expect(mapOutcome(new Error('boom'), table)).toEqual({ kind: 'said', text: 'otherwise' })
    expect(mapOutcome(api('internal_error'), table)).toEqual({ kind: 'said', text: 'otherwise' })
  })
  it("a captcha failure raised in the browser carries the server's code", () => {
    expect(mapOutcome(new CaptchaError('invalid_captcha', 'Please try again.'), table)).toEqual({ kind: 'said', text: 'captcha' })
  })
  it('error: a code named like an Object member is not a rule', () => {
    expect(mapOutcome(new ApiError({ status: 400, code: 'constructor' }), table)).toEqual({ kind: 'said', text: 'otherwise' })
  })
})

describe("each method's own codes", () => {
  it('code screen: disallowed login method and rate limits are not on its list', () => {
    expect(mapCodeError(api('disallowed_login_method'))).toEqual({ kind: 'inline', message: 'Issue verifying code' })
    expect(mapCodeError(api('linked_to_another_user'))).toMatchObject({ screen: { name: 'error', title: 'Authentication failed' } })
  })
  it("error screen: a cancelled captcha goes back to the form; SMS verification shows the server's message", () => {
    expect(mapInitError(new CaptchaError('captcha_cancelled', 'Please try again.'))).toEqual({ kind: 'landing', message: 'Please try again.' })
    expect(mapInitError(api('sms_verification_failed', 'Phone login code request failure'))).toEqual({
      kind: 'screen',
      screen: { name: 'error', title: 'Something went wrong', detail: 'Phone login code request failure', cta: 'Go back' },
    })
    expect(mapInitError(new CaptchaError('unsupported_captcha_site_key', 'x'))).toMatchObject({
      screen: { title: 'Captcha failed', detail: 'Unsupported captcha site key' },
    })
  })
  it('passkey: linked, rate limit and disallowed method', () => {
    expect(mapPasskeyError(api('linked_to_another_user'))).toEqual({ kind: 'message', message: TEXT.linkedToAnotherUser, retry: false })
    expect(mapPasskeyError(api('too_many_requests'))).toEqual({ kind: 'message', message: 'Too many attempts.', retry: true })
    expect(mapPasskeyError(api('disallowed_login_method', 'Passkey login is disabled'))).toEqual({
      kind: 'screen',
      screen: { name: 'error', title: 'Not allowed', detail: 'Passkey login is disabled', cta: 'Try another method' },
    })
    expect(mapPasskeyError(new PasskeyRejectedError())).toMatchObject({ retry: true })
  })
  it('wallet: rate limit and disallowed method stay on the wallet screen', () => {
    expect(mapWalletError(api('too_many_requests'))).toEqual({
      kind: 'error',
      error: { title: 'Request failed', detail: 'Too many attempts.', retryable: false },
    })
    expect(mapWalletError(api('disallowed_login_method', 'SIWE is off'))).toEqual({
      kind: 'error',
      error: { title: 'Not allowed', detail: 'SIWE is off', retryable: false },
    })
    expect(mapWalletError(api('user_already_exists'))).toMatchObject({ error: { title: 'User already exists for this address' } })
    expect(mapWalletError(transfer())).toMatchObject({ kind: 'error', error: { title: 'Could not log in with wallet' } })
  })
  it('Telegram: a captcha failed in the browser is retryable; other server answers show their message', () => {
    expect(mapTelegramError(new CaptchaError('captcha_failure', 'x'))).toEqual({
      kind: 'message',
      title: 'Authentication failed',
      detail: 'Something went wrong. Try again.',
      retry: true,
    })
    expect(mapTelegramError(api('internal_error', 'Boom'))).toMatchObject({ detail: 'Boom', retry: true })
  })
  it('Farcaster: linked, cannot link more and a timeout', () => {
    expect(mapFarcasterError(api('linked_to_another_user'))).toMatchObject({ detail: TEXT.linkedToAnotherUser, retry: false })
    expect(mapFarcasterError(api('cannot_link_more_of_type', 'Only one Farcaster account'))).toMatchObject({
      detail: 'Only one Farcaster account',
      retry: false,
    })
    expect(mapFarcasterError(new TimeoutError({ url: 'x', timeoutMs: 1 }))).toMatchObject({ detail: 'The request timed out. Try again.' })
  })
  it('OAuth: denial, phishing, the server-side denial, linked and disallowed method', () => {
    expect(mapOAuthError(new OAuthUserDeniedError({ provider: 'github' }), 'GitHub')).toEqual({
      kind: 'status',
      detail: 'Retry and check GitHub to finish connecting your account.',
      retryable: true,
    })
    expect(mapOAuthError(new OAuthStateMismatchError(), 'GitHub')).toEqual({
      kind: 'status',
      detail: 'Unexpected auth flow. This may be a phishing attempt.',
      retryable: false,
    })
    expect(mapOAuthError(api('invalid_credentials', 'User denied confirmation during OAuth flow'), 'GitHub')).toMatchObject({
      retryable: true,
      detail: 'Retry and check GitHub to finish connecting your account.',
    })
    expect(mapOAuthError(api('linked_to_another_user'), 'GitHub')).toEqual({ kind: 'status', detail: TEXT.linkedToAnotherUser, retryable: false })
    expect(mapOAuthError(api('disallowed_login_method', 'No GitHub'), 'GitHub')).toMatchObject({
      screen: { name: 'error', title: 'Not allowed', cta: 'Try another method' },
    })
    expect(mapOAuthError(new Error('popup blocked'), 'GitHub')).toEqual({ kind: 'status', detail: 'Something went wrong. Please try again.', retryable: true })
  })
})

describe('showCodeRequestError (the login and link forms)', () => {
  it('a refusal before any call, the plus-address rule and a cancelled captcha stay on the form', () => {
    $modal.set({ open: true, stack: [{ name: 'landing' }] })
    const shown: string[] = []
    showCodeRequestError(new BaseError('Phone flows need a valid phone number.', { code: 'invalid_data' }), (m) => shown.push(m))
    showCodeRequestError(api('disallowed_plus_email'), (m) => shown.push(m))
    showCodeRequestError(new CaptchaError('captcha_cancelled', 'Please try again.'), (m) => shown.push(m))
    expect(shown).toEqual(['Phone flows need a valid phone number.', "Please enter a valid email address without a '+'.", 'Please try again.'])
    expect(currentScreen()).toEqual({ name: 'landing' })
  })
  it('error: anything else opens its error screen', () => {
    $modal.set({ open: true, stack: [{ name: 'landing' }] })
    showCodeRequestError(api('invalid_data', 'email is required'), () => expect.unreachable())
    expect(currentScreen()).toEqual({ name: 'error', title: 'Something went wrong', detail: 'email is required', cta: 'Go back' })
  })
})
