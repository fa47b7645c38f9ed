/** `auth-error`: a login attempt or the setup failed. `code` is a wire code or a spec code. */
export interface AuthErrorEventDetail {
  code: string
  message: string
}
export type AuthErrorEvent = CustomEvent<AuthErrorEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    'auth-error': AuthErrorEvent
  }
}
