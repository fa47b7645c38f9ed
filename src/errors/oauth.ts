import { OAUTH_TEXT } from '../oauth/texts.ts'
import { BaseError } from './base.ts'

/** The provider sent the user back without a code (code 'undefined'): the user denied. */
export class OAuthUserDeniedError extends BaseError {
  override name = 'OAuthUserDeniedError'
  constructor({ provider }: { provider: string }) {
    super(OAUTH_TEXT.userDeniedError, { code: 'OAUTH_USER_DENIED', details: `provider: ${provider}` })
  }
}

/** The returned state differs from the stored one: a possible phishing attempt (spec §5). */
export class OAuthStateMismatchError extends BaseError {
  override name = 'OAuthStateMismatchError'
  constructor() {
    super(OAUTH_TEXT.phishing, { code: 'UNKNOWN_AUTH_ERROR' })
  }
}

/** An answer arrived but this browser started no OAuth flow (no stored verifier and state). */
export class OAuthNoFlowError extends BaseError {
  override name = 'OAuthNoFlowError'
  constructor() {
    super(OAUTH_TEXT.noFlow, { code: 'UNKNOWN_AUTH_ERROR' })
  }
}

/** No code or no state in the returned answer. */
export class OAuthInvalidCodeError extends BaseError {
  override name = 'OAuthInvalidCodeError'
  constructor() {
    super(OAUTH_TEXT.invalidCode, { code: 'UNKNOWN_AUTH_ERROR' })
  }
}
