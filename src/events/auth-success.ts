import type { User } from '../api/user.ts'

/** `auth-success`: a login completed (after terms acceptance when the app requires it). */
export interface AuthSuccessEventDetail {
  user: User
  isNewUser: boolean
  /** 'email', 'sms', 'google', 'passkey', 'guest', 'custom', … */
  loginMethod: string
}
export type AuthSuccessEvent = CustomEvent<AuthSuccessEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    'auth-success': AuthSuccessEvent
  }
}
