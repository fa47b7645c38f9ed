import { afterEach, describe, expect, it } from 'vitest'
import { $config, initialConfigState } from '../../stores/config.ts'
import { configuredChains, defaultChainId, explorerLink, explorerUrl, parseChainId, requireChain } from './chains.ts'

const base = {
  rpcUrl: 'https://rpc.example',
  blockExplorerUrl: null,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  testnet: false,
  sponsored: false,
}
const withChains = (defaultChain: number | null) =>
  $config.set({
    ...initialConfigState,
    app: {
      id: 'a',
      name: 'A',
      chains: [
        { id: 8453, name: 'Base', ...base },
        { id: 31337, name: 'Local', ...base },
      ],
      defaultChain,
    },
  })

describe('configured chains', () => {
  afterEach(() => $config.set(initialConfigState))

  it('chain ids as numbers, hex, decimal strings or CAIP-2', () => {
    expect([1, '0x2105', '8453', 'eip155:10'].map(parseChainId)).toEqual([1, 8453, 8453, 10])
    expect(['', 'x', -1, 0, '0x'].map(parseChainId)).toEqual([null, null, null, null, null])
  })
  it('the default chain is the one named, else the first; with none configured, chain 1', () => {
    withChains(31337)
    expect(defaultChainId()).toBe(31337)
    withChains(null)
    expect(defaultChainId()).toBe(8453)
    $config.set(initialConfigState)
    expect(configuredChains().map((c) => c.id)).toEqual([1])
  })
  it('error: a chain the app did not configure is UNSUPPORTED_CHAIN_ID (spec part 3 §5)', () => {
    withChains(null)
    expect(requireChain('0x7a69').name).toBe('Local')
    expect(() => requireChain(1)).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_CHAIN_ID' }))
  })
  it('a chain without an explorer links nowhere; one with an explorer links there (the server fills known chains in)', () => {
    withChains(null)
    expect(explorerUrl(requireChain(8453))).toBeNull()
    expect(explorerLink(requireChain(8453), 'tx', '0xab')).toBeNull()
    $config.set(initialConfigState)
    expect(explorerLink(requireChain(1), 'address', '0xab')).toBe('https://etherscan.io/address/0xab')
  })
})
