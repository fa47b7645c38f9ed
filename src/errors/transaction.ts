import { BaseError } from './base.ts'
import { ProviderRpcError } from './wallet.ts'

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
 * INSUFFICIENT_BALANCE (the wallet cannot pay the value, or the value and the fee), UNSUPPORTED_CHAIN_ID, USER_REJECTED, UNABLE_TO_SIGN, EMBEDDED_WALLET_NOT_FOUND. `hash` is set
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

/**
 * The wallet cannot pay for the transaction (spec part 3 §8: INSUFFICIENT_BALANCE, with the spec's
 * 'Add funds on <chain> to complete transaction.'): what the host gets when the user leaves a
 * confirmation that lacks funds, a headless request that lacks them, or a node refusing for want of them.
 */
export function insufficientFunds(chainName: string, cause?: unknown): TransactionError {
  return new TransactionError(TRANSACTION_MESSAGES.addFunds(chainName), { code: 'INSUFFICIENT_BALANCE', cause })
}

/**
 * A node's refusal for want of funds ('insufficient funds for gas * price + value'), or our sponsor's
 * ('The wallet does not hold the value it sends', server/services/gas-sponsorship.ts).
 */
export const isInsufficientFundsMessage = (message: string | undefined) => /insufficient (funds|balance|lamports)|does not hold the value/i.test(message ?? '')

/** EIP-1193 codes for our errors: 4001 declined, 4902 unknown chain, else an internal error carrying the spec code. */
export function toProviderError(error: unknown): ProviderRpcError {
  const code = (error as { code?: string }).code
  const message = (error as { shortMessage?: string }).shortMessage ?? (error as Error).message
  const rpcCode = code === 'USER_REJECTED' ? 4001 : code === 'UNSUPPORTED_CHAIN_ID' ? 4902 : code === 'EMBEDDED_WALLET_NOT_FOUND' ? 4100 : -32603
  return Object.assign(new ProviderRpcError(rpcCode, code === 'USER_REJECTED' ? 'The user rejected the request' : message, error), {
    errorCode: code,
    hash: (error as { hash?: string | null }).hash ?? null,
  })
}
