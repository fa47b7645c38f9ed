import type { TransactionError } from '../errors/transaction.ts'
import type { SolanaTransactionInput } from '../transactions/types.ts'
import { solanaTransact, type SolanaTransactionOptions } from './internal/solanaTransact.ts'

export type SignAllTransactionsParameters = SolanaTransactionOptions
export interface SignAllTransactionsReturnType {
  /** Each signed transaction, serialized (wire format), in order. Nothing is sent. */
  signedTransactions: Uint8Array[]
}
/** TransactionError: TRANSACTION_FAILURE ('Transaction does not contain public key'), USER_REJECTED, UNABLE_TO_SIGN, EMBEDDED_WALLET_NOT_FOUND. */
export type SignAllTransactionsErrorType = TransactionError

/**
 * Signs several Solana transactions with the embedded Solana wallet without sending them
 * ('Transaction signed!'; the confirmation screen unless `uiOptions.showWalletUIs` is false).
 *
 * @example
 * const { signedTransactions } = await signAllTransactions([tx1, tx2])
 */
export async function signAllTransactions(
  transactions: SolanaTransactionInput[],
  options: SignAllTransactionsParameters = {},
): Promise<SignAllTransactionsReturnType> {
  const results = await solanaTransact(transactions, true, options)
  return { signedTransactions: results.map((r) => r.signedTransaction) }
}
