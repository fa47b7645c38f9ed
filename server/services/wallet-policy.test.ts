/** The wallet policy evaluator, pure: each rule allows and denies, naming itself; default deny. */
import { SystemProgram } from '@solana/web3.js'
import { encodeFunctionData, erc20Abi, getAddress, parseAbiItem, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { assetKey, evaluatePolicy, type PolicyAction, type WalletPolicy } from './wallet-policy.js'

const A = getAddress('0x00000000000000000000000000000000000000aa')
const B = getAddress('0x00000000000000000000000000000000000000bb')
const TOKEN = getAddress('0x00000000000000000000000000000000000000cc')
const tx = (o: { chainId?: number; to?: Hex | null; value?: bigint; data?: Hex | null } = {}): PolicyAction => ({
  method: 'eth_sendTransaction',
  chainId: 1,
  to: A,
  value: 0n,
  data: null,
  ...o,
})
const transfer = (to: Hex, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
const ruleOf = (policy: WalletPolicy | null, action: PolicyAction, used?: Map<string, bigint>) => {
  const d = evaluatePolicy(policy, action, used)
  return d.allowed ? 'allowed' : d.rule
}

describe('evaluatePolicy', () => {
  it('default deny: no policy, or a method not listed', () => {
    expect(ruleOf(null, { method: 'personal_sign' })).toBe('policy')
    expect(ruleOf({ methods: [] }, { method: 'personal_sign' })).toBe('methods')
    expect(ruleOf({ methods: ['personal_sign'] }, { method: 'personal_sign' })).toBe('allowed')
    expect(ruleOf({ methods: ['personal_sign'] }, { method: 'signMessage' })).toBe('methods')
  })

  it('chain ids, recipients, contracts', () => {
    const p: WalletPolicy = { methods: ['eth_sendTransaction', 'eth_signTypedData_v4'], chain_ids: [1], recipients: [A], contracts: [TOKEN] }
    expect(ruleOf(p, tx({ value: 1n }))).toBe('allowed')
    expect(ruleOf(p, tx({ chainId: 2 }))).toBe('chain_ids')
    expect(ruleOf(p, tx({ to: B, value: 1n }))).toBe('recipients')
    expect(ruleOf(p, tx({ to: null, value: 1n }))).toBe('recipients')
    expect(ruleOf(p, tx({ to: B, data: '0x12345678' }))).toBe('contracts')
    expect(ruleOf(p, tx({ to: TOKEN, data: transfer(A, 1n) }))).toBe('allowed')
    expect(ruleOf(p, tx({ to: TOKEN, data: transfer(B, 1n) }))).toBe('recipients')
    expect(ruleOf(p, { method: 'eth_signTypedData_v4', chainId: 2 })).toBe('chain_ids')
    expect(ruleOf(p, { method: 'eth_signTypedData_v4', chainId: 1, verifyingContract: B })).toBe('contracts')
    expect(ruleOf(p, { method: 'eth_signTypedData_v4', chainId: 1, verifyingContract: TOKEN })).toBe('allowed')
  })

  it('function selectors, with arguments decoded by the given ABI', () => {
    const abi = parseAbiItem('function swap(address to, uint256 amount, bool flag)')
    const data = (to: Hex, amount: bigint) => encodeFunctionData({ abi: [abi], functionName: 'swap', args: [to, amount, true] })
    const p: WalletPolicy = {
      methods: ['eth_sendTransaction'],
      functions: [{ contract: TOKEN, selector: data(A, 0n).slice(0, 10), abi: abi as never, args: { to: { in: [A.toLowerCase()] }, amount: { max: '10' } } }],
    }
    expect(ruleOf(p, tx({ to: TOKEN, data: data(A, 10n) }))).toBe('allowed')
    expect(ruleOf(p, tx({ to: TOKEN, data: data(A, 11n) }))).toBe('function_args')
    expect(ruleOf(p, tx({ to: TOKEN, data: data(B, 1n) }))).toBe('function_args')
    expect(ruleOf(p, tx({ to: B, data: data(A, 1n) }))).toBe('functions')
    expect(ruleOf(p, tx({ to: TOKEN, data: transfer(A, 1n) }))).toBe('functions')
    // A plain transfer of value is not a call: the function list does not apply.
    expect(ruleOf(p, tx({ to: A, value: 1n }))).toBe('allowed')
  })

  it('native and ERC-20 value per transaction and per day, and what an allowed request spends', () => {
    const p: WalletPolicy = {
      methods: ['eth_sendTransaction'],
      native_value: { per_transaction: '10', per_day: '15' },
      erc20_value: [{ token: TOKEN, per_transaction: '100', per_day: '150' }],
    }
    expect(ruleOf(p, tx({ value: 11n }))).toBe('native_value.per_transaction')
    expect(ruleOf(p, tx({ value: 10n }), new Map([[assetKey.native(1), 6n]]))).toBe('native_value.per_day')
    expect(ruleOf(p, tx({ value: 10n }), new Map([[assetKey.native(2), 6n]]))).toBe('allowed')
    expect(evaluatePolicy(p, tx({ value: 10n }))).toEqual({ allowed: true, spends: [{ asset: 'native:1', amount: 10n }] })
    expect(ruleOf(p, tx({ to: TOKEN, data: transfer(A, 101n) }))).toBe('erc20_value.per_transaction')
    expect(ruleOf(p, tx({ to: TOKEN, data: transfer(A, 100n) }), new Map([[assetKey.erc20(1, TOKEN), 51n]]))).toBe('erc20_value.per_day')
    expect(evaluatePolicy(p, tx({ to: TOKEN, data: transfer(A, 100n) }))).toEqual({
      allowed: true,
      spends: [{ asset: assetKey.erc20(1, TOKEN), amount: 100n }],
    })
  })

  it('Solana programs and lamports', () => {
    const system = SystemProgram.programId.toBase58()
    const p: WalletPolicy = { methods: ['signTransaction'], solana_programs: [system], lamports: { per_transaction: '100', per_day: '150' } }
    const sol = (lamports: bigint, programs = [system]): PolicyAction => ({ method: 'signTransaction', programs, lamports })
    expect(ruleOf(p, sol(100n))).toBe('allowed')
    expect(ruleOf(p, sol(101n))).toBe('lamports.per_transaction')
    expect(ruleOf(p, sol(100n), new Map([['lamports', 51n]]))).toBe('lamports.per_day')
    expect(ruleOf(p, sol(1n, [system, 'ComputeBudget111111111111111111111111111111']))).toBe('solana_programs')
    expect(ruleOf(p, { method: 'signAndSendTransaction', programs: [system], lamports: 1n })).toBe('methods')
  })
})
