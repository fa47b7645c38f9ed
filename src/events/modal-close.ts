/** `modal-close`: the login modal closed. No detail. */
export type ModalCloseEventDetail = null
export type ModalCloseEvent = CustomEvent<ModalCloseEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    'modal-close': ModalCloseEvent
  }
}
