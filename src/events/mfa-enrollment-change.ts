import type { User } from '../api/user.ts'

/** `mfa-enrolled` / `mfa-unenrolled`: the user added or removed an MFA method. */
export interface MfaEnrollmentChangeEventDetail {
  method: 'sms' | 'totp' | 'passkey'
  user: User
}
export type MfaEnrollmentChangeEvent = CustomEvent<MfaEnrollmentChangeEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    'mfa-enrolled': MfaEnrollmentChangeEvent
    'mfa-unenrolled': MfaEnrollmentChangeEvent
  }
}
