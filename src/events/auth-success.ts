import type { User } from '../api/user.ts'

/** `auth-success`: a login completed (after terms acceptance when the app requires it). */
export interface AuthSuccessEventDetail {
  user: User
  isNewUser: boolean
  /** 'siwe' / 'siws' for a wallet-signature login. */
  loginMethod: 'email' | 'siwe' | 'siws'
}
export type AuthSuccessEvent = CustomEvent<AuthSuccessEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    'auth-success': AuthSuccessEvent
  }
}
