/** Spec §5 message when the app disallows plus-addresses. */
export const PLUS_EMAIL_MESSAGE = "Please enter a valid email address without a '+'."

// A general pattern (spec §5): something@domain.tld, no spaces, one @, a dot in the domain.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/
/** The SMTP limit on a whole address. */
export const EMAIL_MAX_LENGTH = 254

/** The one e-mail rule: the widget checks it before submitting, the server before sending a code. */
export function isValidEmail(email: string): boolean {
  const trimmed = email.trim()
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(trimmed)
}

/** True when the local part (before the last @) carries a '+' (apps may refuse plus-addresses). */
export function isPlusAddress(email: string): boolean {
  const trimmed = email.trim()
  return trimmed.slice(0, trimmed.lastIndexOf('@')).includes('+')
}

export type EmailProblem = 'invalid' | 'plus' | null

/** Why an e-mail cannot be submitted, or null when it can. */
export function emailProblem(email: string, options: { disablePlusEmails?: boolean } = {}): EmailProblem {
  if (!isValidEmail(email)) return 'invalid'
  if (options.disablePlusEmails && isPlusAddress(email)) return 'plus'
  return null
}

/** Spec §5: 6 digits. */
export const CODE_LENGTH = 6
export const CODE_NUMERIC_MESSAGE = 'Code should be numeric'

/**
 * A code whose wrong guesses are spent: not even the right code passes any more. The server sends
 * it as `invalid_credentials` (the spec's code) with `data.reason` CODE_USED_UP_REASON, so the code
 * screen can say so and point to 'Resend code' instead of the catalogue's 'Invalid or expired
 * verification code'. Not a spec text: the spec is silent on this case.
 */
export const CODE_USED_UP_MESSAGE = "This code can't be used any more: it was entered wrong too many times. Select 'Resend code' to get a new one."
export const CODE_USED_UP_REASON = 'code_used_up'

export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code)
}
