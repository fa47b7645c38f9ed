/** Spec part 2 §8 MFA messages and §9 MFA constants, exactly as written. */
export const MFA_TEXT = {
  maxAttempts: 'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.',
  invalidCode: 'The code you entered is not valid',
  timeout: 'You have exceeded the time limit for code entry. Please try again in 30 seconds.',
  other: 'Something went wrong.',
  enrollmentUnknown: 'Unknown error',
  cancel: 'Verification canceled',
  canceledReport: 'Canceled MFA verification.',
  clientCanceled: 'MFA canceled',
  /** Not spec texts: the first factor needs a recent login on this device; SMS region as login says it (spec part 2 §8). */
  loginAgain: 'For your security, log in again to add a verification method.',
  regionNotSupported: 'This region is not supported',
} as const

/** §9: code length 6, code wait 300000 ms, 4 attempts, enrollment reset 500 ms, resend 30 s; 5 passkeys. */
export const MFA_CODE_LENGTH = 6
export const MFA_CODE_WAIT_MS = 300_000
export const MFA_MAX_ATTEMPTS = 4
export const MFA_ENROLLMENT_RESET_MS = 500
export const MFA_RESEND_COOLDOWN_MS = 30_000
export const MAX_PASSKEYS = 5

export type MfaMethod = 'sms' | 'totp' | 'passkey'

/** Chooser labels (spec part 2 §2 'Choose a verification method'). */
export const MFA_METHOD_LABEL: Record<MfaMethod, string> = { totp: 'Authenticator app', sms: 'SMS', passkey: 'Passkey' }
