import type { ProviderRpcError } from '../errors/wallet.ts'
import type { EthereumTransactionRequest, TransactionUiOptions } from '../stores/txRequest.ts'
import { transact } from './internal/transact.ts'

export type { EthereumTransactionRequest, TransactionUiOptions }

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
/** ProviderRpcError: 4001 declined, 4902 UNSUPPORTED_CHAIN_ID, -32603 with `errorCode` TRANSACTION_FAILURE ('Transaction failed' on revert, `hash` set). */
export type SendTransactionErrorType = ProviderRpcError

/**
 * Sends an Ethereum transaction (or a batch, one step at a time through '(n / total)') from the
 * user's wallet, showing the confirmation screen unless `uiOptions.showWalletUIs` is false. An
 * embedded wallet fills nonce, gas and fees from the chain, signs in the wallet frame, broadcasts
 * and waits for the receipt; an external wallet gets the request directly.
 *
 * @example
 * const { hash } = await sendTransaction({ to: '0x…', value: 10n ** 15n, chainId: 8453 })
 */
export async function sendTransaction(
  request: EthereumTransactionRequest | EthereumTransactionRequest[],
  options: SendTransactionOptions = {},
): Promise<SendTransactionReturnType> {
  const results = await transact('eth_sendTransaction', request, options)
  const hashes = results.map((r) => r.hash!)
  return { hash: hashes[hashes.length - 1]!, hashes }
}
