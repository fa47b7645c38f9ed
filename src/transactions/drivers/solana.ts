/**
 * The Solana driver of the transaction controller (spec part 3 §4: prepare → confirm → success |
 * error): each transaction reviewed from the cluster (fee, balance, instructions), signed in the
 * wallet frame, sent and confirmed by the cluster; a retry signs over a fresh blockhash. Loaded with
 * the first Solana transaction (it carries @solana/web3.js), never on the landing screen.
 */
import type { VersionedTransaction } from '@solana/web3.js'
import type { BaseError } from '../../errors/base.ts'
import { SOLANA_TX_MESSAGES } from '../../errors/solana.ts'
import { errorDetail } from '../../errors/toBaseError.ts'
import { TRANSACTION_MESSAGES, TransactionError } from '../../errors/transaction.ts'
import type { SolanaCluster } from '../../wallets/solana/cluster.ts'
import { requestCluster } from '../../wallets/solana/request.ts'
import {
  confirmSignature,
  connectionFor,
  prepareSolanaTransaction,
  sendSigned,
  signInFrame,
  toVersioned,
  withFreshBlockhash,
  type LandedSolanaTransaction,
  type PreparedSolanaTransaction,
} from '../../wallets/solana/transactions.ts'
import type { TxController, TxDriver } from '../../stores/transaction.ts'
import { runTransaction } from '../run.ts'
import type { SolanaTxParameters, SolanaTxResult } from '../types.ts'

export class SolanaDriver implements TxDriver<PreparedSolanaTransaction, VersionedTransaction, VersionedTransaction, SolanaTxResult> {
  readonly kind = 'solana'
  readonly parameters: SolanaTxParameters
  readonly total: number
  readonly signOnly: boolean
  readonly uiOptions
  readonly cluster: SolanaCluster
  readonly method: 'solana_signTransaction' | 'solana_signAndSendTransaction'
  /** Each transaction as our VersionedTransaction, converted once; a retry refreshes the blockhash of those not yet sent. */
  readonly #converted: VersionedTransaction[] = []
  /** What getParsedTransaction read of each confirmed signature: the host's result carries it. */
  readonly #landed = new Map<string, LandedSolanaTransaction>()

  constructor(parameters: SolanaTxParameters) {
    this.parameters = parameters
    this.total = parameters.transactions.length
    this.signOnly = parameters.signOnly
    this.uiOptions = parameters.uiOptions ?? {}
    this.cluster = requestCluster(parameters)
    this.method = parameters.signOnly ? 'solana_signTransaction' : 'solana_signAndSendTransaction'
  }

  async #transaction(i: number): Promise<VersionedTransaction> {
    return (this.#converted[i] ??= await toVersioned(this.parameters.transactions[i]!, this.parameters.address, connectionFor(this.cluster)))
  }

  async review(step: number, retryFrom: number | null): Promise<PreparedSolanaTransaction> {
    if (retryFrom !== null) for (let i = retryFrom; i < this.#converted.length; i++) await withFreshBlockhash(this.#converted[i]!, this.cluster)
    return prepareSolanaTransaction(this.parameters.address, await this.#transaction(step), this.cluster)
  }

  /** Headless reviews nothing, so a transaction to send is checked for funds here, right before it is signed. */
  async prepare(i: number, reviewed: PreparedSolanaTransaction | null): Promise<VersionedTransaction> {
    const tx = await this.#transaction(i)
    if (reviewed === null && !this.signOnly) {
      const prepared = await prepareSolanaTransaction(this.parameters.address, tx, this.cluster)
      if (!prepared.hasFunds) throw new TransactionError(SOLANA_TX_MESSAGES.insufficientBalance, { code: 'INSUFFICIENT_BALANCE' })
    }
    return tx
  }

  /** What the host gets when the user leaves a transaction that lacks funds: INSUFFICIENT_BALANCE, not a plain decline. */
  insufficient(view: PreparedSolanaTransaction): BaseError | null {
    return !this.signOnly && !view.hasFunds ? new TransactionError(SOLANA_TX_MESSAGES.insufficientBalance, { code: 'INSUFFICIENT_BALANCE' }) : null
  }

  sign(_i: number, tx: VersionedTransaction): Promise<VersionedTransaction> {
    return signInFrame(this.parameters.address, tx)
  }

  submit(_tx: VersionedTransaction, signed: VersionedTransaction): Promise<string> {
    return sendSigned(signed, this.cluster, this.parameters.transactionOptions)
  }

  async confirm(tx: VersionedTransaction, signature: string): Promise<void> {
    // The prepared transaction is the one signed and sent: its blockhash bounds the confirmation.
    this.#landed.set(signature, await confirmSignature(signature, this.cluster, tx.message.recentBlockhash))
  }

  result(_tx: VersionedTransaction, signed: VersionedTransaction, signature: string | null): SolanaTxResult {
    const landed = signature ? this.#landed.get(signature) : undefined
    return { signedTransaction: signed.serialize(), signature, slot: landed?.slot ?? null, fee: landed?.fee ?? null }
  }

  /** The explorer page of a signature on this cluster (the error and success screens' link). */
  explorer(_step: number, signature: string): string {
    return this.explorerPage('tx', signature)
  }

  /** The explorer page of an account or a signature on this cluster. */
  explorerPage(kind: 'tx' | 'address', id: string): string {
    const { name, rpcUrl } = this.cluster
    return `https://explorer.solana.com/${kind}/${id}${name === 'mainnet-beta' ? '' : `?cluster=custom&customUrl=${encodeURIComponent(rpcUrl)}`}`
  }

  successDetail(results: SolanaTxResult[]) {
    const last = results[results.length - 1]!
    return { method: this.method, address: this.parameters.address, chainId: `solana:${this.cluster.name}`, hash: last.signature, signature: last.signature }
  }

  errorDetail(error: BaseError, hash: string | null) {
    return { method: this.method, address: this.parameters.address, chainId: `solana:${this.cluster.name}`, hash, ...errorDetail(error) }
  }
}

/** One Solana request (one transaction or several, sign only or sign and send), through the screen or headless. */
export async function requestSolanaTransaction(parameters: SolanaTxParameters): Promise<SolanaTxResult[]> {
  if (parameters.transactions.length === 0) throw new TransactionError(TRANSACTION_MESSAGES.invalidRequest, { code: 'TRANSACTION_FAILURE' })
  return runTransaction(new SolanaDriver(parameters))
}

/** The controller of a Solana request, as its screen reads it. */
export type SolanaTxController = TxController<SolanaDriver>
