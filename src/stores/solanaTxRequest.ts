/**
 * The pending Solana transaction request that `<sign-prompt>` shows (spec part 3 §3, 'Solana
 * transaction request data'). Types and an atom only: the prompt element, defined on every page,
 * pulls no @solana/web3.js through this module.
 */
import { atom } from 'nanostores'
import type { TransactionUiOptions } from './txRequest.ts'

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
}

export interface PendingSolanaTx extends SolanaTxParameters {
  id: number
  resolve(results: SolanaTxResult[]): void
  reject(error: unknown): void
}

export const $solanaTxRequest = atom<PendingSolanaTx | null>(null)
