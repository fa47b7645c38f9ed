/**
 * Our ERC-7677 paymaster (ARCHITECTURE.md 'Smart wallets'): `pm_getPaymasterStubData` and
 * `pm_getPaymasterData` for the user operations of the signed-in user's smart accounts, signed for
 * the app's verifying paymaster (VerifyingPaymaster of @account-abstraction/contracts 0.7.0) with
 * the server's key (GATEHOUSE_PAYMASTER_SIGNER_KEY) only within the app's policy and budgets (its
 * `gasSponsorship` setting). Every signed operation is recorded (db/paymaster-spend.ts): at its
 * maximum cost until the bundler reports what the EntryPoint charged.
 */
import {
  concat,
  createPublicClient,
  decodeFunctionData,
  encodeAbiParameters,
  getAddress,
  http,
  isAddress,
  pad,
  parseAbi,
  toHex,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import { PAYMASTER_ERROR_CODES } from '@gatehouse/contract/routes'
import { getUserOperationHash } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { randomId } from '../crypto/hash.js'
import { listLinkedAccounts } from '../db/linked-accounts.js'
import { insertPaymasterSpend, openPaymasterSpend, paymasterWeiSince, settlePaymasterSpend } from '../db/paymaster-spend.js'
import type { Db } from '../db/schema.js'
import { findUser } from '../db/users.js'
import type { App } from './app-config.js'
import { sponsorshipPolicy } from './gas-sponsorship-config.js'
import { LruCache } from './lru.js'
import { withLock } from './sponsor-chain.js'

const DAY_MS = 24 * 60 * 60 * 1000
/** What the VerifyingPaymaster's validation may use (an ecrecover and a hash, ~35k gas measured) with room. */
export const PAYMASTER_VERIFICATION_GAS = 100_000n
/** The VerifyingPaymaster returns no context: its postOp never runs. */
export const PAYMASTER_POST_OP_GAS = 0n

/** JSON-RPC error codes of the refusals (ARCHITECTURE.md 'Smart wallets'). */
const PAYMASTER_ERRORS = PAYMASTER_ERROR_CODES
export type PaymasterRefusalReason = keyof typeof PAYMASTER_ERRORS

export class PaymasterRefusal extends Error {
  constructor(
    readonly reason: PaymasterRefusalReason,
    readonly detail: string,
    message: string,
  ) {
    super(message)
  }
  get code(): number {
    return PAYMASTER_ERRORS[this.reason]
  }
}

const outside = (detail: string, message: string) => new PaymasterRefusal('outside_policy', detail, message)
const exhausted = (detail: string, message: string) => new PaymasterRefusal('budget_exhausted', detail, message)
const invalid = (message: string) => new PaymasterRefusal('invalid_params', 'invalid_params', message)

/** A v0.7 user operation in its JSON-RPC form (quantities as hex). */
export interface RpcUserOperation {
  sender: string
  nonce: string
  factory?: string | null
  factoryData?: string | null
  callData: string
  callGasLimit?: string
  verificationGasLimit?: string
  preVerificationGas?: string
  maxFeePerGas?: string
  maxPriorityFeePerGas?: string
  paymaster?: string | null
  paymasterVerificationGasLimit?: string | null
  paymasterPostOpGasLimit?: string | null
  paymasterData?: string | null
  signature?: string
}

const ACCOUNT_ABI = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
])
const FACTORY_ABI = parseAbi(['function getAddress(bytes32 salt) view returns (address)'])
const PAYMASTER_ABI = parseAbi([
  'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
  'function getHash(PackedUserOperation userOp, uint48 validUntil, uint48 validAfter) view returns (bytes32)',
])

/** The salt of a user's account: the owner in the upper 160 bits, index 0 (the factory refuses other owners). */
export const accountSalt = (owner: Address): Hex => concat([owner, '0x000000000000000000000000'])

const clients = new LruCache<PublicClient>(200, 3_600_000)
function chainClient(rpcUrl: string): PublicClient {
  const hit = clients.get(rpcUrl)
  if (hit) return hit.value
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: 10_000 }) }) as PublicClient
  clients.set(rpcUrl, client)
  return client
}

/** Counterfactual account addresses by chain, factory and owner (they never change). */
const accountAddresses = new LruCache<Address>(10_000, 24 * 3_600_000)
export async function counterfactualAddress(rpcUrl: string, factory: Address, owner: Address): Promise<Address> {
  const key = `${rpcUrl}|${factory}|${owner}`.toLowerCase()
  const hit = accountAddresses.get(key)
  if (hit) return hit.value
  const address = await chainClient(rpcUrl).readContract({ address: factory, abi: FACTORY_ABI, functionName: 'getAddress', args: [accountSalt(owner)] })
  accountAddresses.set(key, address)
  return address
}

