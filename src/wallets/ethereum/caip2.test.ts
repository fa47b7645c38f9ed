/**
 * Spec part 2 §5: "CAIP-2 chain ids (eip155:N) must carry a number." A CAIP-2 id without one is
 * not a chain id, and a transaction on it is refused as UNSUPPORTED_CHAIN_ID.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { $config, initialConfigState } from '../../stores/config.ts'
import { buildFundingConfig } from '../../funding/config.ts'
import { parseChainId, requireChain } from './chains.ts'

const chain = (id: number) => ({
  id,
  name: `Chain ${id}`,
  rpcUrl: 'https://rpc.example',
  blockExplorerUrl: null,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  testnet: false,
  sponsored: false,
})

describe('CAIP-2 chain ids must carry a number (spec part 2 §5)', () => {
  afterEach(() => $config.set(initialConfigState))

  it('eip155:N with a positive number is that chain', () => {
    expect(['eip155:1', 'eip155:8453', 'eip155:31337'].map(parseChainId)).toEqual([1, 8453, 31337])
  })

  it('error: eip155 without a number, with a non-number, zero, a sign or anything around the number is no chain id', () => {
    const refused = [
      'eip155:',
      'eip155:abc',
      'eip155:0',
      'eip155:-1',
      'eip155:1.5',
      'eip155: 1',
      'eip155:1x',
      'eip155:eip155:1',
      'eip155',
      'eip155:0x1',
      'eip155:0x2105',
    ]
    expect(refused.map(parseChainId)).toEqual(refused.map(() => null))
  })

  it('error: requireChain refuses a CAIP-2 id without a number with UNSUPPORTED_CHAIN_ID, even when chain 1 is configured', () => {
    $config.set({ ...initialConfigState, app: { id: 'a', name: 'A', chains: [chain(1)], defaultChain: 1 } as never })
    expect(requireChain('eip155:1').id).toBe(1)
    for (const id of ['eip155:', 'eip155:abc', 'eip155:0']) {
      expect(() => requireChain(id)).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_CHAIN_ID', shortMessage: `Unsupported chain id: ${id}` }))
    }
  })

  it("error: fundWallet's chain 'eip155:' or 'eip155:abc' is refused (UNSUPPORTED_CHAIN_ID), 'eip155:1' is chain 1", () => {
    const app = {
      id: 'a',
      name: 'A',
      chains: [chain(1)],
      defaultChain: 1,
      funding: { enabled: true, options: [{ method: 'wallets' }], defaultRecommendedCurrency: null, defaultRecommendedAmount: null },
    } as never
    const address = '0x1111111111111111111111111111111111111111'
    expect(buildFundingConfig(app, address, { chain: 'eip155:1' }).chain!.id).toBe(1)
    for (const id of ['eip155:', 'eip155:abc', 'eip155:0']) {
      expect(() => buildFundingConfig(app, address, { chain: id })).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_CHAIN_ID' }))
    }
  })
})
