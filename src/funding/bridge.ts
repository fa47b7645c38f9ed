/**
 * Bridge funding (spec part 3 §2 'Bridge funding for Solana from an Ethereum wallet', 'Wallet list':
 * Ethereum → Solana and Solana → Ethereum, §4, §7): the relay-style provider quotes the source
 * transaction for an expected output on the destination chain (POST /quote, tradeType
 * EXPECTED_OUTPUT), the connected wallet sends the quote's step (an Ethereum call, or Solana
 * instructions it signs), and GET /requests/v2?hash= gives the status (delayed, waiting, pending → polled every 1 s;
 * success, refund, failure). Funding USDC, the source pays in its chain's USDC (originCurrency the
 * token, spec §7): the balance rule reads the token balance, and Relay's quote then has an
 * 'approve' step (the token's `approve` of exactly the quoted amount to the contract the 'deposit'
 * step calls, checked here) before the 'deposit' step; the wallet sends them in order.
 */
import type { ChainConfig } from '../api/types.ts'
import { FUNDING_MESSAGES, FundingError } from '../errors/funding.ts'
import { configuredChains, chainRpc } from '../wallets/ethereum/chains.ts'
import { appCluster, SOL_DECIMALS } from '../wallets/solana/cluster.ts'
import { $config } from '../stores/config.ts'
import { SOLANA_USDC_MINTS, usdcAddressOf, type FundingConfig } from './config.ts'

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
/** One item of a quote step ('approve', 'deposit'), in the order the wallet sends them. */
export interface BridgeStep {
  id: string
  transaction: BridgeTransaction
}
/** Spec §3 'Bridge option': the bridge transaction, the source balance and chain, what the source pays. */
export interface BridgeOption {
  /** The 'deposit' step's transaction (the last step; its hash is the one polled). */
  transaction: BridgeTransaction
  /** Every step item in order: for an ERC-20 origin the 'approve' first. */
  steps: BridgeStep[]
  /** Native balance (what pays the fees). */
  balance: bigint
  /** The origin token's balance when the quote pays in a token (USDC), else null. */
  erc20Balance: bigint | null
  /** The Ethereum origin chain; null for a Solana origin (the app's cluster). */
  chain: ChainConfig | null
  source: { key: string; name: string; symbol: string; decimals: number }
  amountIn: bigint
  isErc20Quote: boolean
}

function stepTransaction(data: Record<string, unknown> | undefined): BridgeTransaction {
  if (data && Array.isArray(data.instructions)) {
    const instructions = data.instructions as SvmInstruction[]
    const tables = Array.isArray(data.addressLookupTableAddresses) ? (data.addressLookupTableAddresses as string[]) : []
    return { kind: 'svm', instructions, addressLookupTableAddresses: tables }
  }
  if (!data || typeof data.to !== 'string') throw new FundingError(BRIDGE_TEXT.invalid, { code: 'BRIDGE_QUOTE_FAILED' })
  return { kind: 'evm', to: data.to, data: String(data.data ?? '0x'), value: String(data.value ?? '0'), chainId: Number(data.chainId) }
}

