/**
 * `logout`: a live session ended, by whatever path (logout(), 'No thanks' on the terms screen, a
 * refresh the server refused, e.g. in getAccessToken(), a session revoked elsewhere, a failed wallet
 * creation), published once per session. No detail.
 */
export type LogoutEventDetail = null
export type LogoutEvent = CustomEvent<LogoutEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    logout: LogoutEvent
  }
}
