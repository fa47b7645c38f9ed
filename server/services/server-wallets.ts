/**
 * The server-side wallet API (issue #29): the app's backend signs with a wallet its owner
 * delegated. This module decides *whether* (wallet of this app, delegated, policy) and records the
 * outcome (audit row + webhook event in one transaction, the day's usage); the DelegatedSigner
 * (services/delegation/signer.ts) only signs. Requests that move value run under a per-wallet lock
 * every instance sees, so a daily limit cannot be overrun by parallel requests and concurrent sends
 * get consecutive nonces (the next nonce is also kept in the database: server_wallet_nonces).
 */
import type { RouteBody, Routes } from '@gatehouse/contract/routes'
import { Connection } from '@solana/web3.js'
import {
  BaseError,
  createPublicClient,
  getAddress,
  hexToBytes,
  HttpRequestError,
  http,
  keccak256,
  TimeoutError,
  toHex,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionSerializable,
  type TypedDataDefinition,
} from 'viem'
import { base58 } from '@scure/base'
import { randomId } from '../crypto/hash.js'
import { deleteWalletUsage, findWalletPolicy, insertWalletUsage, storedNextNonce, storeNextNonce, walletUsageSince } from './server-wallet-store.js'
import type { Db } from '../db/schema.js'
import { ApiError } from '../errors.js'
import type { App } from './app-config.js'
import { recordAudit } from './audit.js'
import type { DelegatedSigner, DelegatedSignRequest } from './delegation/signer.js'
import { recordEvent } from './events.js'
import { decodeSolanaTransaction, signerIndex } from './solana-transaction.js'
import { withLock } from './sponsor-chain.js'
import { DAY_MS, evaluatePolicy, type PolicyAction, type PolicyDecision, type Spend, type WalletPolicy } from './wallet-policy.js'

type RpcBody = RouteBody<Routes['POST /wallets/:wallet_id/rpc']>
/** A server-side call's body (the widget's sponsored send is the other member of the union). */
export type ServerRpcBody = Exclude<RpcBody, { sponsor?: boolean }>
type EthTransactionInput = Extract<ServerRpcBody, { method: 'eth_sendTransaction' }>['params']['transaction']

export interface ServerWallet {
  id: string
  appId: string
  userId: string
  address: string
  chainType: 'ethereum' | 'solana'
  createdAt: number
}

/** An embedded wallet of the app (any of its users), or null. */
export async function findServerWallet(db: Db, appId: string, walletId: string): Promise<ServerWallet | null> {
  const row = await db
    .selectFrom('linked_accounts')
    .select(['id', 'user_id', 'app_id', 'address', 'details', 'first_verified_at'])
    .where('id', '=', walletId)
    .where('type', '=', 'wallet')
    .executeTakeFirst()
  return row && row.app_id === appId ? toServerWallet(row) : null
}

function toServerWallet(row: {
  id: string
  user_id: string
  app_id: string
  address: string
  details: string | null
  first_verified_at: number
}): ServerWallet | null {
  const details = JSON.parse(row.details ?? '{}') as { wallet_client_type?: string; chain_type?: string }
  if (details.wallet_client_type !== 'privy' || (details.chain_type !== 'ethereum' && details.chain_type !== 'solana')) return null
  return { id: row.id, appId: row.app_id, userId: row.user_id, address: row.address, chainType: details.chain_type, createdAt: Number(row.first_verified_at) }
}

export async function listServerWallets(db: Db, appId: string, userId: string): Promise<ServerWallet[]> {
  const rows = await db
    .selectFrom('linked_accounts')
    .select(['id', 'user_id', 'app_id', 'address', 'details', 'first_verified_at'])
    .where('user_id', '=', userId)
    .where('app_id', '=', appId)
    .where('type', '=', 'wallet')
    .orderBy('first_verified_at')
    .execute()
  return rows.map(toServerWallet).filter((w): w is ServerWallet => w !== null)
}

export interface WalletSettings {
  policy: WalletPolicy | null
  additionalSigners: string[]
}

export async function walletSettings(db: Db, walletId: string): Promise<WalletSettings> {
  const row = await findWalletPolicy(db, walletId)
  return {
    policy: row?.policy ? (JSON.parse(row.policy) as WalletPolicy) : null,
    additionalSigners: row ? (JSON.parse(row.additional_signers) as string[]) : [],
  }
}

