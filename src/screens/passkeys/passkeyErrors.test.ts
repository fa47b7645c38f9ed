import { describe, expect, it } from 'vitest'
import { ApiError } from '../../errors/api.ts'
import { PasskeyRejectedError, PasskeyUnknownError, PASSKEY_TEXT, WebAuthnNotSupportedError } from '../../errors/passkey.ts'
import { mapPasskeyError } from './passkeyErrors.ts'

describe('mapPasskeyError (spec §8 Passkey)', () => {
  it('error: no WebAuthn → "WebAuthn is not supported in this browser" without Retry', () => {
    expect(mapPasskeyError(new WebAuthnNotSupportedError())).toEqual({ kind: 'message', message: 'WebAuthn is not supported in this browser', retry: false })
  })
  it('error: a cancelled or timed-out prompt → "Passkey request timed out or rejected by user." with Retry', () => {
    expect(mapPasskeyError(new PasskeyRejectedError())).toEqual({ kind: 'message', message: 'Passkey request timed out or rejected by user.', retry: true })
  })
  it('error: the server refusing a sixth passkey → "Cannot link more passkeys to account."', () => {
    const error = new ApiError({ status: 409, code: 'cannot_link_more_of_type', message: 'x' })
    expect(mapPasskeyError(error)).toEqual({ kind: 'message', message: PASSKEY_TEXT.cannotLinkMore, retry: false })
  })
  it('error: user limit, unknown user and allowlist go to their screens; anything else is "An unknown error occurred."', () => {
    expect(mapPasskeyError(new ApiError({ status: 403, code: 'max_accounts_reached' }))).toEqual({ kind: 'screen', screen: { name: 'user-limit' } })
    expect(mapPasskeyError(new ApiError({ status: 404, code: 'user_does_not_exist' }))).toEqual({ kind: 'screen', screen: { name: 'account-not-found' } })
    expect(mapPasskeyError(new ApiError({ status: 403, code: 'allowlist_rejected' }))).toEqual({ kind: 'screen', screen: { name: 'allowlist-rejected' } })
    expect(mapPasskeyError(new PasskeyUnknownError())).toEqual({ kind: 'message', message: 'An unknown error occurred.', retry: true })
    expect(mapPasskeyError(new ApiError({ status: 401, code: 'invalid_credentials' }))).toMatchObject({ message: 'An unknown error occurred.' })
  })
})
