/** `sign-error`: signing failed or the user declined ('Not now'). */
export interface SignErrorEventDetail {
  method: 'personal_sign' | 'eth_signTypedData_v4' | 'solana_signMessage'
  address: string | null
  code: string
  message: string
}
export type SignErrorEvent = CustomEvent<SignErrorEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    'sign-error': SignErrorEvent
  }
}