/** The wallet as the API answers it. */
export async function walletView(db: Db, signer: DelegatedSigner, wallet: ServerWallet, settings?: WalletSettings) {
  const s = settings ?? (await walletSettings(db, wallet.id))
  return {
    id: wallet.id,
    address: wallet.address,
    chain_type: wallet.chainType,
    owner_id: wallet.userId,
    delegated: await signer.isDelegated({ appId: wallet.appId, walletId: wallet.id }),
    policy: s.policy,
    additional_signers: s.additionalSigners.map((signer_id) => ({ signer_id })),
    created_at: wallet.createdAt,
  }
}

export interface RpcContext {
  db: Db
  now: () => number
  signer: DelegatedSigner
  app: App
  wallet: ServerWallet
  settings: WalletSettings
  /** Who asked: the app secret's id and the authorization key's. */
  secretId: string | null
  keyId: string
  ip: string
}

export type RpcAnswer =
  | { method: 'personal_sign' | 'eth_signTypedData_v4'; data: { signature: string; encoding: 'hex' } }
  | { method: 'signMessage'; data: { signature: string; encoding: 'base64' } }
  | { method: 'eth_signTransaction'; data: { signed_transaction: string; encoding: 'rlp' } }
  | { method: 'signTransaction'; data: { signed_transaction: string; encoding: 'base64' } }
  | { method: 'eth_sendTransaction' | 'signAndSendTransaction'; data: { hash: string; caip2: string | null } }

const VALUE_METHODS = new Set(['eth_signTransaction', 'eth_sendTransaction', 'signTransaction', 'signAndSendTransaction'])
const ETHEREUM_METHODS = new Set(['personal_sign', 'eth_signTypedData_v4', 'eth_signTransaction', 'eth_sendTransaction'])

const clients = new Map<string, PublicClient>()
function chainClient(url: string): PublicClient {
  let client = clients.get(url)
  if (!client) {
    client = createPublicClient({ transport: http(url, { timeout: 20_000, retryCount: 0 }) }) as PublicClient
    clients.set(url, client)
  }
  return client
}

const big = (v: string | number | undefined): bigint | undefined => (v === undefined ? undefined : BigInt(v))

/** Writes the audit row and the webhook event of an outcome (and the usage of a signature) in one transaction. */
async function record(
  ctx: RpcContext,
  outcome:
    { signed: true; method: string; spends: Spend[]; details?: Record<string, unknown> } | { signed: false; method: string; rule: string; message: string },
): Promise<string[]> {
  const t = ctx.now()
  const usage = outcome.signed
    ? outcome.spends.map((s) => ({ id: randomId(), app_id: ctx.app.id, wallet_id: ctx.wallet.id, asset: s.asset, amount: s.amount.toString(), created_at: t }))
    : []
  const base = { wallet_id: ctx.wallet.id, method: outcome.method, authorization_key_id: ctx.keyId }
  const details = outcome.signed ? { ...base, ...outcome.details } : { ...base, rule: outcome.rule, message: outcome.message }
  await ctx.db.transaction().execute(async (trx) => {
    await insertWalletUsage(trx, usage)
    await recordAudit(
      trx,
      {
        appId: ctx.app.id,
        actor: { type: 'app_secret', id: ctx.secretId },
        action: outcome.signed ? 'wallet.rpc' : 'wallet.rpc_denied',
        userId: ctx.wallet.userId,
        details,
        ip: ctx.ip,
      },
      t,
    )
    await recordEvent(
      trx,
      ctx.app.id,
      outcome.signed ? 'wallet.action_signed' : 'wallet.action_denied',
      { ...details, user_id: ctx.wallet.userId, address: ctx.wallet.address, chain_type: ctx.wallet.chainType },
      t,
    )
  })
  return usage.map((u) => u.id)
}

async function deny(ctx: RpcContext, method: string, decision: Extract<PolicyDecision, { allowed: false }>): Promise<never> {
  await record(ctx, { signed: false, method, rule: decision.rule, message: decision.message })
  throw new ApiError('policy_violation', decision.message, { rule: decision.rule })
}

