import { BaseError } from './base.ts'
import { insufficientFunds, TRANSACTION_MESSAGES, TransactionError } from './transaction.ts'

/**
 * Smart-wallet (ERC-4337) texts. The spec's transaction texts where they fit (an operation that
 * reverts in simulation is 'There was an error preparing your transaction…', one reverted on chain
 * 'Transaction failed'); the rest say what happened and that nothing was sent or charged.
 */
export const SMART_WALLET_MESSAGES = {
  notEnabled: 'Smart wallets are not enabled for this app on this chain',
  noSigner: 'A smart wallet needs an embedded wallet to sign for it',
  bundlerDown: 'The transaction service is not answering. Nothing was sent and nothing was charged. Please try again later.',
  paymasterDown: 'Gas sponsorship is not available right now. Nothing was sent and nothing was charged. Please try again later.',
  /** The paymaster's refusal in its own words (our server's: 'This app does not pay the network fee for calls to 0x…'). */
  notSponsored: (reason: string) => `${reason.trim().replace(/([^.!?])$/, '$1.')} Nothing was sent and nothing was charged.`,
  notSponsoredGeneric: 'This app does not sponsor this transaction. Nothing was sent and nothing was charged.',
  simulation: TRANSACTION_MESSAGES.preparing,
  failed: TRANSACTION_MESSAGES.failed,
  unknownCalls: 'No batch with this id',
} as const

/** A smart-wallet setup failure (not enabled, no signer). */
export class SmartWalletError extends BaseError {
  override name = 'SmartWalletError'
}

/** Who failed on the way to the chain: the bundler or our paymaster; `network` when it did not answer at all. */
export class AaEndpointError extends Error {
  override name = 'AaEndpointError'
  constructor(
    readonly source: 'bundler' | 'paymaster',
    readonly kind: 'network' | 'rpc',
    message: string,
    readonly code?: number,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

const causes = (error: unknown): unknown[] => {
  const chain: unknown[] = []
  for (let e = error, depth = 0; e && depth < 12; e = (e as { cause?: unknown }).cause, depth++) chain.push(e)
  return chain
}

/** ERC-4337 bundler error codes (ERC-7769): simulation reverts, and validation failures (AAxx). */
const EXECUTION_REVERTED = -32521
const REJECTED_BY_ENTRY_POINT = -32500
const REJECTED_BY_PAYMASTER = -32501

/**
 * What the screen and the host get for a failure on the way of a user operation: each is a
 * TRANSACTION_FAILURE ('Transaction failure') with a message saying why, except a wallet that
 * cannot pay its own gas (INSUFFICIENT_BALANCE) and a revert on chain ('Transaction failed').
 */
export function toSmartWalletError(error: unknown, chainName: string, hash: string | null = null, stage: 'prepare' | 'send' = 'send'): BaseError {
  const chain = causes(error)
  if (chain[0] instanceof BaseError) return chain[0]
  const endpoint = chain.find((e): e is AaEndpointError => e instanceof AaEndpointError)
  const details = endpoint?.message ?? (error as Error)?.message
  const fail = (message: string) => new TransactionError(message, { code: 'TRANSACTION_FAILURE', details, cause: error, hash })
  if (endpoint?.source === 'paymaster') {
    // Not answering (or answering HTTP 5xx) is an outage; a JSON-RPC error is our server's refusal, with its reason.
    if (endpoint.kind === 'network') return fail(SMART_WALLET_MESSAGES.paymasterDown)
    return fail(endpoint.message ? SMART_WALLET_MESSAGES.notSponsored(endpoint.message) : SMART_WALLET_MESSAGES.notSponsoredGeneric)
  }
  if (endpoint?.source === 'bundler' && endpoint.kind === 'network') return fail(SMART_WALLET_MESSAGES.bundlerDown)
  const text = chain.map((e) => String((e as { details?: string }).details ?? (e as Error)?.message ?? '')).join(' ')
  if (/AA21|didn't pay prefund|insufficient funds/i.test(text)) return insufficientFunds(chainName, error)
  if (endpoint?.code === REJECTED_BY_PAYMASTER || /AA3\d/.test(text)) return fail(SMART_WALLET_MESSAGES.notSponsoredGeneric)
  if (endpoint?.code === EXECUTION_REVERTED || /revert/i.test(text) || endpoint?.code === REJECTED_BY_ENTRY_POINT) return fail(SMART_WALLET_MESSAGES.simulation)
  // Preparing, any other refusal of the bundler is its simulation failing (Alto on a chain without
  // tracing answers a revert as 'could not parse simulate validation result', with no code).
  if (stage === 'prepare' && endpoint?.source === 'bundler') return fail(SMART_WALLET_MESSAGES.simulation)
  if (chain.some((e) => /HttpRequestError|TimeoutError/.test((e as Error)?.name ?? ''))) return fail(SMART_WALLET_MESSAGES.bundlerDown)
  return fail(TRANSACTION_MESSAGES.generic)
}