/** The user's embedded Ethereum wallets' addresses in this app (their keys own the smart accounts). */
async function embeddedOwners(db: Db, appId: string, userId: string): Promise<Address[]> {
  const accounts = await listLinkedAccounts(db, userId)
  return accounts
    .filter((a) => {
      if (a.app_id !== appId || a.type !== 'wallet' || !a.details || !a.address) return false
      const d = JSON.parse(a.details) as { wallet_client_type?: string; chain_type?: string }
      return d.wallet_client_type === 'privy' && d.chain_type === 'ethereum'
    })
    .map((a) => getAddress(a.address!))
}

/** The smart accounts of the user's embedded wallets on this chain (what `smartWallets` lists). */
export async function userSmartAccounts(db: Db, app: App, userId: string, chainId: number): Promise<{ owner: Address; address: Address }[]> {
  const chain = app.config.smartWallets.chains.find((c) => c.id === chainId)
  const rpcUrl = app.config.chains.find((c) => c.id === chainId)?.rpcUrl
  if (!app.config.smartWallets.enabled || !chain || !rpcUrl) return []
  const owners = await embeddedOwners(db, app.id, userId)
  return Promise.all(owners.map(async (owner) => ({ owner, address: await counterfactualAddress(rpcUrl, getAddress(chain.factory), owner) })))
}

const big = (value: string | null | undefined, name: string): bigint => {
  if (value === undefined || value === null) return 0n
  if (!/^0x[0-9a-fA-F]{1,64}$/.test(value)) throw invalid(`userOperation.${name} must be a hex quantity`)
  return BigInt(value)
}

/** The calls an operation makes (Solady account: execute / executeBatch); null when the call data is neither. */
function decodeCalls(callData: Hex): { target: Address; value: bigint }[] | null {
  try {
    const decoded = decodeFunctionData({ abi: ACCOUNT_ABI, data: callData })
    if (decoded.functionName === 'execute') return [{ target: decoded.args[0], value: decoded.args[1] }]
    return decoded.args[0].map((c) => ({ target: c.target, value: c.value }))
  } catch {
    return null
  }
}

export interface PaymasterCall {
  db: Db
  now: () => number
  signerKey: Hex
  app: App
  userId: string
  method: 'pm_getPaymasterStubData' | 'pm_getPaymasterData'
  params: unknown[]
}

