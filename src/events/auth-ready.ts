import type { User } from '../api/user.ts'

/** `auth-ready`: the app configuration loaded and the stored session was refreshed (or not). */
export interface AuthReadyEventDetail {
  authenticated: boolean
  user: User | null
}
export type AuthReadyEvent = CustomEvent<AuthReadyEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    'auth-ready': AuthReadyEvent
  }
}
