/**
 * Gas sponsorship by top-up relay (ARCHITECTURE.md 'Gas sponsorship'). The wallet frame signs the
 * user's transaction as usual; the browser hands the signed bytes here instead of to the chain.
 * We check them (signed by this user's embedded wallet, on a chain the app sponsors, the next
 * nonce, fees no higher than the chain's current ones with a stated margin, a target the app
 * allows, an account the app sponsors), reserve the top-up against the per-user, per-IP and
 * app-wide daily budgets, send the wallet what it lacks for gas × fee, wait for that receipt, then
 * broadcast the user's transaction: the user's own ether pays no gas.
 */
import { createPublicClient, getAddress, http, parseTransaction, recoverTransactionAddress, type Hex, type PublicClient } from 'viem'
import { randomId } from '../crypto/hash.js'
import { deleteGasSponsorship, insertGasSponsorship, setGasSponsorshipHashes, sponsoredWeiSince } from '../db/gas-sponsorships.js'
import { listLinkedAccounts } from '../db/linked-accounts.js'
import type { Db } from '../db/schema.js'
import { findUser } from '../db/users.js'
import { ApiError } from '../errors.js'
import type { App } from './app-config.js'
import { sponsorshipPolicy } from './gas-sponsorship-config.js'
import { readFeeCap, sendTopUp, withLock } from './sponsor-chain.js'
import { ipThrottleKey } from './throttle.js'

/** A signed gas limit may exceed the chain's estimate by half (the widget signs the estimate itself). */
const GAS_LIMIT_HEADROOM = { num: 3n, den: 2n }
const DAY_MS = 24 * 60 * 60 * 1000

export interface SponsorRequest {
  app: App
  userId: string
  walletId: string
  signedTransaction: Hex
  /** The caller's address, for the per-IP budget. */
  ip: string
}

const refuse = (message: string) => new ApiError('invalid_data', message)
const notSponsored = (message: string) => new ApiError('not_supported', message)

/** Who may be sponsored at all: guests only when the owner opts in, accounts past the minimum age. */
async function checkAccount(db: Db, now: number, userId: string, policy: ReturnType<typeof sponsorshipPolicy>) {
  const user = await findUser(db, userId)
  if (!user) throw new ApiError('missing_or_invalid_token', 'Missing or invalid access token')
  if (user.is_guest && !policy.allowGuests) throw notSponsored('This app does not pay the network fee for guest accounts. Log in to have it paid.')
  const waitMs = Number(user.created_at) + policy.minAccountAgeMs - now
  if (waitMs > 0)
    throw notSponsored(
      `This app pays the network fee for accounts older than ${policy.minAccountAgeMs / 60_000} minutes. Please try again in ${Math.ceil(waitMs / 60_000)} minutes.`,
    )
}

