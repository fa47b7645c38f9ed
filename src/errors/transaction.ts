import { BaseError } from './base.ts'

/** Spec part 3 §8 texts for Ethereum transactions. */
export const TRANSACTION_MESSAGES = {
  invalidRequest: 'Invalid transaction request',
  preparing: 'There was an error preparing your transaction. Your transaction request will likely fail.',
  preparingInternal: 'There was an issue preparing your transaction',
  rejected: 'The user rejected the request',
  generic: 'An error has occurred, please try again.',
  failed: 'Transaction failed',
  failedToSign: 'Failed to sign transaction',
  /** Not a spec text: names the chain the app did not configure. */
  unsupportedChain: (chainId: number | string) => `Unsupported chain id: ${chainId}`,
  addFunds: (chain: string) => `Add funds on ${chain} to complete transaction.`,
} as const

/**
 * An Ethereum transaction failure. Codes: TRANSACTION_FAILURE (reverted or not sent),
 * UNSUPPORTED_CHAIN_ID, USER_REJECTED, UNABLE_TO_SIGN, EMBEDDED_WALLET_NOT_FOUND. `hash` is set
 * once the transaction was broadcast.
 */
export class TransactionError extends BaseError {
  override name = 'TransactionError'
  readonly hash: string | null
  constructor(message: string, options: { code: string; details?: string; cause?: unknown; hash?: string | null }) {
    super(message, { code: options.code, details: options.details, cause: options.cause })
    this.hash = options.hash ?? null
  }
}
