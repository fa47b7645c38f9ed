/**
 * Gas sponsorship by top-up relay (ARCHITECTURE.md 'Gas sponsorship'). The wallet frame signs the
 * user's transaction as usual; the browser hands the signed bytes here instead of to the chain.
 * We check them (signed by this user's embedded wallet, on a chain the app sponsors, the next
 * nonce, within the per-transaction and per-user daily budgets), send the transaction's whole gas
 * allowance (gas limit × max fee per gas) from the app's sponsor account to the wallet, wait for
 * that receipt, then broadcast the user's transaction: the user's own ether pays no gas.
 */
import { createPublicClient, getAddress, http, parseTransaction, recoverTransactionAddress, type Hex, type PublicClient } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { randomId } from '../crypto/hash.js'
import { deleteGasSponsorship, insertGasSponsorship, setGasSponsorshipHashes, sponsoredWeiSince } from '../db/gas-sponsorships.js'
import { listLinkedAccounts } from '../db/linked-accounts.js'
import type { Db } from '../db/schema.js'
import { ApiError } from '../errors.js'
import type { App } from './app-config.js'
import type { ChainInput } from './chains.js'

/** The app's `gasSponsorship` setting (server-only; `privateKey` is sealed at rest, services/app-secrets.ts). */
export interface GasSponsorshipSettings {
  /** The sponsor account's private key (0x and 64 hex digits). Never sent to browsers. */
  privateKey: string
  /** The most gas (wei, decimal) one transaction may be given. */
  maxWeiPerTransaction: string
  /** The most gas (wei, decimal) one user may be given per chain in 24 hours. */
  dailyWeiPerUser: string
  /** Spec part 3 §9 defaults: SPONSORED, calculate gas limits, expiry 300 s. */
  mode?: 'SPONSORED'
  calculateGasLimits?: boolean
  expirySeconds?: number
}

/** Spec part 3 §9: 'Sponsored paymaster defaults … mode SPONSORED, calculate gas limits true, expiry 300 s'. */
export const SPONSORSHIP_DEFAULTS = { mode: 'SPONSORED', calculateGasLimits: true, expirySeconds: 300 } as const

/** A signed gas limit may exceed the chain's estimate by half (the widget signs the estimate itself). */
const GAS_LIMIT_HEADROOM = { num: 3n, den: 2n }
const DAY_MS = 24 * 60 * 60 * 1000

export function sponsorshipPolicy(settings: GasSponsorshipSettings) {
  return {
    mode: settings.mode ?? SPONSORSHIP_DEFAULTS.mode,
    calculateGasLimits: settings.calculateGasLimits ?? SPONSORSHIP_DEFAULTS.calculateGasLimits,
    expirySeconds: settings.expirySeconds ?? SPONSORSHIP_DEFAULTS.expirySeconds,
    maxWeiPerTransaction: BigInt(settings.maxWeiPerTransaction),
    dailyWeiPerUser: BigInt(settings.dailyWeiPerUser),
  }
}

/** Owner-facing problem: a chain marked sponsored needs the sponsor's key. */
export function sponsorshipProblem(chains: ChainInput[] | undefined, settings: { gasSponsorship: GasSponsorshipSettings | null }): string | null {
  const sponsored = (chains ?? []).find((c) => c.sponsored)
  if (sponsored && !settings.gasSponsorship) return `chains: chain ${sponsored.id} is sponsored; set gasSponsorship (the sponsor's key and budgets)`
  return null
}

/** One top-up at a time per sponsor account and chain, so its nonces follow each other. */
const sponsorQueues = new Map<string, Promise<unknown>>()
function queued<T>(key: string, run: () => Promise<T>): Promise<T> {
  const previous = sponsorQueues.get(key) ?? Promise.resolve()
  const next = previous.catch(() => undefined).then(run)
  sponsorQueues.set(key, next)
  void next.finally(() => sponsorQueues.get(key) === next && sponsorQueues.delete(key)).catch(() => undefined)
  return next
}
/** Wallets with a sponsored send under way: a second one waits its turn as a refusal. */
const inFlight = new Set<string>()

export interface SponsorRequest {
  app: App
  userId: string
  walletId: string
  signedTransaction: Hex
}

const refuse = (message: string) => new ApiError('invalid_data', message)

async function sendTopUp(client: PublicClient, key: Hex, chainId: number, to: Hex, wei: bigint, timeoutMs: number): Promise<Hex> {
  const sponsor = privateKeyToAccount(key)
  return queued(`${sponsor.address}:${chainId}`, async () => {
    const [nonce, block, priority] = await Promise.all([
      client.getTransactionCount({ address: sponsor.address, blockTag: 'pending' }),
      client.getBlock({ blockTag: 'latest' }),
      client.estimateMaxPriorityFeePerGas().catch(() => 1_000_000_000n),
    ])
    const maxFeePerGas = (block.baseFeePerGas ?? 0n) * 2n + priority
    const serializedTransaction = await sponsor.signTransaction({
      type: 'eip1559',
      chainId,
      nonce,
      to,
      value: wei,
      gas: 21_000n,
      maxFeePerGas,
      maxPriorityFeePerGas: priority,
    })
    const hash = await client.sendRawTransaction({ serializedTransaction })
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: timeoutMs, pollingInterval: 250 })
    if (receipt.status !== 'success') throw new Error(`top-up ${hash} reverted`)
    return hash
  })
}

