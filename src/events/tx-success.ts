/** `tx-success`: a transaction was sent and its receipt arrived (or, signing only, it was signed). */
export interface TxSuccessEventDetail {
  method: 'eth_sendTransaction' | 'eth_signTransaction'
  address: string
  chainId: number
  /** The transaction hash (sent transactions). */
  hash: string | null
  /** The signed serialized transaction (eth_signTransaction). */
  signature: string | null
}
export type TxSuccessEvent = CustomEvent<TxSuccessEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    'tx-success': TxSuccessEvent
  }
}
