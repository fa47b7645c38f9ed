// What a host asks of the transaction controller (spec part 3 §3: the Ethereum transaction request,
// the Solana transaction request data, their uiOptions) and what each step answers. Types only:
// modules on every page (the actions, the prompt) read them without loading any chain code.

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
  /** A smart wallet's step: the ERC-4337 user-operation hash that carried the calls (its `hash` is the bundle transaction's). */
  userOperationHash?: string
}

/**
 * A transaction as the host passes it: a @solana/web3.js (1.x) `Transaction` or
 * `VersionedTransaction` (from any copy of the library: read by shape, not by class), or the
 * serialized wire bytes.
 */
export type SolanaTransactionInput = Uint8Array | { serialize(...args: never[]): Uint8Array }

/** Spec part 3 §3: uiOptions of a Solana request (the Ethereum ones, plus the requesting app). */
export interface SolanaTransactionUiOptions extends TransactionUiOptions {
  requesterAppId?: string
}

/** sendRawTransaction options (web3.js SendOptions). */
export interface SolanaSendOptions {
  skipPreflight?: boolean
  preflightCommitment?: 'processed' | 'confirmed' | 'finalized'
  maxRetries?: number
}

export interface SolanaTxParameters {
  /** The transacting wallet (an embedded Solana wallet). */
  address: string
  transactions: SolanaTransactionInput[]
  /** Sign only (signTransaction, signAllTransactions): nothing is sent. */
  signOnly: boolean
  /** The cluster's RPC URL; default the app's cluster (mainnet-beta unless configured). */
  rpcUrl?: string
  transactionOptions?: SolanaSendOptions
  uiOptions?: SolanaTransactionUiOptions
}

/** One transaction's outcome: the signed wire bytes, and its signature (base58) once sent. */
export interface SolanaTxResult {
  signedTransaction: Uint8Array
  signature: string | null
  /** A sent transaction's slot and fee paid (lamports), read back with getParsedTransaction; null when not sent or not read. */
  slot: number | null
  fee: number | null
}
