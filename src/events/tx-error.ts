/** `tx-error`: a transaction failed, reverted ('Transaction failed') or the user declined (4001). */
export interface TxErrorEventDetail {
  method: 'eth_sendTransaction' | 'eth_signTransaction'
  address: string | null
  chainId: number | null
  /** The hash when the transaction was broadcast before failing (a revert), else null. */
  hash: string | null
  code: string
  message: string
}
export type TxErrorEvent = CustomEvent<TxErrorEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    'tx-error': TxErrorEvent
  }
}
