/** `logout`: the session ended (logout(), 'No thanks' on the terms screen). No detail. */
export type LogoutEventDetail = null
export type LogoutEvent = CustomEvent<LogoutEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    logout: LogoutEvent
  }
}
