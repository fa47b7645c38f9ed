/**
 * The wallet policy evaluator (issue #29): a pure function from a policy, a decoded request and
 * what the wallet already signed today to allow (with what the request spends) or deny (naming the
 * rule). Default deny: no policy, or a method it does not list, is refused. No I/O here: the caller
 * (services/server-wallets.ts) reads the policy and the day's usage, and records what is spent.
 */
import type { FromSchema } from 'json-schema-to-ts'
import type { SERVER_WALLET_METHODS, walletPolicySchema } from '@gatehouse/contract/routes'
import { decodeFunctionData, erc20Abi, getAddress, type Abi, type Address, type Hex } from 'viem'

export type WalletPolicy = FromSchema<typeof walletPolicySchema>
export type ServerWalletMethod = (typeof SERVER_WALLET_METHODS)[number]

/** What a request asks, decoded enough to judge it. */
export type PolicyAction =
  | { method: 'personal_sign' | 'signMessage' }
  | { method: 'eth_signTypedData_v4'; chainId?: number; verifyingContract?: Address }
  | { method: 'eth_signTransaction' | 'eth_sendTransaction'; chainId: number; to: Address | null; value: bigint; data: Hex | null }
  | { method: 'signTransaction' | 'signAndSendTransaction'; programs: string[]; lamports: bigint }

/** The rules a denial names (the `data.rule` of a `policy_violation` answer). */
export type PolicyRule =
  | 'policy'
  | 'methods'
  | 'chain_ids'
  | 'recipients'
  | 'contracts'
  | 'functions'
  | 'function_args'
  | 'native_value.per_transaction'
  | 'native_value.per_day'
  | 'erc20_value.per_transaction'
  | 'erc20_value.per_day'
  | 'solana_programs'
  | 'lamports.per_transaction'
  | 'lamports.per_day'

export interface Spend {
  asset: string
  amount: bigint
}

export type PolicyDecision = { allowed: true; spends: Spend[] } | { allowed: false; rule: PolicyRule; message: string }

export const DAY_MS = 24 * 60 * 60 * 1000

/** The usage key of an asset (wallet_usage.asset). */
export const assetKey = {
  native: (chainId: number) => `native:${chainId}`,
  erc20: (chainId: number, token: string) => `erc20:${chainId}:${token.toLowerCase()}`,
  lamports: 'lamports',
} as const

const deny = (rule: PolicyRule, message: string): PolicyDecision => ({ allowed: false, rule, message })
const lower = (list: readonly string[] | undefined) => list?.map((a) => a.toLowerCase())

/** An ERC-20 movement a call makes (transfer, transferFrom, approve), decoded from its data. */
function erc20Movement(data: Hex | null): { recipient: Address; amount: bigint } | null {
  if (!data || data.length < 10) return null
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data })
    if (call.functionName === 'transfer' || call.functionName === 'approve') return { recipient: call.args[0], amount: call.args[1] }
    if (call.functionName === 'transferFrom') return { recipient: call.args[1], amount: call.args[2] }
  } catch {
    // not an ERC-20 call
  }
  return null
}

/** Checks a limit's per-transaction and per-day amounts; the message names the amounts. */
function overLimit(
  limits: { per_transaction?: string; per_day?: string } | undefined,
  amount: bigint,
  usedToday: bigint,
  rules: [PolicyRule, PolicyRule],
  what: string,
): PolicyDecision | null {
  if (!limits || amount === 0n) return null
  if (limits.per_transaction !== undefined && amount > BigInt(limits.per_transaction))
    return deny(rules[0], `${what} ${amount} is over the policy's limit per transaction (${limits.per_transaction})`)
  if (limits.per_day !== undefined && usedToday + amount > BigInt(limits.per_day))
    return deny(rules[1], `${what} ${amount} would bring the last 24 hours to ${usedToday + amount}, over the policy's daily limit (${limits.per_day})`)
  return null
}

function checkFunctions(policy: WalletPolicy, to: Address | null, data: Hex): PolicyDecision | null {
  if (!policy.functions) return null
  const selector = data.slice(0, 10).toLowerCase()
  const entries = policy.functions.filter(
    (f) => f.selector.toLowerCase() === selector && (!f.contract || (to && f.contract.toLowerCase() === to.toLowerCase())),
  )
  if (!entries.length) return deny('functions', `Function ${selector} on ${to ?? 'a new contract'} is not allowed by the policy`)
  let last: PolicyDecision | null = null
  for (const entry of entries) {
    if (!entry.abi || !entry.args) return null
    let args: Record<string, unknown>
    try {
      const abi = [entry.abi] as unknown as Abi
      const decoded = decodeFunctionData({ abi, data })
      const inputs = (entry.abi as { inputs?: { name?: string }[] }).inputs ?? []
      const values = (decoded.args ?? []) as readonly unknown[]
      args = Object.fromEntries(inputs.map((input, i) => [input.name ?? String(i), values[i]]))
    } catch {
      last = deny('function_args', `The call's arguments do not decode with the policy's ABI for ${selector}`)
      continue
    }
    const failed = Object.entries(entry.args).find(([name, rule]) => {
      const value = args[name]
      if (value === undefined) return true
      if (rule.in && !rule.in.some((v) => v.toLowerCase() === String(value).toLowerCase())) return true
      if (rule.max !== undefined && (typeof value !== 'bigint' || value > BigInt(rule.max))) return true
      return false
    })
    if (!failed) return null
    last = deny('function_args', `Argument ${failed[0]} of ${selector} (${String(args[failed[0]])}) is not allowed by the policy`)
  }
  return last
}

