import type { TransactionError } from '../errors/transaction.ts'
import type { SolanaTransactionInput } from '../transactions/types.ts'
import { solanaTransact, type SolanaTransactionOptions } from './internal/solanaTransact.ts'

export type SignAndSendAllTransactionsParameters = SolanaTransactionOptions
export interface SignAndSendAllTransactionsReturnType {
  /** Each transaction's signature (base58), in order, once the cluster confirmed it. */
  signatures: string[]
  /** Each signed transaction, serialized (wire format). */
  signedTransactions: Uint8Array[]
}
/** TransactionError: INSUFFICIENT_BALANCE, TRANSACTION_FAILURE ('Simulation failed: Blockhash not found', a log line, 'Something went wrong.'), USER_REJECTED, UNABLE_TO_SIGN, EMBEDDED_WALLET_NOT_FOUND. */
export type SignAndSendAllTransactionsErrorType = TransactionError

/**
 * Signs several Solana transactions with the embedded Solana wallet and sends them in order, each
 * after the previous one confirmed. The confirmation screen shows each ('(n / total)') unless
 * `uiOptions.showWalletUIs` is false.
 *
 * @example
 * const { signatures } = await signAndSendAllTransactions([tx1, tx2])
 */
export async function signAndSendAllTransactions(
  transactions: SolanaTransactionInput[],
  options: SignAndSendAllTransactionsParameters = {},
): Promise<SignAndSendAllTransactionsReturnType> {
  const results = await solanaTransact(transactions, false, options)
  return { signatures: results.map((r) => r.signature!), signedTransactions: results.map((r) => r.signedTransaction) }
}
