/** `tx-success`: a transaction was sent and its receipt arrived (or, signing only, it was signed). */
export interface TxSuccessEventDetail {
  method: 'eth_sendTransaction' | 'eth_signTransaction' | 'solana_signAndSendTransaction' | 'solana_signTransaction'
  address: string
  /** The Ethereum chain id; for Solana 'solana:<cluster>' (e.g. 'solana:mainnet-beta'). */
  chainId: number | string
  /** The transaction hash (sent transactions); Solana: the transaction signature (base58). */
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
