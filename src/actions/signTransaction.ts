import type { ProviderRpcError } from '../errors/wallet.ts'
import type { EthereumTransactionRequest, SolanaTransactionInput } from '../transactions/types.ts'
import { solanaTransact, wantsSolana, type SolanaTransactionOptions } from './internal/solanaTransact.ts'
import { transact } from './internal/transact.ts'
import type { SendTransactionOptions } from './sendTransaction.ts'

export type SignTransactionOptions = SendTransactionOptions
export interface SignTransactionReturnType {
  /** The signed serialized transaction, 0x-hex, ready for eth_sendRawTransaction. */
  signature: string
}
export interface SignSolanaTransactionReturnType {
  /** The signed transaction, serialized (wire format); nothing was sent. */
  signedTransaction: Uint8Array
}
/** Ethereum: ProviderRpcError (4001 declined, 4902 UNSUPPORTED_CHAIN_ID, -32603 when preparing or signing failed). Solana: TransactionError. */
export type SignTransactionErrorType = ProviderRpcError

/**
 * Signs a transaction without sending it (the confirmation screen unless
 * `uiOptions.showWalletUIs` is false). Ethereum: nonce, gas and fees are filled from the chain and
 * success shows for 1.4 s (spec part 3 §4). Solana (a @solana/web3.js transaction, its bytes, or
 * the `address` of an embedded Solana wallet): the wallet frame signs; 'Transaction signed!'.
 *
 * @example
 * const { signature } = await signTransaction({ to: '0x…', value: 1n, chainId: 31337 })
 * const { signedTransaction } = await signTransaction(solanaTransaction)
 */
export async function signTransaction(request: SolanaTransactionInput, options?: SolanaTransactionOptions): Promise<SignSolanaTransactionReturnType>
export async function signTransaction(request: EthereumTransactionRequest, options?: SignTransactionOptions): Promise<SignTransactionReturnType>
export async function signTransaction(
  request: SolanaTransactionInput | EthereumTransactionRequest,
  options: SignTransactionOptions | SolanaTransactionOptions = {},
): Promise<SignTransactionReturnType | SignSolanaTransactionReturnType> {
  if (wantsSolana(request, options.address)) {
    const [result] = await solanaTransact([request], true, options as SolanaTransactionOptions)
    return { signedTransaction: result!.signedTransaction }
  }
  const [result] = await transact('eth_signTransaction', request as EthereumTransactionRequest, options as SignTransactionOptions)
  return { signature: result!.signature! }
}
