/** `modal-open`: the login modal opened. No detail. */
export type ModalOpenEventDetail = null
export type ModalOpenEvent = CustomEvent<ModalOpenEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    'modal-open': ModalOpenEvent
  }
}
