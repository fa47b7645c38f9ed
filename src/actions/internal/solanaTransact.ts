import { TRANSACTION_MESSAGES, TransactionError } from '../../errors/transaction.ts'
import { WALLET_MESSAGES } from '../../errors/wallet.ts'
import type { SolanaSendOptions, SolanaTransactionInput, SolanaTransactionUiOptions, SolanaTxResult } from '../../transactions/types.ts'
import { $externalWallets } from '../../stores/externalWallets.ts'
import { $wallets, findWallet } from '../../stores/wallets.ts'

/** Options of the Solana transaction methods (spec part 3 §3, 'Solana transaction request data'). */
export interface SolanaTransactionOptions {
  /** The embedded Solana wallet that signs; default the user's first one. */
  address?: string
  /** A @solana/web3.js Connection whose RPC endpoint is used instead of the app's cluster. */
  connection?: { rpcEndpoint: string }
  /** sendRawTransaction options (skipPreflight, preflightCommitment, maxRetries). */
  transactionOptions?: SolanaSendOptions
  uiOptions?: SolanaTransactionUiOptions
}

/** A web3.js Transaction / VersionedTransaction (by shape, from any copy of the library) or wire bytes. */
export function isSolanaTransaction(value: unknown): value is SolanaTransactionInput {
  return value instanceof Uint8Array || (typeof value === 'object' && value !== null && typeof (value as { serialize?: unknown }).serialize === 'function')
}

/**
 * One method name serves both chains: the request's shape (a Solana transaction or bytes) or the
 * wallet `address` names (an embedded Solana wallet) picks Solana.
 */
export function wantsSolana(request: unknown, address: string | undefined): boolean {
  if (isSolanaTransaction(request) || (Array.isArray(request) && request.length > 0 && request.every(isSolanaTransaction))) return true
  return (
    address !== undefined &&
    (findWallet(address)?.chainType === 'solana' || $externalWallets.get().some((w) => w.chainType === 'solana' && w.address === address))
  )
}

/** Shared by the four Solana methods: the wallet, then the confirmation screen (or headless). */
export async function solanaTransact(inputs: unknown[], signOnly: boolean, options: SolanaTransactionOptions = {}): Promise<SolanaTxResult[]> {
  if (inputs.length === 0 || !inputs.every(isSolanaTransaction)) {
    throw new TransactionError(TRANSACTION_MESSAGES.invalidRequest, { code: 'TRANSACTION_FAILURE' })
  }
  const external = options.address ? $externalWallets.get().find((w) => w.chainType === 'solana' && w.address === options.address) : undefined
  if (external?.signSolanaTransaction) {
    const { viaExternalWallet } = await import('../../wallets/solana/request.ts')
    return viaExternalWallet(external.signSolanaTransaction, {
      address: external.address,
      transactions: inputs,
      signOnly,
      rpcUrl: options.connection?.rpcEndpoint,
      transactionOptions: options.transactionOptions,
    })
  }
  const wallet = options.address ? findWallet(options.address) : $wallets.get().find((w) => w.chainType === 'solana')
  if (!wallet || wallet.chainType !== 'solana') throw new TransactionError(WALLET_MESSAGES.noWalletForAddress, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
  const { requestSolanaTransaction } = await import('../../transactions/drivers/solana.ts')
  return requestSolanaTransaction({
    address: wallet.address,
    transactions: inputs,
    signOnly,
    rpcUrl: options.connection?.rpcEndpoint,
    transactionOptions: options.transactionOptions,
    uiOptions: options.uiOptions,
  })
}