/** Signs through the signing service; a wallet not (or no longer) delegated is a recorded denial. */
async function sign(ctx: RpcContext, method: string, request: DelegatedSignRequest) {
  try {
    return await ctx.signer.sign({ appId: ctx.app.id, walletId: ctx.wallet.id }, request)
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_delegated') {
      await record(ctx, { signed: false, method, rule: 'not_delegated', message: error.message })
    }
    throw error
  }
}

const notDelegated = () => new ApiError('not_delegated', "The wallet's owner has not enabled offline access for this app")

/** Runs one server-side RPC call for a wallet the caller was authorized on. */
export async function serverRpc(ctx: RpcContext, body: ServerRpcBody): Promise<RpcAnswer> {
  const method = body.method
  const wantsEthereum = ETHEREUM_METHODS.has(method)
  if ((ctx.wallet.chainType === 'ethereum') !== wantsEthereum)
    throw new ApiError('invalid_data', `${method} is not a method of ${ctx.wallet.chainType} wallets`)
  if (!(await ctx.signer.isDelegated({ appId: ctx.app.id, walletId: ctx.wallet.id }))) {
    const error = notDelegated()
    await record(ctx, { signed: false, method, rule: 'not_delegated', message: error.message })
    throw error
  }
  if (!VALUE_METHODS.has(method)) return signOnly(ctx, body)
  // Policy (with the day's usage), signature and the usage row under one lock per wallet, across every instance.
  return withLock(ctx.db, ctx.now, `server-wallet:${ctx.wallet.id}`, { ttlMs: 60_000, waitMs: 30_000, busy: 'This wallet is busy; please try again.' }, () =>
    signValue(ctx, body),
  )
}

async function signOnly(ctx: RpcContext, body: ServerRpcBody): Promise<RpcAnswer> {
  switch (body.method) {
    case 'personal_sign': {
      const message: Hex = body.params.encoding === 'hex' ? (body.params.message as Hex) : toHex(body.params.message)
      if (!/^0x([0-9a-fA-F]{2})*$/.test(message)) throw new ApiError('invalid_data', 'message is not hex')
      const decision = evaluatePolicy(ctx.settings.policy, { method: 'personal_sign' })
      if (!decision.allowed) return deny(ctx, body.method, decision)
      const result = await sign(ctx, body.method, { chainType: 'ethereum', method: 'personal_sign', message })
      if (!('signature' in result)) throw new ApiError('internal_error', 'The signing service answered no signature')
      await record(ctx, { signed: true, method: body.method, spends: [] })
      return { method: 'personal_sign', data: { signature: result.signature, encoding: 'hex' } }
    }
    case 'eth_signTypedData_v4': {
      const t = body.params.typed_data as {
        domain?: Record<string, unknown>
        types: Record<string, unknown>
        message: Record<string, unknown>
        primary_type: string
      }
      const domainChain = t.domain?.chainId
      const action: PolicyAction = {
        method: 'eth_signTypedData_v4',
        chainId: domainChain === undefined ? undefined : Number(domainChain),
        verifyingContract: typeof t.domain?.verifyingContract === 'string' ? (t.domain.verifyingContract as Address) : undefined,
      }
      const decision = evaluatePolicy(ctx.settings.policy, action)
      if (!decision.allowed) return deny(ctx, body.method, decision)
      const typedData = { domain: t.domain ?? {}, types: t.types, message: t.message, primaryType: t.primary_type } as unknown as TypedDataDefinition
      const result = await sign(ctx, body.method, { chainType: 'ethereum', method: 'eth_signTypedData_v4', typedData }).catch((error: unknown) => {
        if (error instanceof ApiError) throw error
        throw new ApiError('invalid_data', `typed_data cannot be signed: ${(error as Error).message.split('\n')[0]}`)
      })
      if (!('signature' in result)) throw new ApiError('internal_error', 'The signing service answered no signature')
      await record(ctx, { signed: true, method: body.method, spends: [] })
      return { method: 'eth_signTypedData_v4', data: { signature: result.signature, encoding: 'hex' } }
    }
    case 'signMessage': {
      const decision = evaluatePolicy(ctx.settings.policy, { method: 'signMessage' })
      if (!decision.allowed) return deny(ctx, body.method, decision)
      const result = await sign(ctx, body.method, { chainType: 'solana', method: 'sign_bytes', bytes: Buffer.from(body.params.message, 'base64') })
      if (!('signature' in result)) throw new ApiError('internal_error', 'The signing service answered no signature')
      await record(ctx, { signed: true, method: body.method, spends: [] })
      return { method: 'signMessage', data: { signature: Buffer.from(hexToBytes(result.signature)).toString('base64'), encoding: 'base64' } }
    }
    default:
      throw new ApiError('invalid_data', `Unknown method ${body.method}`)
  }
}

