import type { User } from '../api/user.ts'

/** `auth-success`: a login completed (after terms acceptance when the app requires it). */
export interface AuthSuccessEventDetail {
  user: User
  isNewUser: boolean
  loginMethod: 'email'
}
export type AuthSuccessEvent = CustomEvent<AuthSuccessEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    'auth-success': AuthSuccessEvent
  }
}
