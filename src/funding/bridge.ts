/**
 * Bridge funding (spec part 3 §2 'Bridge funding for Solana from an Ethereum wallet', §4, §7): the
 * relay-style provider quotes the source transaction for an expected output on the destination
 * chain (POST /quote, tradeType EXPECTED_OUTPUT), the connected Ethereum wallet sends the quote's
 * step, and GET /requests/v2?hash= gives the status (delayed, waiting, pending → polled every 1 s;
 * success, refund, failure).
 */
import type { ChainConfig } from '../api/types.ts'
import { FUNDING_MESSAGES, FundingError } from '../errors/funding.ts'
import { configuredChains, chainRpc } from '../wallets/ethereum/chains.ts'
import type { FundingConfig } from './config.ts'

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'
/** The relay provider's chain id for Solana. */
export const RELAY_SOLANA_CHAIN_ID = 792703809
export const BRIDGE_TEXT = {
  quotes: 'Unable to fetch quotes for bridging',
  select: 'Unable to select bridge option from quotes.',
  invalid: 'Invalid transaction request',
  failedTitle: 'Transaction failed',
  failedDetail: 'We were unable to complete the bridging transaction. Funds will be refunded on your wallet.',
  success: 'Success!',
} as const

export type BridgeStatus = 'delayed' | 'waiting' | 'pending' | 'success' | 'refund' | 'failure'
export interface BridgeTransaction {
  to: string
  data: string
  value: string
  chainId: number
}
/** Spec §3 'Bridge option': the bridge transaction, the source balance and chain. */
export interface BridgeOption {
  transaction: BridgeTransaction
  balance: bigint
  chain: ChainConfig
  isErc20Quote: boolean
}

async function quote(apiUrl: string, body: Record<string, unknown>): Promise<BridgeTransaction> {
  const response = await fetch(`${apiUrl}/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const answer = (await response.json().catch(() => ({}))) as { message?: string; steps?: { items?: { data?: Record<string, unknown> }[] }[] }
  // Spec §7: the response message is read on errors.
  if (!response.ok) throw new FundingError(answer.message ?? BRIDGE_TEXT.quotes, { code: 'BRIDGE_QUOTE_FAILED' })
  const data = answer.steps?.[0]?.items?.[0]?.data
  if (!data || typeof data.to !== 'string') throw new FundingError(BRIDGE_TEXT.invalid, { code: 'BRIDGE_QUOTE_FAILED' })
  return { to: data.to, data: String(data.data ?? '0x'), value: String(data.value ?? '0'), chainId: Number(data.chainId) }
}

/**
 * One quote per configured Ethereum chain where `source` holds a balance (spec §5: bridging needs a
 * balance greater than zero), for `amount` (base units) arriving at the funded Solana address.
 */
export async function bridgeOptions(apiUrl: string, config: FundingConfig, source: string, amount: bigint): Promise<BridgeOption[]> {
  const funded: { chain: ChainConfig; balance: bigint }[] = []
  for (const chain of configuredChains().filter((c) => c.rpcUrl)) {
    const balance = await chainRpc(chain, 'eth_getBalance', [source, 'latest']).then(
      (b) => BigInt(b as string),
      () => 0n,
    )
    if (balance > 0n) funded.push({ chain, balance })
  }
  if (funded.length === 0) throw new FundingError(FUNDING_MESSAGES.notEnoughFunds(source), { code: 'INSUFFICIENT_BALANCE' })
  const settled = await Promise.allSettled(
    funded.map(async ({ chain, balance }) => {
      const transaction = await quote(apiUrl, {
        user: source,
        recipient: config.address,
        originChainId: chain.id,
        destinationChainId: RELAY_SOLANA_CHAIN_ID,
        originCurrency: ZERO_ADDRESS,
        destinationCurrency: config.erc20Address ?? ZERO_ADDRESS,
        amount: amount.toString(),
        tradeType: 'EXPECTED_OUTPUT',
      })
      return { transaction, balance, chain, isErc20Quote: false }
    }),
  )
  const options = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  if (options.length === 0) {
    const first = settled.find((r) => r.status === 'rejected') as PromiseRejectedResult | undefined
    throw first?.reason instanceof FundingError ? first.reason : new FundingError(BRIDGE_TEXT.quotes, { code: 'BRIDGE_QUOTE_FAILED' })
  }
  // Only quotes the wallet can pay.
  const affordable = options.filter((o) => BigInt(o.transaction.value) <= o.balance)
  if (affordable.length === 0) throw new FundingError(FUNDING_MESSAGES.notEnoughFunds(source), { code: 'INSUFFICIENT_BALANCE' })
  return affordable
}

/** Spec §7: requests[0].status, defaulting to pending. */
export async function bridgeStatus(apiUrl: string, hash: string): Promise<BridgeStatus> {
  const response = await fetch(`${apiUrl}/requests/v2?hash=${encodeURIComponent(hash)}`)
  if (!response.ok) return 'pending'
  const answer = (await response.json().catch(() => ({}))) as { requests?: { status?: BridgeStatus }[] }
  return answer.requests?.[0]?.status ?? 'pending'
}