function evaluateEthTransaction(
  policy: WalletPolicy,
  action: Extract<PolicyAction, { method: 'eth_signTransaction' | 'eth_sendTransaction' }>,
  usedToday: ReadonlyMap<string, bigint>,
): PolicyDecision {
  const { chainId, to, value, data } = action
  if (policy.chain_ids && !policy.chain_ids.includes(chainId)) return deny('chain_ids', `Chain ${chainId} is not allowed by the policy`)
  const recipients = lower(policy.recipients)
  const contracts = lower(policy.contracts)
  const isCall = data !== null && data !== '0x'
  if (!isCall || value > 0n) {
    if (recipients && (!to || !recipients.includes(to.toLowerCase())))
      return deny('recipients', `Recipient ${to ?? 'none (a contract creation)'} is not allowed by the policy`)
  }
  const spends: Spend[] = []
  if (isCall) {
    if (contracts && (!to || !contracts.includes(to.toLowerCase()))) return deny('contracts', `Contract ${to ?? 'creation'} is not allowed by the policy`)
    const functions = checkFunctions(policy, to, data)
    if (functions) return functions
    const movement = to ? erc20Movement(data) : null
    if (movement && to) {
      if (recipients && !recipients.includes(movement.recipient.toLowerCase()))
        return deny('recipients', `Token recipient ${movement.recipient} is not allowed by the policy`)
      const asset = assetKey.erc20(chainId, to)
      const limits = policy.erc20_value?.find((l) => l.token.toLowerCase() === to.toLowerCase())
      const over = overLimit(
        limits,
        movement.amount,
        usedToday.get(asset) ?? 0n,
        ['erc20_value.per_transaction', 'erc20_value.per_day'],
        `Token amount of ${getAddress(to)}`,
      )
      if (over) return over
      if (movement.amount > 0n) spends.push({ asset, amount: movement.amount })
    }
  }
  const native = assetKey.native(chainId)
  const over = overLimit(policy.native_value, value, usedToday.get(native) ?? 0n, ['native_value.per_transaction', 'native_value.per_day'], 'Value')
  if (over) return over
  if (value > 0n) spends.push({ asset: native, amount: value })
  return { allowed: true, spends }
}

/** Judges one request. `usedToday`: what the wallet signed in the last 24 hours, by asset key. */
export function evaluatePolicy(policy: WalletPolicy | null, action: PolicyAction, usedToday: ReadonlyMap<string, bigint> = new Map()): PolicyDecision {
  if (!policy) return deny('policy', 'The wallet has no policy: the server signs nothing for it')
  if (!policy.methods.includes(action.method)) return deny('methods', `Method ${action.method} is not allowed by the policy`)
  switch (action.method) {
    case 'personal_sign':
    case 'signMessage':
      return { allowed: true, spends: [] }
    case 'eth_signTypedData_v4': {
      if (policy.chain_ids && action.chainId !== undefined && !policy.chain_ids.includes(action.chainId))
        return deny('chain_ids', `Chain ${action.chainId} is not allowed by the policy`)
      const contracts = lower(policy.contracts)
      if (contracts && action.verifyingContract && !contracts.includes(action.verifyingContract.toLowerCase()))
        return deny('contracts', `Contract ${action.verifyingContract} is not allowed by the policy`)
      return { allowed: true, spends: [] }
    }
    case 'eth_signTransaction':
    case 'eth_sendTransaction':
      return evaluateEthTransaction(policy, action, usedToday)
    case 'signTransaction':
    case 'signAndSendTransaction': {
      if (policy.solana_programs) {
        const outside = action.programs.find((p) => !policy.solana_programs!.includes(p))
        if (outside) return deny('solana_programs', `Program ${outside} is not allowed by the policy`)
      }
      const over = overLimit(
        policy.lamports,
        action.lamports,
        usedToday.get(assetKey.lamports) ?? 0n,
        ['lamports.per_transaction', 'lamports.per_day'],
        'Lamports',
      )
      if (over) return over
      return { allowed: true, spends: action.lamports > 0n ? [{ asset: assetKey.lamports, amount: action.lamports }] : [] }
    }
  }
}
