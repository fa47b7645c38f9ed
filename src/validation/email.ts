/** Spec §5 message when the app disallows plus-addresses. */
export const PLUS_EMAIL_MESSAGE = "Please enter a valid email address without a '+'."

// A general pattern (spec §5): something@domain.tld, no spaces, one @, a dot in the domain.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim())
}

export type EmailProblem = 'invalid' | 'plus' | null

/** Why an e-mail cannot be submitted, or null when it can. */
export function emailProblem(email: string, options: { disablePlusEmails?: boolean } = {}): EmailProblem {
  if (!isValidEmail(email)) return 'invalid'
  if (options.disablePlusEmails && email.trim().split('@')[0]!.includes('+')) return 'plus'
  return null
}

/** Spec §5: 6 digits. */
export const CODE_LENGTH = 6
export const CODE_NUMERIC_MESSAGE = 'Code should be numeric'

export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code)
}
