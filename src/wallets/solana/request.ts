/**
 * One Solana request (one transaction or several, sign only or sign and send): through the
 * confirmation screen in `<sign-prompt>`, or headless (`showWalletUIs: false`). Either way the
 * outcome is published once as `tx-success` or `tx-error`.
 */
import { SOLANA_TX_MESSAGES } from '../../errors/solana.ts'
import { errorDetail, toBaseError } from '../../errors/toBaseError.ts'
import { TRANSACTION_MESSAGES, TransactionError } from '../../errors/transaction.ts'
import { publish } from '../../events/bus.ts'
import { $solanaTxRequest, type SolanaTxParameters, type SolanaTxResult } from '../../stores/solanaTxRequest.ts'
import { awaitPrompt } from '../embedded/pendingRequest.ts'
import { appCluster, type SolanaCluster } from './cluster.ts'
import { VersionedTransaction } from '@solana/web3.js'
import { connectionFor, prepareSolanaTransaction, sendAndConfirm, signerIndex, signInFrame, toVersioned } from './transactions.ts'

/** The cluster of a request: the app's, or the RPC URL the caller's connection names. */
export function requestCluster(parameters: Pick<SolanaTxParameters, 'rpcUrl'>): SolanaCluster {
  const app = appCluster()
  return parameters.rpcUrl && parameters.rpcUrl !== app.rpcUrl ? { name: app.name, rpcUrl: parameters.rpcUrl, label: app.label } : app
}

export const solanaMethod = (signOnly: boolean) => (signOnly ? 'solana_signTransaction' : 'solana_signAndSendTransaction')

/** Headless: each transaction prepared, checked for funds (when sent), signed and sent in order. */
async function headless(parameters: SolanaTxParameters): Promise<SolanaTxResult[]> {
  const cluster = requestCluster(parameters)
  const results: SolanaTxResult[] = []
  for (const input of parameters.transactions) {
    const tx = await toVersioned(input, parameters.address, connectionFor(cluster))
    if (!parameters.signOnly) {
      const prepared = await prepareSolanaTransaction(parameters.address, tx, cluster)
      if (!prepared.hasFunds) throw new TransactionError(SOLANA_TX_MESSAGES.insufficientBalance, { code: 'INSUFFICIENT_BALANCE' })
    }
    const signed = await signInFrame(parameters.address, tx)
    const signature = parameters.signOnly ? null : await sendAndConfirm(signed, cluster, parameters.transactionOptions)
    results.push({ signedTransaction: signed.serialize(), signature })
  }
  return results
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
    const signature = parameters.signOnly
      ? null
      : await sendAndConfirm(VersionedTransaction.deserialize(signedTransaction), cluster, parameters.transactionOptions)
    results.push({ signedTransaction, signature })
  }
  return results
}

export async function requestSolanaTransaction(parameters: SolanaTxParameters): Promise<SolanaTxResult[]> {
  const method = solanaMethod(parameters.signOnly)
  const chainId = `solana:${requestCluster(parameters).name}`
  try {
    if (parameters.transactions.length === 0) throw new TransactionError(TRANSACTION_MESSAGES.invalidRequest, { code: 'TRANSACTION_FAILURE' })
    const results =
      parameters.uiOptions?.showWalletUIs === false
        ? await headless(parameters)
        : await awaitPrompt($solanaTxRequest, parameters, () => new TransactionError('Replaced by a newer transaction request', { code: 'USER_REJECTED' }))
    const last = results[results.length - 1]!
    publish('tx-success', { method, address: parameters.address, chainId, hash: last.signature, signature: last.signature })
    return results
  } catch (error) {
    const base = toBaseError(error)
    publish('tx-error', { method, address: parameters.address, chainId, hash: error instanceof TransactionError ? error.hash : null, ...errorDetail(base) })
    throw base
  }
}
