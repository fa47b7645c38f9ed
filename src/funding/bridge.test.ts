import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { appConfig, configured, resetAll } from '../testing/harness.ts'
import { bridgeOptions, checkApprovals, type BridgeStep } from './bridge.ts'
import type { FundingConfig } from './config.ts'

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

describe('bridge quotes failing (spec part 3 §8 Bridge)', () => {
  const RPC = 'http://rpc.test'
  const source = '0x1111111111111111111111111111111111111111'
  const config = { chainType: 'solana', address: 'So1ana1111111111111111111111111111111111111', isUSDC: false } as FundingConfig
  const chain = { id: 8453, name: 'Base', rpcUrl: RPC, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }

  beforeEach(() => {
    resetAll()
    configured(appConfig({ chains: [chain] } as never))
  })
  afterEach(() => vi.unstubAllGlobals())

  /** The chain's RPC says the source holds 1 ETH; the relay answers `quote`. */
  const serve = (quote: () => Response) =>
    vi.stubGlobal('fetch', async (url: string) => (url === RPC ? Response.json({ jsonrpc: '2.0', id: 1, result: '0xde0b6b3a7640000' }) : quote()))

  it("error: a refused quote without a message reads 'Unable to fetch quotes for bridging'; with one, the relay's message", async () => {
    serve(() => new Response('oops', { status: 500 }))
    await expect(bridgeOptions('http://relay.test', config, source, 'ethereum', 1000n)).rejects.toMatchObject({
      code: 'BRIDGE_QUOTE_FAILED',
      shortMessage: 'Unable to fetch quotes for bridging',
    })
    serve(() => Response.json({ message: 'Amount too low' }, { status: 400 }))
    await expect(bridgeOptions('http://relay.test', config, source, 'ethereum', 1000n)).rejects.toMatchObject({ shortMessage: 'Amount too low' })
  })
})
