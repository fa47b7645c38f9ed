import { BaseError } from './base.ts'

/** Spec §8 passkey texts, in one place so tests can check each. */
export const PASSKEY_TEXT = {
  cannotLinkMore: 'Cannot link more passkeys to account.',
  rejected: 'Passkey request timed out or rejected by user.',
  unknown: 'An unknown error occurred.',
  enrolledInMfa: 'Cannot unlink a passkey enrolled in MFA',
  unlinkUnknown: 'Unknown error occurred.',
  notSupported: 'WebAuthn is not supported in this browser',
} as const

/** The browser has no WebAuthn (`PublicKeyCredential` missing). */
export class WebAuthnNotSupportedError extends BaseError {
  override name = 'WebAuthnNotSupportedError'
  constructor() {
    super(PASSKEY_TEXT.notSupported, { code: 'WEBAUTHN_NOT_SUPPORTED' })
  }
}

/** The user cancelled the passkey prompt or it timed out (the browser cannot tell them apart). */
export class PasskeyRejectedError extends BaseError {
  override name = 'PasskeyRejectedError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super(PASSKEY_TEXT.rejected, { code: 'PASSKEY_REJECTED', cause })
  }
}

/** A passkey ceremony failed for a reason we cannot name. */
export class PasskeyUnknownError extends BaseError {
  override name = 'PasskeyUnknownError'
  constructor({ cause, message = PASSKEY_TEXT.unknown }: { cause?: unknown; message?: string } = {}) {
    super(message, { code: 'UNKNOWN_AUTH_ERROR', cause, details: cause instanceof Error ? cause.message : undefined })
  }
}