/** Answers one ERC-7677 call, or throws a PaymasterRefusal. */
export async function paymasterCall(call: PaymasterCall): Promise<Record<string, unknown>> {
  const { db, app, userId } = call
  const [rawOp, rawEntryPoint, rawChainId] = call.params as [RpcUserOperation, string, string]
  if (!rawOp || typeof rawOp !== 'object' || typeof rawOp.sender !== 'string' || !isAddress(rawOp.sender) || typeof rawOp.callData !== 'string')
    throw invalid('params[0] must be a user operation (v0.7)')
  if (typeof rawEntryPoint !== 'string' || !isAddress(rawEntryPoint)) throw invalid('params[1] must be the EntryPoint address')
  if (typeof rawChainId !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(rawChainId)) throw invalid('params[2] must be the chain id (hex)')
  const chainId = Number(BigInt(rawChainId))

  // The chain: the app's smart wallets there, with a paymaster, and a policy.
  const chain = app.config.smartWallets.enabled ? app.config.smartWallets.chains.find((c) => c.id === chainId) : undefined
  const rpcUrl = app.config.chains.find((c) => c.id === chainId)?.rpcUrl
  if (!chain || !chain.paymaster || !rpcUrl || !app.settings.gasSponsorship)
    throw outside('chain_not_sponsored', `This app does not sponsor smart-wallet operations on chain ${chainId}`)
  if (getAddress(rawEntryPoint) !== getAddress(chain.entryPoint))
    throw outside('wrong_entry_point', 'The operation is for another EntryPoint than the app uses')
  const policy = sponsorshipPolicy(app.settings.gasSponsorship)
  const paymaster = getAddress(chain.paymaster)

  // Who: a live account the app sponsors, sending from the smart account of one of its embedded wallets.
  const user = await findUser(db, userId)
  if (!user) throw outside('not_your_account', 'No such user')
  if (user.is_guest && !policy.allowGuests) throw outside('guest', 'This app does not pay the network fee for guest accounts. Log in to have it paid.')
  const waitMs = Number(user.created_at) + policy.minAccountAgeMs - call.now()
  if (waitMs > 0)
    throw outside(
      'account_too_new',
      `This app pays the network fee for accounts older than ${policy.minAccountAgeMs / 60_000} minutes. Please try again in ${Math.ceil(waitMs / 60_000)} minutes.`,
    )
  const sender = getAddress(rawOp.sender)
  const accounts = await userSmartAccounts(db, app, userId, chainId)
  if (!accounts.some((a) => a.address === sender)) throw outside('not_your_account', "The operation's sender is not this user's smart wallet")
  if (rawOp.factory && getAddress(rawOp.factory) !== getAddress(chain.factory))
    throw outside('wrong_factory', 'The operation deploys its account with another factory than the app uses')

  // What: calls the account makes, each to an allowed target.
  const calls = decodeCalls(rawOp.callData as Hex)
  if (!calls) throw outside('unknown_call', 'The operation does not call execute or executeBatch on the smart wallet')
  if (policy.allowedContracts.length > 0) {
    const refused = calls.find((c) => !policy.allowedContracts.includes(c.target.toLowerCase()))
    if (refused) throw outside('target_not_allowed', `This app does not pay the network fee for calls to ${refused.target}`)
  }

  const gas = {
    callGasLimit: big(rawOp.callGasLimit, 'callGasLimit'),
    verificationGasLimit: big(rawOp.verificationGasLimit, 'verificationGasLimit'),
    preVerificationGas: big(rawOp.preVerificationGas, 'preVerificationGas'),
    maxFeePerGas: big(rawOp.maxFeePerGas, 'maxFeePerGas'),
    maxPriorityFeePerGas: big(rawOp.maxPriorityFeePerGas, 'maxPriorityFeePerGas'),
    paymasterVerificationGasLimit: rawOp.paymasterVerificationGasLimit
      ? big(rawOp.paymasterVerificationGasLimit, 'paymasterVerificationGasLimit')
      : PAYMASTER_VERIFICATION_GAS,
    paymasterPostOpGasLimit: rawOp.paymasterPostOpGasLimit ? big(rawOp.paymasterPostOpGasLimit, 'paymasterPostOpGasLimit') : PAYMASTER_POST_OP_GAS,
  }
  const maxCost =
    (gas.callGasLimit + gas.verificationGasLimit + gas.preVerificationGas + gas.paymasterVerificationGasLimit + gas.paymasterPostOpGasLimit) * gas.maxFeePerGas
  if (maxCost > policy.maxWeiPerTransaction)
    throw outside('transaction_limit', `The operation may cost up to ${maxCost} wei; this app pays at most ${policy.maxWeiPerTransaction} wei per operation`)
  // How much: the budgets (24 h, per user and per app), open operations at their maximum.
  const checkBudgets = async () => {
    const since = call.now() - DAY_MS
    await settleOpenSpend(db, app, userId)
    const [userSpent, appSpent] = await Promise.all([paymasterWeiSince(db, app.id, chainId, since, userId), paymasterWeiSince(db, app.id, chainId, since)])
    if (userSpent + maxCost > policy.dailyWeiPerUser || userSpent >= policy.dailyWeiPerUser)
      throw exhausted('user_daily', "This account has used up today's sponsored network fees. Please try again tomorrow.")
    if (appSpent + maxCost > policy.dailyWeiPerApp || appSpent >= policy.dailyWeiPerApp)
      throw exhausted('app_daily', "This app has used up today's sponsored network fees. Please try again later.")
  }

  const client = chainClient(rpcUrl)
  const block = await client.getBlock({ blockTag: 'latest' })
  const nowSeconds = Math.max(Math.floor(call.now() / 1000), Number(block.timestamp))
  const validUntil = nowSeconds + policy.expirySeconds
  const validAfter = 0
  const times = encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, validAfter])
  const sponsor = { name: app.name }

  if (call.method === 'pm_getPaymasterStubData') {
    await checkBudgets()
    return {
      paymaster,
      // The signature's place holds a well-formed signature of no one: validation runs as it will, and fails only the check.
      paymasterData: concat([times, await stubSignature()]),
      ...(policy.calculateGasLimits
        ? { paymasterVerificationGasLimit: toHex(PAYMASTER_VERIFICATION_GAS), paymasterPostOpGasLimit: toHex(PAYMASTER_POST_OP_GAS) }
        : {}),
      isFinal: false,
      sponsor,
    }
  }

  // One final signature per user at a time, across instances: the budget check and its record go together.
  return withLock(
    db,
    call.now,
    `paymaster:${app.id}:${userId}`,
    { ttlMs: 30_000, waitMs: 10_000, busy: 'Another sponsored operation of this account is being signed' },
    async () => {
      await checkBudgets()
      // pm_getPaymasterData: the final operation (its gas limits and fees are what is signed).
      if (gas.maxFeePerGas === 0n || gas.callGasLimit === 0n || gas.verificationGasLimit === 0n)
        throw invalid('pm_getPaymasterData needs the operation with its gas limits and fees')
      const initCode = rawOp.factory ? concat([rawOp.factory as Hex, (rawOp.factoryData ?? '0x') as Hex]) : '0x'
      const packed = {
        sender,
        nonce: big(rawOp.nonce, 'nonce'),
        initCode,
        callData: rawOp.callData as Hex,
        accountGasLimits: concat([pad(toHex(gas.verificationGasLimit), { size: 16 }), pad(toHex(gas.callGasLimit), { size: 16 })]),
        preVerificationGas: gas.preVerificationGas,
        gasFees: concat([pad(toHex(gas.maxPriorityFeePerGas), { size: 16 }), pad(toHex(gas.maxFeePerGas), { size: 16 })]),
        paymasterAndData: concat([
          paymaster,
          pad(toHex(gas.paymasterVerificationGasLimit), { size: 16 }),
          pad(toHex(gas.paymasterPostOpGasLimit), { size: 16 }),
          times,
        ]),
        signature: '0x' as Hex,
      }
      const hash = await client.readContract({ address: paymaster, abi: PAYMASTER_ABI, functionName: 'getHash', args: [packed, validUntil, validAfter] })
      const signature = await privateKeyToAccount(call.signerKey).signMessage({ message: { raw: hash } })
      const paymasterData = concat([times, signature])
      const userOpHash = getUserOperationHash({
        chainId,
        entryPointAddress: getAddress(chain.entryPoint),
        entryPointVersion: '0.7',
        userOperation: {
          sender,
          nonce: packed.nonce,
          factory: rawOp.factory ? getAddress(rawOp.factory) : undefined,
          factoryData: rawOp.factory ? ((rawOp.factoryData ?? '0x') as Hex) : undefined,
          callData: packed.callData,
          callGasLimit: gas.callGasLimit,
          verificationGasLimit: gas.verificationGasLimit,
          preVerificationGas: gas.preVerificationGas,
          maxFeePerGas: gas.maxFeePerGas,
          maxPriorityFeePerGas: gas.maxPriorityFeePerGas,
          paymaster,
          paymasterVerificationGasLimit: gas.paymasterVerificationGasLimit,
          paymasterPostOpGasLimit: gas.paymasterPostOpGasLimit,
          paymasterData,
          signature: '0x',
        },
      })
      await insertPaymasterSpend(db, {
        id: randomId(),
        app_id: app.id,
        user_id: userId,
        chain_id: chainId,
        sender,
        user_op_hash: userOpHash,
        max_wei: maxCost.toString(),
        actual_wei: null,
        tx_hash: null,
        valid_until: validUntil * 1000,
        created_at: call.now(),
      })
      return { paymaster, paymasterData, sponsor }
    },
  )
}