async function quote(apiUrl: string, body: Record<string, unknown>): Promise<{ steps: BridgeStep[]; amountIn: bigint | null }> {
  const response = await fetch(`${apiUrl}/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const answer = (await response.json().catch(() => ({}))) as {
    message?: string
    steps?: { id?: string; items?: { data?: Record<string, unknown> }[] }[]
    details?: { currencyIn?: { amount?: string } }
  }
  // Spec §7: the response message is read on errors.
  if (!response.ok) throw new FundingError(answer.message ?? BRIDGE_TEXT.quotes, { code: 'BRIDGE_QUOTE_FAILED' })
  // Relay: steps without items are skipped; every item is sent in order.
  const steps = (answer.steps ?? []).flatMap((step) =>
    (step.items ?? []).map((item) => ({ id: String(step.id ?? ''), transaction: stepTransaction(item.data) })),
  )
  if (steps.length === 0) throw new FundingError(BRIDGE_TEXT.invalid, { code: 'BRIDGE_QUOTE_FAILED' })
  const amountIn = answer.details?.currencyIn?.amount ? BigInt(answer.details.currencyIn.amount) : null
  return { steps, amountIn }
}

const word = (hex: string, index: number) => hex.slice(10 + index * 64, 10 + (index + 1) * 64)
/**
 * An ERC-20 quote's steps: any 'approve' must be the origin token's `approve(spender, amount)` of
 * exactly the quoted amount (never more, never unlimited) to the contract the 'deposit' step calls;
 * anything else is refused ('Invalid transaction request').
 */
export function checkApprovals(steps: BridgeStep[], token: string, amountIn: bigint): void {
  const deposit = steps.at(-1)!.transaction
  const invalid = (details: string) => new FundingError(BRIDGE_TEXT.invalid, { code: 'BRIDGE_QUOTE_FAILED', details })
  if (deposit.kind !== 'evm') return
  for (const { id, transaction: tx } of steps.slice(0, -1)) {
    if (id !== 'approve' || tx.kind !== 'evm') throw invalid(`Unexpected step '${id}' before the deposit.`)
    const data = tx.data.toLowerCase()
    if (tx.to.toLowerCase() !== token.toLowerCase() || !data.startsWith('0x095ea7b3') || data.length !== 138 || BigInt(tx.value) !== 0n)
      throw invalid('The approval is not an approve call on the source token.')
    if (`0x${word(data, 0).slice(24)}` !== deposit.to.toLowerCase()) throw invalid('The approval names another spender than the deposit contract.')
    if (BigInt(`0x${word(data, 1)}`) !== amountIn) throw invalid('The approval is not for exactly the quoted amount.')
  }
}

async function solanaBalance(rpcUrl: string, address: string): Promise<bigint> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }),
  })
  return BigInt(((await response.json()) as { result?: { value?: number } }).result?.value ?? 0)
}

async function solanaTokenBalance(rpcUrl: string, owner: string, mint: string): Promise<bigint> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getTokenAccountsByOwner', params: [owner, { mint }, { encoding: 'jsonParsed' }] }),
  })
  const accounts = ((await response.json()) as { result?: { value: any[] } }).result?.value ?? []
  return accounts.reduce((sum, a) => sum + BigInt(a.account.data.parsed.info.tokenAmount.amount), 0n)
}

const erc20BalanceOf = (chain: ChainConfig, token: string, holder: string) =>
  chainRpc(chain, 'eth_call', [{ to: token, data: `0x70a08231${holder.slice(2).toLowerCase().padStart(64, '0')}` }, 'latest']).then(
    (b) => BigInt((b as string) === '0x' ? 0 : (b as string)),
    () => 0n,
  )

/**
 * The funded chains of `source` with their balances: the configured Ethereum chains, or the app's
 * Solana cluster. In USDC (`usdc`), a chain counts when the source holds its USDC (spec §5: a
 * balance greater than zero), and the quote pays in that token.
 */
async function sourceFunds(source: string, chainType: 'ethereum' | 'solana', usdc: boolean) {
  if (chainType === 'solana') {
    const cluster = appCluster()
    const balance = await solanaBalance(cluster.rpcUrl, source).catch(() => 0n)
    const mint = usdc ? (SOLANA_USDC_MINTS[cluster.name] ?? $config.get().app?.solanaCluster?.usdcMint ?? null) : null
    if (usdc && !mint) return []
    const erc20Balance = mint ? await solanaTokenBalance(cluster.rpcUrl, source, mint).catch(() => 0n) : null
    const info = mint
      ? { key: `solana:${cluster.name}`, name: cluster.label, symbol: 'USDC', decimals: 6 }
      : { key: `solana:${cluster.name}`, name: cluster.label, symbol: 'SOL', decimals: SOL_DECIMALS }
    const funded = (erc20Balance ?? balance) > 0n
    return funded
      ? [{ chain: null, balance, erc20Balance, originChainId: RELAY_SOLANA_CHAIN_ID, originCurrency: mint ?? RELAY_SOLANA_NATIVE, source: info }]
      : []
  }
  const funded = []
  for (const chain of configuredChains().filter((c) => c.rpcUrl)) {
    const token = usdc ? usdcAddressOf(chain) : null
    if (usdc && !token) continue
    const balance = await chainRpc(chain, 'eth_getBalance', [source, 'latest']).then(
      (b) => BigInt(b as string),
      () => 0n,
    )
    const erc20Balance = token ? await erc20BalanceOf(chain, token, source) : null
    const info = token
      ? { key: `eip155:${chain.id}`, name: chain.name, symbol: 'USDC', decimals: 6 }
      : { key: `eip155:${chain.id}`, name: chain.name, symbol: chain.nativeCurrency.symbol, decimals: chain.nativeCurrency.decimals }
    if ((erc20Balance ?? balance) > 0n)
      funded.push({ chain, balance, erc20Balance, originChainId: chain.id, originCurrency: token ?? ZERO_ADDRESS, source: info })
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
  const funded = await sourceFunds(source, sourceChainType, config.isUSDC)
  if (funded.length === 0) throw new FundingError(FUNDING_MESSAGES.notEnoughFunds(source), { code: 'INSUFFICIENT_BALANCE' })
  const destinationChainId = config.chainType === 'solana' ? RELAY_SOLANA_CHAIN_ID : config.chain!.id
  const settled = await Promise.allSettled(
    funded.map(async ({ chain, balance, erc20Balance, originChainId, originCurrency, source: info }) => {
      const { steps, amountIn } = await quote(apiUrl, {
        user: source,
        recipient: config.address,
        originChainId,
        destinationChainId,
        originCurrency,
        destinationCurrency: config.erc20Address ?? ZERO_ADDRESS,
        amount: amount.toString(),
        tradeType: 'EXPECTED_OUTPUT',
      })
      const transaction = steps.at(-1)!.transaction
      const isErc20Quote = erc20Balance !== null
      if (isErc20Quote && amountIn === null) throw new FundingError(BRIDGE_TEXT.invalid, { code: 'BRIDGE_QUOTE_FAILED', details: 'No quoted amount.' })
      const paid = amountIn ?? (transaction.kind === 'evm' ? BigInt(transaction.value) : 0n)
      if (isErc20Quote) checkApprovals(steps, originCurrency, paid)
      return { transaction, steps, balance, erc20Balance, chain, source: info, amountIn: paid, isErc20Quote }
    }),
  )
  const options = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  if (options.length === 0) {
    const first = settled.find((r) => r.status === 'rejected') as PromiseRejectedResult | undefined
    throw first?.reason instanceof FundingError ? first.reason : new FundingError(BRIDGE_TEXT.quotes, { code: 'BRIDGE_QUOTE_FAILED' })
  }
  // Only quotes the wallet can pay.
  const affordable = options.filter((o) => o.amountIn <= (o.erc20Balance ?? o.balance))
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
