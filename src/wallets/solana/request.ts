/**
 * A Solana request's cluster, and the path of a connected external Solana wallet (its own prompt,
 * no screen of ours). An embedded wallet's request goes through the transaction controller
 * (src/transactions/drivers/solana.ts).
 */
import { TRANSACTION_MESSAGES, TransactionError } from '../../errors/transaction.ts'
import type { SolanaTxParameters, SolanaTxResult } from '../../transactions/types.ts'
import { appCluster, type SolanaCluster } from './cluster.ts'
import { VersionedTransaction } from '@solana/web3.js'
import { connectionFor, sendAndConfirm, signerIndex, toVersioned } from './transactions.ts'

/** The cluster of a request: the app's, or the RPC URL the caller's connection names. */
export function requestCluster(parameters: Pick<SolanaTxParameters, 'rpcUrl'>): SolanaCluster {
  const app = appCluster()
  return parameters.rpcUrl && parameters.rpcUrl !== app.rpcUrl ? { name: app.name, rpcUrl: parameters.rpcUrl, label: app.label } : app
}

/**
 * Spec part 3 §6: an address that is a connected external Solana wallet signs with that wallet
 * (its own prompt, no confirmation screen of ours); unless sign-only, the signed transaction is sent
 * to the app's cluster and confirmed.
 */
export async function viaExternalWallet(
  sign: (transaction: Uint8Array) => Promise<Uint8Array>,
  parameters: Omit<SolanaTxParameters, 'uiOptions'>,
): Promise<SolanaTxResult[]> {
  const cluster = requestCluster(parameters)
  const results: SolanaTxResult[] = []
  for (const input of parameters.transactions) {
    const tx = await toVersioned(input, parameters.address, connectionFor(cluster))
    signerIndex(tx, parameters.address)
    let signedTransaction: Uint8Array
    try {
      signedTransaction = await sign(tx.serialize())
    } catch (error) {
      if ((error as { code?: unknown }).code === 4001) throw new TransactionError(TRANSACTION_MESSAGES.rejected, { code: 'USER_REJECTED', cause: error })
      throw new TransactionError(TRANSACTION_MESSAGES.failedToSign, { code: 'UNABLE_TO_SIGN', details: (error as Error).message, cause: error })
    }
    const sent = parameters.signOnly ? null : await sendAndConfirm(VersionedTransaction.deserialize(signedTransaction), cluster, parameters.transactionOptions)
    results.push({ signedTransaction, signature: sent?.signature ?? null, slot: sent?.landed.slot ?? null, fee: sent?.landed.fee ?? null })
  }
  return results
}
