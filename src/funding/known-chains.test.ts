/**
 * Spec part 3 §9 'Known USDC contract addresses exist for mainnet, Sepolia, Optimism, Optimism
 * Sepolia, Polygon, Polygon Amoy, Base, Base Sepolia, Avalanche, Avalanche Fuji, Arbitrum and
 * Arbitrum Sepolia' and 'Coinbase chain names: ethereum, base, optimism, polygon, arbitrum'.
 */
import { getAddress } from 'viem'
import * as chains from 'viem/chains'
import { describe, expect, it } from 'vitest'
import type { AppConfig } from '../api/types.ts'
import { availableMethods, buildFundingConfig, coinbaseBlockchain, usdcAddressOf } from './config.ts'

const USDC_CHAINS = [
  chains.mainnet,
  chains.sepolia,
  chains.optimism,
  chains.optimismSepolia,
  chains.polygon,
  chains.polygonAmoy,
  chains.base,
  chains.baseSepolia,
  chains.avalanche,
  chains.avalancheFuji,
  chains.arbitrum,
  chains.arbitrumSepolia,
]
const COINBASE_NAMES: [chains.Chain, string][] = [
  [chains.mainnet, 'ethereum'],
  [chains.base, 'base'],
  [chains.optimism, 'optimism'],
  [chains.polygon, 'polygon'],
  [chains.arbitrum, 'arbitrum'],
]

const wire = (chain: chains.Chain) => ({
  id: chain.id,
  name: chain.name,
  rpcUrl: chain.rpcUrls.default.http[0]!,
  blockExplorerUrl: null,
  nativeCurrency: chain.nativeCurrency,
  testnet: Boolean(chain.testnet),
  sponsored: false,
})
const app = (list: chains.Chain[]): AppConfig =>
  ({
    id: 'a',
    name: 'A',
    chains: list.map(wire),
    defaultChain: list[0]!.id,
    funding: {
      enabled: true,
      options: [{ method: 'card', provider: 'coinbase' }, { method: 'exchange', provider: 'coinbase' }, { method: 'wallets' }],
      defaultRecommendedCurrency: null,
      defaultRecommendedAmount: '1',
      crossChainBridgingEnabled: false,
      defaultFundingMethod: null,
      preferredCardProvider: 'coinbase',
      showAlternateFundingMethod: false,
      useSandbox: false,
    },
  }) as AppConfig
const ADDRESS = '0x1111111111111111111111111111111111111111'

describe('known chains (spec part 3 §9)', () => {
  it('USDC has a known, checksummed contract on exactly the 12 named chains; funding USDC from a wallet works there', () => {
    for (const chain of USDC_CHAINS) {
      const address = usdcAddressOf({ id: chain.id })
      expect(address, chain.name).not.toBeNull()
      expect(getAddress(address!)).toBe(address)
      expect(availableMethods(buildFundingConfig(app([chain]), ADDRESS, { chain: chain.id, asset: 'USDC' })).wallets, chain.name).toBe(true)
    }
    expect(new Set(USDC_CHAINS.map((c) => usdcAddressOf({ id: c.id }))).size).toBe(12)
    for (const other of [chains.bsc, chains.gnosis, chains.zora, chains.linea, chains.celo]) expect(usdcAddressOf({ id: other.id }), other.name).toBeNull()
  })

  it('the Coinbase-style on-ramp names the five chains ethereum, base, optimism, polygon, arbitrum and no other', () => {
    for (const [chain, name] of COINBASE_NAMES) expect(coinbaseBlockchain(buildFundingConfig(app([chain]), ADDRESS, { chain: chain.id }))).toBe(name)
    for (const other of [chains.sepolia, chains.baseSepolia, chains.avalanche, chains.zora])
      expect(() => coinbaseBlockchain(buildFundingConfig(app([other]), ADDRESS, { chain: other.id }))).toThrow(
        `Unsupported chainId: ${other.id} for Coinbase Onramp`,
      )
  })
})
