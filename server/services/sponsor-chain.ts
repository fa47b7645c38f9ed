/**
 * What gas sponsorship reads from and sends to the chain: the fee cap (the server's own figure, so
 * the user cannot name the price the sponsor pays) and the sponsor's top-up, serialised per sponsor
 * account across every instance by a lock row in the database.
 */
import { BaseError, HttpRequestError, keccak256, TimeoutError, type Hex, type PublicClient } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { randomId } from '../crypto/hash.js'
import { deleteGasSponsorship, setGasSponsorshipHashes, tryLock, unlock } from '../db/gas-sponsorships.js'
import type { Db } from '../db/schema.js'
import { ApiError } from '../errors.js'

/**
 * The margin over the chain's current fees a sponsored transaction may sign: twice the latest base
 * fee (room for six full blocks of base-fee rise; the widget signs 1.2×) and twice the suggested
 * priority fee. What a wallet can keep of a top-up is bounded by this margin on one transaction.
 */
export const FEE_MARGIN = 2n
/** The widget's own fallback when the chain has no eth_maxPriorityFeePerGas (src/wallets/embedded/transactions.ts). */
const PRIORITY_FALLBACK = 1_000_000_000n

export interface FeeCap {
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
  /** Legacy transactions: twice eth_gasPrice. */
  gasPrice: bigint
}

export async function readFeeCap(client: PublicClient): Promise<FeeCap> {
  const [block, priority, gasPrice] = await Promise.all([
    client.getBlock({ blockTag: 'latest' }),
    client.request({ method: 'eth_maxPriorityFeePerGas' }).then(
      (p) => BigInt(p),
      () => PRIORITY_FALLBACK,
    ),
    client.getGasPrice(),
  ])
  const maxPriorityFeePerGas = priority * FEE_MARGIN
  const base = block.baseFeePerGas
  return {
    maxPriorityFeePerGas,
    maxFeePerGas: base == null ? gasPrice * FEE_MARGIN : base * FEE_MARGIN + maxPriorityFeePerGas,
    gasPrice: gasPrice * FEE_MARGIN,
  }
}

/** Runs `work` holding `key` in the database; `wait` ms to get it, else too_many_requests with `busy`. */
export async function withLock<T>(
  db: Db,
  now: () => number,
  key: string,
  o: { ttlMs: number; waitMs: number; busy: string },
  work: () => Promise<T>,
): Promise<T> {
  const holder = randomId()
  const deadline = Date.now() + o.waitMs
  while (!(await tryLock(db, key, holder, now(), now() + o.ttlMs))) {
    if (Date.now() >= deadline) throw new ApiError('too_many_requests', o.busy)
    await new Promise((r) => setTimeout(r, 100))
  }
  try {
    return await work()
  } finally {
    await unlock(db, key, holder)
  }
}

/** Whether the RPC answered (a refusal: nothing was sent) rather than failing to answer (it may have been sent). */
const refusedByNode = (error: unknown) => !(error instanceof BaseError && error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError))

export interface TopUp {
  client: PublicClient
  key: Hex
  chainId: number
  to: Hex
  wei: bigint
  timeoutMs: number
  /** The gas_sponsorships row reserving `wei`: dropped only when the top-up surely was not sent. */
  reservationId: string
}

/**
 * Sends the top-up and waits for its receipt. Its hash is recorded before it is broadcast, and a
 * top-up that may have left (no answer, no receipt in time) keeps counting against the budgets.
 */
export async function sendTopUp(db: Db, now: () => number, t: TopUp): Promise<Hex> {
  const sponsor = privateKeyToAccount(t.key)
  const hash = await withLock(
    db,
    now,
    `sponsor:${t.chainId}:${sponsor.address}`,
    { ttlMs: 30_000, waitMs: 30_000, busy: 'The gas sponsor is busy; please try again.' },
    async () => {
      const [nonce, block, priority] = await Promise.all([
        t.client.getTransactionCount({ address: sponsor.address, blockTag: 'pending' }),
        t.client.getBlock({ blockTag: 'latest' }),
        t.client.estimateMaxPriorityFeePerGas().catch(() => PRIORITY_FALLBACK),
      ])
      const serializedTransaction = await sponsor.signTransaction({
        type: 'eip1559',
        chainId: t.chainId,
        nonce,
        to: t.to,
        value: t.wei,
        gas: 21_000n,
        maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + priority,
        maxPriorityFeePerGas: priority,
      })
      const topUpHash = keccak256(serializedTransaction)
      await setGasSponsorshipHashes(db, t.reservationId, { top_up_hash: topUpHash })
      try {
        await t.client.sendRawTransaction({ serializedTransaction })
      } catch (error) {
        if (refusedByNode(error)) {
          await deleteGasSponsorship(db, t.reservationId)
          throw new ApiError('internal_error', `The sponsor could not pay the gas: ${(error as Error).message.split('\n')[0]}`)
        }
        throw unconfirmed(topUpHash)
      }
      return topUpHash
    },
  )
  const receipt = await t.client.waitForTransactionReceipt({ hash, timeout: t.timeoutMs, pollingInterval: 250 }).catch(() => null)
  if (receipt?.status !== 'success') throw unconfirmed(hash)
  return hash
}

const unconfirmed = (hash: Hex) => new ApiError('upstream_unavailable', `The sponsor's top-up ${hash} was not confirmed in time; it counts against the budget`)
