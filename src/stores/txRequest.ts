/**
 * The pending Ethereum transaction that `<sign-prompt>` shows (the confirmation screen). Kept
 * apart from the transaction code so the prompt element, defined on every page, pulls none of it
 * into the landing chunk.
 */
import { atom } from 'nanostores'

/** Spec part 3 §3: an Ethereum transaction request. Quantities as bigint, number or 0x-hex. */
export interface EthereumTransactionRequest {
  from?: string
  to?: string | null
  data?: string
  value?: bigint | number | string
  chainId?: number | string
  nonce?: number | string
  gas?: bigint | number | string
  gasPrice?: bigint | number | string
  maxFeePerGas?: bigint | number | string
  maxPriorityFeePerGas?: bigint | number | string
  type?: 'legacy' | 'eip1559' | string | number
}

/** Spec part 3 §3: uiOptions of a transaction request. */
export interface TransactionUiOptions {
  transactionInfo?: { title?: string; action?: string; contractInfo?: { imgUrl?: string; imgAltText?: string } }
  description?: string
  buttonText?: string
  successHeader?: string
  successDescription?: string
  /** false sends without any screen (headless). Default true. */
  showWalletUIs?: boolean
  /** 'Not now' (declines with 4001). Default true. */
  isCancellable?: boolean
}

export type TxMethod = 'eth_sendTransaction' | 'eth_signTransaction'

export interface TxParameters {
  method: TxMethod
  address: string
  /** One request, or several stepped through as a batch ('(n / total)'). */
  requests: EthereumTransactionRequest[]
  /** The chain the provider is on; a request's own chainId wins. */
  chainId: number
  uiOptions?: TransactionUiOptions
}

/** One step's outcome: the hash (sent) or the signed serialized transaction (signed only). */
export interface TxStepResult {
  chainId: number
  hash: string | null
  signature: string | null
}

export interface PendingTx extends TxParameters {
  id: number
  resolve(results: TxStepResult[]): void
  reject(error: unknown): void
}

export const $txRequest = atom<PendingTx | null>(null)
