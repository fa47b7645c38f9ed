/** Password rules of the recovery password flow (spec part 2 §5, §9). Pure: tested without a DOM. */

export const PASSWORD_MIN_LENGTH = 6
export const STRENGTH_THRESHOLDS = { medium: 0.5, strong: 0.9 }
export const PASSPHRASE_WORDS = 4
/** Object URL of the downloaded password file is released after 5 s. */
export const DOWNLOAD_URL_TTL_MS = 5000

const SYMBOLS = '!@#$%^&*()-_+.'
const ALLOWED = /^[A-Za-z0-9!@#$%^&*()\-_+.]$/

/** The error to show for a password, or null when it is valid. */
export function passwordError(password: string): string | null {
  const invalid = [...new Set([...password].filter((c) => !ALLOWED.test(c)))]
  if (invalid.length) return `Invalid characters used ( ${invalid.map((c) => (c === ' ' ? 'SPACE' : c)).join(' ')} )`
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`
  return null
}

export type Strength = 'Weak' | 'Medium' | 'Strong'

/**
 * The average of a character-variety score (0 below 8 characters, else the share of the four
 * classes present) and an entropy score (bits / 95, at most 1). Above 0.9 Strong, above 0.5
 * Medium, else Weak; an invalid password is Weak.
 */
export function passwordScore(password: string): number {
  if (passwordError(password)) return 0
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[!@#$%^&*()\-_+.]/].map((re) => re.test(password))
  const variety = password.length < 8 ? 0 : classes.filter(Boolean).length / 4
  const pool = [26, 26, 10, SYMBOLS.length].reduce((sum, size, i) => sum + (classes[i] ? size : 0), 0)
  const bits = password.length * Math.log2(Math.max(pool, 1))
  return (variety + Math.min(1, bits / 95)) / 2
}

export function passwordStrength(password: string): Strength {
  const score = passwordScore(password)
  if (score > STRENGTH_THRESHOLDS.strong) return 'Strong'
  if (score > STRENGTH_THRESHOLDS.medium) return 'Medium'
  return 'Weak'
}

/** Four random words joined by hyphens (every character allowed by the rules above). */
export function generatePassphrase(words: readonly string[], count = PASSPHRASE_WORDS): string {
  const picks = crypto.getRandomValues(new Uint32Array(count))
  return [...picks].map((n) => words[n % words.length]).join('-')
}

/** 'My App 2' → 'My-App-wallet-recovery.txt': the app name reduced to letters and hyphens. */
export function passwordFileName(appName: string | null | undefined): string {
  const base = (appName ?? '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^A-Za-z-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
  return `${base || 'wallet'}-wallet-recovery.txt`
}
