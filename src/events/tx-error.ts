/** `tx-error`: a transaction failed, reverted ('Transaction failed') or the user declined (4001). */
export interface TxErrorEventDetail {
  method: 'eth_sendTransaction' | 'eth_signTransaction' | 'solana_signAndSendTransaction' | 'solana_signTransaction'
  address: string | null
  /** The Ethereum chain id; for Solana 'solana:<cluster>'. */
  chainId: number | string | null
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
