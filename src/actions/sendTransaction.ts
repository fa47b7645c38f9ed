import type { ProviderRpcError } from '../errors/wallet.ts'
import type { EthereumTransactionRequest, SolanaTransactionInput, TransactionUiOptions } from '../transactions/types.ts'
import { solanaTransact, wantsSolana, type SolanaTransactionOptions } from './internal/solanaTransact.ts'
import { transact } from './internal/transact.ts'

export type { EthereumTransactionRequest, TransactionUiOptions }
export type { SolanaTransactionInput, SolanaTransactionOptions }

export interface SendTransactionOptions {
  /** Which wallet sends: an embedded wallet, or a connected external wallet (sent through that wallet). Default: the first embedded Ethereum wallet. */
  address?: string
  uiOptions?: TransactionUiOptions
}
export interface SendTransactionReturnType {
  /** The transaction hash, once its receipt is on chain (the last step's, for a batch). */
  hash: string
  /** Every step's hash, in order (one for a single request). */
  hashes: string[]
}
export interface SendSolanaTransactionReturnType {
  /** The transaction signature (base58), once the cluster confirmed it. */
  signature: string
  /** The signed transaction, serialized (wire format). */
  signedTransaction: Uint8Array
  /** The fee paid in lamports, as the cluster recorded the landed transaction (getParsedTransaction); null when it had no record yet. */
  fee: number | null
  /** The slot the transaction landed in. */
  slot: number | null
}
/**
 * Ethereum: ProviderRpcError (4001 declined, 4902 UNSUPPORTED_CHAIN_ID, -32603 with `errorCode`
 * TRANSACTION_FAILURE, `hash` set on a revert). Solana: TransactionError (INSUFFICIENT_BALANCE,
 * TRANSACTION_FAILURE, USER_REJECTED, UNABLE_TO_SIGN, EMBEDDED_WALLET_NOT_FOUND).
 */
export type SendTransactionErrorType = ProviderRpcError

/**
 * Sends a transaction from the user's wallet, showing the confirmation screen unless
 * `uiOptions.showWalletUIs` is false. One name for both chains: a @solana/web3.js `Transaction` /
 * `VersionedTransaction` (or its bytes), or an `address` of an embedded Solana wallet, is a Solana
 * transaction (signed in the wallet frame, sent to the app's cluster, confirmed); anything else is an
 * Ethereum request (or a batch, one step at a time through '(n / total)'): an embedded wallet fills
 * nonce, gas and fees from the chain, signs in the wallet frame, broadcasts and waits for the
 * receipt; an external wallet gets the request directly. It resolves, and `tx-success` fires, as soon
 * as the receipt is on chain (Solana: the cluster confirmed), while 'Transaction complete!' still
 * shows: 'All Done' only closes the screen.
 *
 * @example
 * const { hash } = await sendTransaction({ to: '0x…', value: 10n ** 15n, chainId: 8453 })
 * const { signature } = await sendTransaction(solanaTransaction)
 */
export async function sendTransaction(request: SolanaTransactionInput, options?: SolanaTransactionOptions): Promise<SendSolanaTransactionReturnType>
export async function sendTransaction(
  request: EthereumTransactionRequest | EthereumTransactionRequest[],
  options?: SendTransactionOptions,
): Promise<SendTransactionReturnType>
export async function sendTransaction(
  request: SolanaTransactionInput | EthereumTransactionRequest | EthereumTransactionRequest[],
  options: SendTransactionOptions | SolanaTransactionOptions = {},
): Promise<SendTransactionReturnType | SendSolanaTransactionReturnType> {
  if (wantsSolana(request, options.address)) {
    const [result] = await solanaTransact([request], false, options as SolanaTransactionOptions)
    return { signature: result!.signature!, signedTransaction: result!.signedTransaction, fee: result!.fee, slot: result!.slot }
  }
  const results = await transact('eth_sendTransaction', request as EthereumTransactionRequest, options as SendTransactionOptions)
  const hashes = results.map((r) => r.hash!)
  return { hash: hashes[hashes.length - 1]!, hashes }
}
