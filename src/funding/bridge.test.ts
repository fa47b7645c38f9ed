import { describe, expect, it } from 'vitest'
import { checkApprovals, type BridgeStep } from './bridge.ts'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const DEPOSITORY = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const word = (value: string | bigint) => (typeof value === 'bigint' ? value.toString(16) : value.slice(2).toLowerCase()).padStart(64, '0')
const approve = (spender: string, amount: bigint, to = TOKEN): BridgeStep => ({
  id: 'approve',
  transaction: { kind: 'evm', to, data: `0x095ea7b3${word(spender)}${word(amount)}`, value: '0', chainId: 31337 },
})
const deposit: BridgeStep = { id: 'deposit', transaction: { kind: 'evm', to: DEPOSITORY, data: '0x1234', value: '0', chainId: 31337 } }

describe("bridge quotes paying in a token: the 'approve' step (spec part 3 §3 'Bridge', SECURITY.md)", () => {
  it('an approve of exactly the quoted amount to the contract the deposit calls is accepted', () => {
    expect(() => checkApprovals([approve(DEPOSITORY, 1_510_000n), deposit], TOKEN, 1_510_000n)).not.toThrow()
    expect(() => checkApprovals([deposit], TOKEN, 1_510_000n)).not.toThrow()
  })
  it("error: an unlimited or larger approval is refused ('Invalid transaction request')", () => {
    for (const amount of [2n ** 256n - 1n, 1_510_001n]) {
      expect(() => checkApprovals([approve(DEPOSITORY, amount), deposit], TOKEN, 1_510_000n)).toThrow('Invalid transaction request')
    }
  })
  it('error: an approval to another spender, on another token, or an unexpected step before the deposit is refused', () => {
    const other = '0x000000000000000000000000000000000000dEaD'
    expect(() => checkApprovals([approve(other, 1_510_000n), deposit], TOKEN, 1_510_000n)).toThrow('Invalid transaction request')
    expect(() => checkApprovals([approve(DEPOSITORY, 1_510_000n, other), deposit], TOKEN, 1_510_000n)).toThrow('Invalid transaction request')
    expect(() => checkApprovals([{ ...deposit, id: 'swap' }, deposit], TOKEN, 1_510_000n)).toThrow('Invalid transaction request')
  })
})