/** The chain a transaction is for: its chain_id, else the caip2, else the app's default chain. */
function ethChain(ctx: RpcContext, tx: EthTransactionInput, caip2: string | undefined) {
  const id = tx.chain_id !== undefined ? Number(tx.chain_id) : caip2 ? Number(caip2.split(':')[1]) : ctx.app.config.defaultChain
  if (!id) throw new ApiError('invalid_data', 'The transaction names no chain (chain_id or caip2) and the app has no default chain')
  return { id, config: ctx.app.config.chains.find((c) => c.id === id) }
}

/** Whether the RPC answered (a refusal: nothing was sent) rather than failing to answer (it may have been sent). */
const refusedByNode = (error: unknown) => !(error instanceof BaseError && error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError))

async function signValue(ctx: RpcContext, body: ServerRpcBody): Promise<RpcAnswer> {
  const usedToday = await walletUsageSince(ctx.db, ctx.wallet.id, ctx.now() - DAY_MS)
  if (body.method === 'eth_signTransaction' || body.method === 'eth_sendTransaction') {
    const tx = body.params.transaction
    const chain = ethChain(ctx, tx, 'caip2' in body ? body.caip2 : undefined)
    const to = tx.to ? getAddress(tx.to) : null
    const value = big(tx.value) ?? 0n
    const data = (tx.data as Hex | undefined) ?? null
    const decision = evaluatePolicy(ctx.settings.policy, { method: body.method, chainId: chain.id, to, value, data }, usedToday)
    if (!decision.allowed) return deny(ctx, body.method, decision)
    const sending = body.method === 'eth_sendTransaction'
    const needsChain = sending || tx.nonce === undefined || tx.gas_limit === undefined || (tx.gas_price === undefined && tx.max_fee_per_gas === undefined)
    const rpcUrl = chain.config?.rpcUrl
    if (needsChain && !rpcUrl) throw new ApiError('not_supported', `The app has no RPC URL for chain ${chain.id}`)
    const client = rpcUrl ? chainClient(rpcUrl) : null
    const from = getAddress(ctx.wallet.address)
    const nonceKey = `${chain.id}:${from}`
    const [chainNonce, stored, gas, fees] = await Promise.all([
      sending || tx.nonce === undefined ? client!.getTransactionCount({ address: from, blockTag: 'pending' }) : Promise.resolve(Number(tx.nonce)),
      sending ? storedNextNonce(ctx.db, nonceKey) : Promise.resolve(null),
      tx.gas_limit !== undefined
        ? Promise.resolve(BigInt(tx.gas_limit))
        : client!.estimateGas({ account: from, to: to ?? undefined, data: data ?? undefined, value }),
      tx.gas_price !== undefined || tx.max_fee_per_gas !== undefined || tx.type === 0 ? Promise.resolve(null) : client!.estimateFeesPerGas().catch(() => null),
    ]).catch((error: unknown) => {
      if (error instanceof ApiError) throw error
      throw new ApiError('invalid_data', `The chain refused to prepare the transaction: ${(error as Error).message.split('\n')[0]}`)
    })
    // Ours when sending: the larger of what the chain counts and what this server last used (a node behind a load balancer may lag).
    const nonce = sending ? Math.max(chainNonce, stored ?? 0) : chainNonce
    const legacy = tx.type === 0 || tx.gas_price !== undefined
    const transaction: TransactionSerializable = legacy
      ? {
          type: 'legacy',
          chainId: chain.id,
          nonce,
          to,
          value,
          data: data ?? undefined,
          gas,
          gasPrice: big(tx.gas_price) ?? (client ? await client.getGasPrice() : 0n),
        }
      : {
          type: 'eip1559',
          chainId: chain.id,
          nonce,
          to,
          value,
          data: data ?? undefined,
          gas,
          maxFeePerGas: big(tx.max_fee_per_gas) ?? fees?.maxFeePerGas ?? 0n,
          maxPriorityFeePerGas: big(tx.max_priority_fee_per_gas) ?? fees?.maxPriorityFeePerGas ?? 0n,
        }
    const result = await sign(ctx, body.method, { chainType: 'ethereum', method: 'eth_signTransaction', transaction })
    if (!('signedTransaction' in result)) throw new ApiError('internal_error', 'The signing service answered no transaction')
    const serializedTransaction = result.signedTransaction
    const hash = keccak256(serializedTransaction)
    const caip2 = `eip155:${chain.id}`
    const usageIds = await record(ctx, {
      signed: true,
      method: body.method,
      spends: decision.spends,
      details: { caip2, nonce, to, value: value.toString(), hash },
    })
    if (!sending) return { method: 'eth_signTransaction', data: { signed_transaction: serializedTransaction, encoding: 'rlp' } }
    try {
      await client!.sendRawTransaction({ serializedTransaction })
    } catch (error) {
      if (refusedByNode(error)) {
        // Nothing was sent: it spends nothing of the day, and the nonce stays free.
        await deleteWalletUsage(ctx.db, usageIds)
        throw new ApiError('invalid_data', `The chain refused the transaction: ${(error as Error).message.split('\n')[0]}`)
      }
      await storeNextNonce(ctx.db, nonceKey, nonce + 1)
      throw new ApiError('upstream_unavailable', `The chain did not answer; transaction ${hash} may have been sent`)
    }
    await storeNextNonce(ctx.db, nonceKey, nonce + 1)
    return { method: 'eth_sendTransaction', data: { hash, caip2 } }
  }
  if (body.method === 'signTransaction' || body.method === 'signAndSendTransaction') {
    const decoded = decodeSolanaTransaction(body.params.transaction)
    const decision = evaluatePolicy(ctx.settings.policy, { method: body.method, programs: decoded.programs, lamports: decoded.lamports }, usedToday)
    if (!decision.allowed) return deny(ctx, body.method, decision)
    const index = signerIndex(decoded.transaction, ctx.wallet.address)
    if (index < 0) throw new ApiError('invalid_data', 'The transaction does not need a signature of this wallet')
    const sending = body.method === 'signAndSendTransaction'
    const rpcUrl = ctx.app.config.solanaCluster?.rpcUrl
    if (sending && !rpcUrl) throw new ApiError('not_supported', 'The app names no Solana RPC URL (solanaCluster.rpcUrl)')
    const result = await sign(ctx, body.method, { chainType: 'solana', method: 'sign_bytes', bytes: decoded.transaction.message.serialize() })
    if (!('signature' in result)) throw new ApiError('internal_error', 'The signing service answered no signature')
    decoded.transaction.signatures[index] = hexToBytes(result.signature)
    const raw = decoded.transaction.serialize()
    const hash = base58.encode(decoded.transaction.signatures[0])
    const caip2 = sending ? ('caip2' in body && body.caip2 ? body.caip2 : `solana:${ctx.app.config.solanaCluster?.name ?? 'mainnet-beta'}`) : null
    const usageIds = await record(ctx, {
      signed: true,
      method: body.method,
      spends: decision.spends,
      details: { hash, lamports: decoded.lamports.toString(), programs: decoded.programs },
    })
    if (!sending) return { method: 'signTransaction', data: { signed_transaction: Buffer.from(raw).toString('base64'), encoding: 'base64' } }
    try {
      await new Connection(rpcUrl!, 'confirmed').sendRawTransaction(raw)
    } catch (error) {
      await deleteWalletUsage(ctx.db, usageIds)
      throw new ApiError('invalid_data', `The cluster refused the transaction: ${(error as Error).message.split('\n')[0]}`)
    }
    return { method: 'signAndSendTransaction', data: { hash, caip2 } }
  }
  throw new ApiError('invalid_data', `Unknown method ${body.method}`)
}