let stub: Hex | null = null
/** A fixed, well-formed signature by a throwaway key (ECDSA.recover must not revert on it). */
async function stubSignature(): Promise<Hex> {
  stub ??= await privateKeyToAccount(`0x${'11'.repeat(32)}`).signMessage({ message: 'gatehouse paymaster stub' })
  return stub
}

/**
 * Settles what the bundler can tell: each open row's receipt (what the EntryPoint charged), or 0
 * once its signature has lapsed with no receipt (the operation can no longer land).
 */
export async function settleOpenSpend(db: Db, app: App, userId: string | null, now: number = Date.now()): Promise<void> {
  const open = await openPaymasterSpend(db, app.id, userId, 20)
  for (const row of open) {
    const chain = app.config.smartWallets.chains.find((c) => c.id === row.chain_id)
    if (!chain) continue
    const receipt = await bundlerReceipt(chain.bundlerUrl, row.user_op_hash).catch(() => undefined)
    if (receipt) await settlePaymasterSpend(db, row.id, BigInt(receipt.actualGasCost), receipt.receipt?.transactionHash ?? null)
    else if (receipt === null && row.valid_until + 60_000 < now) await settlePaymasterSpend(db, row.id, 0n, null)
  }
}

/** eth_getUserOperationReceipt at the bundler: the receipt, null when it has none, undefined when it cannot tell. */
async function bundlerReceipt(bundlerUrl: string, hash: string): Promise<{ actualGasCost: string; receipt?: { transactionHash?: string } } | null> {
  const response = await fetch(bundlerUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getUserOperationReceipt', params: [hash] }),
    signal: AbortSignal.timeout(5_000),
  })
  const body = (await response.json()) as { result?: { actualGasCost: string; receipt?: { transactionHash?: string } } | null; error?: unknown }
  if (body.error || body.result === undefined) throw new Error('the bundler did not answer')
  return body.result
}
