/**
 * Bridge funding (spec part 3 §2 'Bridge funding for Solana from an Ethereum wallet', 'Wallet list':
 * Ethereum → Solana and Solana → Ethereum, §4, §7): the relay-style provider quotes the source
 * transaction for an expected output on the destination chain (POST /quote, tradeType
 * EXPECTED_OUTPUT), the connected wallet sends the quote's step (an Ethereum call, or Solana
 * instructions it signs), and GET /requests/v2?hash= gives the status (delayed, waiting, pending → polled every 1 s;
 * success, refund, failure).
 */
import type { ChainConfig } from '../api/types.ts'
import { FUNDING_MESSAGES, FundingError } from '../errors/funding.ts'
import { configuredChains, chainRpc } from '../wallets/ethereum/chains.ts'
import { appCluster, SOL_DECIMALS } from '../wallets/solana/cluster.ts'
import type { FundingConfig } from './config.ts'

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'
/** The relay provider's chain id for Solana, and its currency id for native SOL (the System Program's address). */
export const RELAY_SOLANA_CHAIN_ID = 792703809
export const RELAY_SOLANA_NATIVE = '11111111111111111111111111111111'
export const BRIDGE_TEXT = {
  quotes: 'Unable to fetch quotes for bridging',
  select: 'Unable to select bridge option from quotes.',
  invalid: 'Invalid transaction request',
  failedTitle: 'Transaction failed',
  failedDetail: 'We were unable to complete the bridging transaction. Funds will be refunded on your wallet.',
  success: 'Success!',
} as const

export type BridgeStatus = 'delayed' | 'waiting' | 'pending' | 'success' | 'refund' | 'failure'
/** A Solana instruction as the relay provider's quote step gives it (data hex). */
export interface SvmInstruction {
  keys: { pubkey: string; isSigner: boolean; isWritable: boolean }[]
  programId: string
  data: string
}
/** The quote step's transaction: an Ethereum call, or Solana instructions (with lookup tables) for a Solana origin. */
export type BridgeTransaction =
  | { kind: 'evm'; to: string; data: string; value: string; chainId: number }
  | { kind: 'svm'; instructions: SvmInstruction[]; addressLookupTableAddresses: string[] }
/** Spec §3 'Bridge option': the bridge transaction, the source balance and chain, what the source pays. */
export interface BridgeOption {
  transaction: BridgeTransaction
  balance: bigint
  /** The Ethereum origin chain; null for a Solana origin (the app's cluster). */
  chain: ChainConfig | null
  source: { key: string; name: string; symbol: string; decimals: number }
  amountIn: bigint
  isErc20Quote: boolean
}

async function quote(apiUrl: string, body: Record<string, unknown>): Promise<{ transaction: BridgeTransaction; amountIn: bigint | null }> {
  const response = await fetch(`${apiUrl}/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const answer = (await response.json().catch(() => ({}))) as {
    message?: string
    steps?: { items?: { data?: Record<string, unknown> }[] }[]
    details?: { currencyIn?: { amount?: string } }
  }
  // Spec §7: the response message is read on errors.
  if (!response.ok) throw new FundingError(answer.message ?? BRIDGE_TEXT.quotes, { code: 'BRIDGE_QUOTE_FAILED' })
  const data = answer.steps?.[0]?.items?.[0]?.data
  const amountIn = answer.details?.currencyIn?.amount ? BigInt(answer.details.currencyIn.amount) : null
  if (data && Array.isArray(data.instructions)) {
    const instructions = data.instructions as SvmInstruction[]
    const tables = Array.isArray(data.addressLookupTableAddresses) ? (data.addressLookupTableAddresses as string[]) : []
    return { transaction: { kind: 'svm', instructions, addressLookupTableAddresses: tables }, amountIn }
  }
  if (!data || typeof data.to !== 'string') throw new FundingError(BRIDGE_TEXT.invalid, { code: 'BRIDGE_QUOTE_FAILED' })
  const transaction = { kind: 'evm' as const, to: data.to, data: String(data.data ?? '0x'), value: String(data.value ?? '0'), chainId: Number(data.chainId) }
  return { transaction, amountIn }
}

async function solanaBalance(rpcUrl: string, address: string): Promise<bigint> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }),
  })
  return BigInt(((await response.json()) as { result?: { value?: number } }).result?.value ?? 0)
}

/** The funded chains of `source` with their balances: the configured Ethereum chains, or the app's Solana cluster. */
async function sourceFunds(source: string, chainType: 'ethereum' | 'solana') {
  if (chainType === 'solana') {
    const cluster = appCluster()
    const balance = await solanaBalance(cluster.rpcUrl, source).catch(() => 0n)
    const info = { key: `solana:${cluster.name}`, name: cluster.label, symbol: 'SOL', decimals: SOL_DECIMALS }
    return balance > 0n ? [{ chain: null, balance, originChainId: RELAY_SOLANA_CHAIN_ID, originCurrency: RELAY_SOLANA_NATIVE, source: info }] : []
  }
  const funded = []
  for (const chain of configuredChains().filter((c) => c.rpcUrl)) {
    const balance = await chainRpc(chain, 'eth_getBalance', [source, 'latest']).then(
      (b) => BigInt(b as string),
      () => 0n,
    )
    const info = { key: `eip155:${chain.id}`, name: chain.name, symbol: chain.nativeCurrency.symbol, decimals: chain.nativeCurrency.decimals }
    if (balance > 0n) funded.push({ chain, balance, originChainId: chain.id, originCurrency: ZERO_ADDRESS, source: info })
  }
  return funded
}

/**
 * One quote per chain where `source` holds a balance (spec §5: bridging needs a balance greater than
 * zero), for `amount` (base units) arriving at the funded address: an Ethereum wallet funding a
 * Solana address (destination chain 792703809), or a Solana wallet funding an Ethereum address.
 */
export async function bridgeOptions(
  apiUrl: string,
  config: FundingConfig,
  source: string,
  sourceChainType: 'ethereum' | 'solana',
  amount: bigint,
): Promise<BridgeOption[]> {
  const funded = await sourceFunds(source, sourceChainType)
  if (funded.length === 0) throw new FundingError(FUNDING_MESSAGES.notEnoughFunds(source), { code: 'INSUFFICIENT_BALANCE' })
  const destinationChainId = config.chainType === 'solana' ? RELAY_SOLANA_CHAIN_ID : config.chain!.id
  const settled = await Promise.allSettled(
    funded.map(async ({ chain, balance, originChainId, originCurrency, source: info }) => {
      const { transaction, amountIn } = await quote(apiUrl, {
        user: source,
        recipient: config.address,
        originChainId,
        destinationChainId,
        originCurrency,
        destinationCurrency: config.erc20Address ?? ZERO_ADDRESS,
        amount: amount.toString(),
        tradeType: 'EXPECTED_OUTPUT',
      })
      const paid = amountIn ?? (transaction.kind === 'evm' ? BigInt(transaction.value) : 0n)
      return { transaction, balance, chain, source: info, amountIn: paid, isErc20Quote: false }
    }),
  )
  const options = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  if (options.length === 0) {
    const first = settled.find((r) => r.status === 'rejected') as PromiseRejectedResult | undefined
    throw first?.reason instanceof FundingError ? first.reason : new FundingError(BRIDGE_TEXT.quotes, { code: 'BRIDGE_QUOTE_FAILED' })
  }
  // Only quotes the wallet can pay.
  const affordable = options.filter((o) => o.amountIn <= o.balance)
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