/** Checks, tops up and broadcasts: the user's transaction hash and what the sponsor sent. */
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
  await checkAccount(db, now(), userId, policy)
  if (policy.allowedContracts.length && (!tx.to || !policy.allowedContracts.includes(tx.to.toLowerCase())))
    throw notSponsored(`This app does not pay the network fee for transactions to ${tx.to ?? 'a new contract'}.`)
  const gasAllowance = tx.gas * feePerGas
  if (gasAllowance > policy.maxWeiPerTransaction)
    throw refuse(`The transaction's gas (${gasAllowance} wei) is over the app's sponsorship limit per transaction`)

  const client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: 20_000 }) }) as PublicClient
  const sender = getAddress(from)
  // One sponsored send per wallet at a time, across every instance: two at once could both be topped up for one nonce.
  return withLock(
    db,
    now,
    `wallet:${chain.id}:${sender}`,
    { ttlMs: policy.expirySeconds * 1000 + 60_000, waitMs: 0, busy: 'A sponsored transaction of this wallet is still being sent' },
    async () => {
      const [nonce, balance, estimate, cap] = await Promise.all([
        client.getTransactionCount({ address: sender, blockTag: 'pending' }),
        client.getBalance({ address: sender }),
        policy.calculateGasLimits
          ? client.estimateGas({ account: sender, to: tx.to ?? undefined, data: tx.data, value: tx.value ?? 0n }).catch(() => null)
          : Promise.resolve(null),
        readFeeCap(client),
      ])
      if (tx.nonce !== nonce) throw refuse(`The transaction's nonce ${tx.nonce} is not the wallet's next nonce ${nonce}`)
      const value = tx.value ?? 0n
      if (value > balance) throw refuse('The wallet does not hold the value it sends (sponsorship pays gas only)')
      const overCap =
        tx.type === 'eip1559' ? tx.maxFeePerGas! > cap.maxFeePerGas || (tx.maxPriorityFeePerGas ?? 0n) > cap.maxPriorityFeePerGas : tx.gasPrice! > cap.gasPrice
      if (overCap)
        throw refuse(
          `The transaction's fee (${feePerGas} wei per gas) is above what the network charges now (at most ${tx.type === 'eip1559' ? cap.maxFeePerGas : cap.gasPrice}); sign it again with current fees`,
        )
      if (policy.calculateGasLimits) {
        if (estimate === null) throw refuse('The chain cannot estimate this transaction: it would fail')
        if (tx.gas! * GAS_LIMIT_HEADROOM.den > estimate * GAS_LIMIT_HEADROOM.num)
          throw refuse(`The gas limit ${tx.gas} is far above the chain's estimate ${estimate}`)
      }
      // Only what the wallet lacks: ether left over from an earlier top-up pays first, so it cannot pile up.
      const topUp = gasAllowance + value > balance ? gasAllowance + value - balance : 0n
      const id = topUp > 0n ? await reserve(db, now(), { app, userId, chainId: chain.id, ip: ipThrottleKey(request.ip), wei: topUp, policy }) : null
      if (id)
        await sendTopUp(db, now, {
          client,
          key: settings.privateKey as Hex,
          chainId: chain.id,
          to: sender,
          wei: topUp,
          timeoutMs: policy.expirySeconds * 1000,
          reservationId: id,
        })
      let hash: Hex
      try {
        hash = await client.sendRawTransaction({ serializedTransaction: request.signedTransaction })
      } catch (error) {
        throw refuse(`The chain refused the transaction: ${(error as Error).message.split('\n')[0]}`)
      }
      if (id) await setGasSponsorshipHashes(db, id, { tx_hash: hash })
      return { hash, topUp }
    },
  )
}

interface Reservation {
  app: App
  userId: string
  chainId: number
  ip: string
  wei: bigint
  policy: ReturnType<typeof sponsorshipPolicy>
}

/** Counts the top-up before the money moves, so concurrent requests cannot all pass a budget. */
async function reserve(db: Db, t: number, r: Reservation): Promise<string> {
  const id = randomId()
  await insertGasSponsorship(db, {
    id,
    app_id: r.app.id,
    user_id: r.userId,
    chain_id: r.chainId,
    wei: r.wei.toString(),
    top_up_hash: null,
    tx_hash: null,
    created_at: t,
    ip: r.ip,
  })
  const since = t - DAY_MS
  const spent = async (who: Parameters<typeof sponsoredWeiSince>[4]) => sponsoredWeiSince(db, r.app.id, r.chainId, since, who)
  let problem: string | null = null
  if ((await spent({ userId: r.userId })) > r.policy.dailyWeiPerUser) problem = "This user's gas sponsorship budget for today is spent"
  else if ((await spent({ ip: r.ip })) > r.policy.dailyWeiPerIp) problem = "This network address's gas sponsorship budget for today is spent"
  else if ((await spent(null)) > r.policy.dailyWeiPerApp) problem = "The app's gas sponsorship budget for today is spent"
  if (problem) {
    await deleteGasSponsorship(db, id)
    throw new ApiError('too_many_requests', problem)
  }
  return id
}