/** Checks, tops up and broadcasts: the user's transaction hash. */
export async function sponsorTransaction(db: Db, now: () => number, request: SponsorRequest): Promise<{ hash: Hex; topUp: bigint }> {
  const { app, userId, walletId } = request
  const accounts = await listLinkedAccounts(db, userId)
  const wallet = accounts.find((a) => {
    if (a.app_id !== app.id || a.type !== 'wallet' || !a.details) return false
    const d = JSON.parse(a.details) as { id?: string; wallet_client_type?: string; chain_type?: string }
    return d.id === walletId && d.wallet_client_type === 'privy' && d.chain_type === 'ethereum'
  })
  if (!wallet) throw new ApiError('embedded_wallet_not_found', 'No embedded Ethereum wallet of this user has this id')

  let tx: ReturnType<typeof parseTransaction>
  let from: Hex
  try {
    tx = parseTransaction(request.signedTransaction)
    from = await recoverTransactionAddress({ serializedTransaction: request.signedTransaction as never })
  } catch {
    throw refuse('signed_transaction is not a signed Ethereum transaction')
  }
  if (getAddress(from) !== getAddress(wallet.address)) throw refuse('The transaction is not signed by this wallet')
  const chain = app.config.chains.find((c) => c.id === tx.chainId)
  const settings = app.settings.gasSponsorship
  if (!chain?.sponsored || !settings || !chain.rpcUrl) throw new ApiError('not_supported', `Gas is not sponsored on chain ${tx.chainId ?? 'none'}`)
  if (tx.type !== 'eip1559' && tx.type !== 'legacy') throw refuse('Only legacy and EIP-1559 transactions are sponsored')
  const feePerGas = tx.type === 'eip1559' ? tx.maxFeePerGas : tx.gasPrice
  if (tx.gas === undefined || feePerGas === undefined || tx.nonce === undefined) throw refuse('The transaction must carry its gas, fees and nonce')
  const policy = sponsorshipPolicy(settings)
  const gasAllowance = tx.gas * feePerGas
  if (gasAllowance > policy.maxWeiPerTransaction)
    throw refuse(`The transaction's gas (${gasAllowance} wei) is over the app's sponsorship limit per transaction`)

  const client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: 20_000 }) }) as PublicClient
  const sender = getAddress(from)
  if (inFlight.has(sender)) throw new ApiError('too_many_requests', 'A sponsored transaction of this wallet is still being sent')
  inFlight.add(sender)
  try {
    const [nonce, balance, estimate] = await Promise.all([
      client.getTransactionCount({ address: sender, blockTag: 'pending' }),
      client.getBalance({ address: sender }),
      policy.calculateGasLimits
        ? client.estimateGas({ account: sender, to: tx.to ?? undefined, data: tx.data, value: tx.value ?? 0n }).catch(() => null)
        : Promise.resolve(null),
    ])
    if (tx.nonce !== nonce) throw refuse(`The transaction's nonce ${tx.nonce} is not the wallet's next nonce ${nonce}`)
    if ((tx.value ?? 0n) > balance) throw refuse('The wallet does not hold the value it sends (sponsorship pays gas only)')
    if (policy.calculateGasLimits) {
      if (estimate === null) throw refuse('The chain cannot estimate this transaction: it would fail')
      if (tx.gas * GAS_LIMIT_HEADROOM.den > estimate * GAS_LIMIT_HEADROOM.num)
        throw refuse(`The gas limit ${tx.gas} is far above the chain's estimate ${estimate}`)
    }

    // The reservation counts before the money moves, so concurrent requests cannot both pass the budget.
    const id = randomId()
    const t = now()
    await insertGasSponsorship(db, {
      id,
      app_id: app.id,
      user_id: userId,
      chain_id: chain.id,
      wei: gasAllowance.toString(),
      top_up_hash: null,
      tx_hash: null,
      created_at: t,
    })
    if ((await sponsoredWeiSince(db, app.id, userId, chain.id, t - DAY_MS)) > policy.dailyWeiPerUser) {
      await deleteGasSponsorship(db, id)
      throw new ApiError('too_many_requests', "This user's gas sponsorship budget for today is spent")
    }
    let topUpHash: Hex
    try {
      topUpHash = await sendTopUp(client, settings.privateKey as Hex, chain.id, sender, gasAllowance, policy.expirySeconds * 1000)
    } catch (error) {
      await deleteGasSponsorship(db, id)
      throw new ApiError('internal_error', `The sponsor could not pay the gas: ${(error as Error).message.split('\n')[0]}`)
    }
    await setGasSponsorshipHashes(db, id, { top_up_hash: topUpHash })
    let hash: Hex
    try {
      hash = await client.sendRawTransaction({ serializedTransaction: request.signedTransaction })
    } catch (error) {
      throw refuse(`The chain refused the transaction: ${(error as Error).message.split('\n')[0]}`)
    }
    await setGasSponsorshipHashes(db, id, { tx_hash: hash })
    return { hash, topUp: gasAllowance }
  } finally {
    inFlight.delete(sender)
  }
}
