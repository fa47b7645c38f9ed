import { BaseError } from './base.ts'

/**
 * Codes of captcha failures in the browser. The first three match the server's wire codes, so
 * one mapping (src/screens/login/errorMapping.ts) turns either side's failure into spec §8 texts.
 */
export type CaptchaErrorCode = 'invalid_captcha' | 'captcha_failure' | 'captcha_timeout' | 'unsupported_captcha_site_key' | 'captcha_cancelled'

export type CaptchaErrorType = CaptchaError & { name: 'CaptchaError' }

/** The widget could not produce a token (or the user left the captcha screen). */
export class CaptchaError extends BaseError {
  override name = 'CaptchaError'
  declare code: CaptchaErrorCode
  constructor(code: CaptchaErrorCode, shortMessage: string, details?: string) {
    super(shortMessage, { code, details })
  }
}

/** Spec part 1 §5: only Turnstile site keys ('t:' prefix) are supported. */
export const UNSUPPORTED_SITE_KEY_MESSAGE = 'Unsupported captcha site key'
