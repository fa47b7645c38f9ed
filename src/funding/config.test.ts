import { describe, expect, it, vi } from 'vitest'
import type { AppConfig } from '../api/types.ts'
import {
  availableMethods,
  buildFundingConfig,
  coinbaseBlockchain,
  isValidFundingAmount,
  moonpayCurrencyCode,
  moonpaySignConfig,
  receiveQrText,
} from './config.ts'

const local = {
  id: 31337,
  name: 'Local chain',
  rpcUrl: 'http://127.0.0.1:8545',
  blockExplorerUrl: null,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  testnet: false,
  sponsored: false,
}
const base = { ...local, id: 8453, name: 'Base', rpcUrl: 'https://mainnet.base.org' }
const app = (funding: Partial<NonNullable<AppConfig['funding']>> = {}): AppConfig => ({
  id: 'a',
  name: 'A',
  chains: [local, base],
  defaultChain: 31337,
  funding: {
    enabled: true,
    options: [
      { method: 'card', provider: 'moonpay' },
      { method: 'card', provider: 'coinbase' },
      { method: 'exchange', provider: 'coinbase' },
      { method: 'wallets' },
    ],
    defaultRecommendedCurrency: null,
    defaultRecommendedAmount: '0.05',
    crossChainBridgingEnabled: false,
    defaultFundingMethod: null,
    preferredCardProvider: null,
    showAlternateFundingMethod: false,
    useSandbox: false,
    ...funding,
  },
})
const ADDRESS = '0x1111111111111111111111111111111111111111'

describe('funding config (spec part 3 §3, §5)', () => {
  it('defaults: the app default chain, native currency, the recommended amount', () => {
    const c = buildFundingConfig(app(), ADDRESS)
    expect(c).toMatchObject({ chainType: 'ethereum', address: ADDRESS, amount: '0.05', symbol: 'ETH', decimals: 18, erc20Address: null, isUSDC: false })
    expect(c.chain!.id).toBe(31337)
    expect(buildFundingConfig(app({ defaultRecommendedCurrency: { chain: 'eip155:8453', asset: 'USDC' } }), ADDRESS)).toMatchObject({
      isUSDC: true,
      symbol: 'USDC',
      decimals: 6,
      erc20Address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    })
  })

  it("error: funding off or without options: 'Wallet funding is not enabled'", () => {
    expect(() => buildFundingConfig(app({ enabled: false }), ADDRESS)).toThrow('Wallet funding is not enabled')
    expect(() => buildFundingConfig(app({ options: [] }), ADDRESS)).toThrow('Wallet funding is not enabled')
    expect(() => buildFundingConfig({ id: 'a', name: 'A' }, ADDRESS)).toThrow('Wallet funding is not enabled')
  })

  it("error: a chain not configured: 'Funding chain <id> is not in PrivyProvider chains list'", () => {
    expect(() => buildFundingConfig(app(), ADDRESS, { chain: 10 })).toThrow('Funding chain 10 is not in PrivyProvider chains list')
  })

  it("error: 'USDC funding is not supported on the Solana testnet'; Solana USDC carries its mint", () => {
    expect(() => buildFundingConfig(app(), 'So1ana', { chain: 'solana:testnet', asset: 'USDC' })).toThrow('USDC funding is not supported on the Solana testnet')
    expect(buildFundingConfig(app(), 'So1ana', { chain: 'solana:mainnet-beta', asset: 'USDC' }).erc20Address).toBe(
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    )
  })

  it("the Coinbase-style on-ramp only on its chains ('Unsupported chainId: <id> for Coinbase Onramp'); USDC without a known address disables the wallet flow", () => {
    const onLocal = availableMethods(buildFundingConfig(app({ useSandbox: true }), ADDRESS))
    expect(onLocal).toMatchObject({ cardProviders: ['moonpay'], exchange: false, wallets: true, manual: true })
    expect(() => coinbaseBlockchain(buildFundingConfig(app(), ADDRESS))).toThrow('Unsupported chainId: 31337 for Coinbase Onramp')
    const onBase = buildFundingConfig(app({ preferredCardProvider: 'coinbase' }), ADDRESS, { chain: 8453 })
    expect(availableMethods(onBase)).toMatchObject({ cardProviders: ['coinbase', 'moonpay'], exchange: true })
    expect(coinbaseBlockchain(onBase)).toBe('base')
    expect(availableMethods(buildFundingConfig(app(), ADDRESS, { asset: 'USDC' })).wallets).toBe(false)
  })

  it('amount input: digits and at most one decimal point, more than 0', () => {
    expect(['1', '0.5', '.5', '10.'].map(isValidFundingAmount)).toEqual([true, true, true, true])
    expect(['0', '', '.', '1.2.3', '-1', '1e3', 'abc'].map(isValidFundingAmount)).toEqual([false, false, false, false, false, false, false])
  })

  it('the receive QR: the address; USDC on Solana adds the token parameter', () => {
    expect(receiveQrText(buildFundingConfig(app(), ADDRESS))).toBe(ADDRESS)
    const sol = 'So11111111111111111111111111111111111111112'
    expect(receiveQrText(buildFundingConfig(app(), sol, { chain: 'solana:devnet' }))).toBe(sol)
    expect(receiveQrText(buildFundingConfig(app(), sol, { chain: 'solana:devnet', asset: 'USDC' }))).toBe(
      `solana:${sol}?spl-token=4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU`,
    )
  })

  it("a Solana address is funded on the app's solanaCluster: its rpcUrl, or the named public cluster's when it has none", () => {
    const sol = 'So11111111111111111111111111111111111111112'
    const localnet = { ...app(), solanaCluster: { name: 'localnet', rpcUrl: 'http://127.0.0.1:8899' } }
    expect(buildFundingConfig(localnet, sol)).toMatchObject({
      chainType: 'solana',
      cluster: { name: 'localnet', rpcUrl: 'http://127.0.0.1:8899', label: 'Solana (localnet)' },
      symbol: 'SOL',
      decimals: 9,
    })
    expect(buildFundingConfig(localnet, sol, { chain: 'solana' }).cluster!.rpcUrl).toBe('http://127.0.0.1:8899')
    expect(buildFundingConfig(localnet, sol, { chain: 'solana:localnet' }).cluster!.rpcUrl).toBe('http://127.0.0.1:8899')
    const devnet = { ...app(), solanaCluster: { name: 'devnet', rpcUrl: null } }
    expect(buildFundingConfig(devnet, sol).cluster).toMatchObject({ name: 'devnet', rpcUrl: 'https://api.devnet.solana.com', label: 'Solana Devnet' })
    // No cluster configured: spec §9 default mainnet-beta.
    expect(buildFundingConfig(app(), sol).cluster).toMatchObject({ name: 'mainnet-beta', rpcUrl: 'https://api.mainnet-beta.solana.com', label: 'Solana' })
    // An Ethereum address still funds the recommended / default chain.
    expect(buildFundingConfig(localnet, ADDRESS).chainType).toBe('ethereum')
  })

  it("USDC without a known address (spec §5): a warning is logged and funding by external wallet is not offered; the app may name its cluster's USDC mint", () => {
    const sol = 'So11111111111111111111111111111111111111112'
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      const localnet = { ...app(), solanaCluster: { name: 'localnet', rpcUrl: 'http://127.0.0.1:8899' } }
      const solana = buildFundingConfig(localnet, sol, { asset: 'USDC' })
      expect(solana).toMatchObject({ isUSDC: true, erc20Address: null, symbol: 'USDC' })
      expect(availableMethods(solana)).toMatchObject({ wallets: false, manual: true })
      expect(warn).toHaveBeenLastCalledWith('No known USDC address on Solana (localnet): funding by external wallet is disabled.')
      const ethereum = buildFundingConfig(app(), ADDRESS, { asset: 'USDC' })
      expect(availableMethods(ethereum).wallets).toBe(false)
      expect(warn).toHaveBeenLastCalledWith('No known USDC address on Local chain: funding by external wallet is disabled.')
      expect(warn).toHaveBeenCalledTimes(2)
      // A mint named for the app's own cluster is its USDC; another cluster does not get it.
      const mint = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'
      const withMint = { ...app(), solanaCluster: { name: 'localnet', rpcUrl: 'http://127.0.0.1:8899', usdcMint: mint } }
      const config = buildFundingConfig(withMint, sol, { asset: 'USDC' })
      expect(config).toMatchObject({ erc20Address: mint, decimals: 6 })
      expect(availableMethods(config).wallets).toBe(true)
      expect(buildFundingConfig(withMint, sol, { chain: 'solana:devnet', asset: 'USDC' }).erc20Address).toBe('4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU')
      expect(warn).toHaveBeenCalledTimes(2)
    } finally {
      warn.mockRestore()
    }
  })

  it("error: a Solana cluster that is neither the app's nor a public one is not configured", () => {
    expect(() => buildFundingConfig(app(), 'So11111111111111111111111111111111111111112', { chain: 'solana:localnet' })).toThrow(
      'Funding chain solana:localnet is not in PrivyProvider chains list',
    )
  })

  it('card provider availability per chain and asset (spec §5): its currency code, none for unknown chains outside the sandbox', () => {
    expect(moonpayCurrencyCode(buildFundingConfig(app(), ADDRESS, { chain: 8453, asset: 'USDC' }))).toBe('usdc_base')
    expect(moonpayCurrencyCode(buildFundingConfig(app(), ADDRESS, { chain: 8453 }))).toBe('eth_base')
    expect(moonpayCurrencyCode(buildFundingConfig(app(), 'So1', { chain: 'solana:mainnet-beta', asset: 'USDC' }))).toBe('usdc_sol')
    // The local chain: nothing to buy live, test ETH in the sandbox.
    expect(availableMethods(buildFundingConfig(app(), ADDRESS)).cardProviders).toEqual([])
    expect(availableMethods(buildFundingConfig(app({ useSandbox: true }), ADDRESS)).cardProviders).toEqual(['moonpay'])
    // An arbitrary ERC-20 is not sold by card.
    expect(moonpayCurrencyCode(buildFundingConfig(app({ useSandbox: true }), ADDRESS, { asset: { erc20: ADDRESS } }))).toBe(null)
  })

  it("moonpayConfigOverride reaches the card provider's sign call (config.paymentMethod etc.), over the widget's choices", () => {
    const theme = { theme: 'dark' as const, accentColor: '#123456' }
    const plain = buildFundingConfig(app({ useSandbox: true }), ADDRESS, { chain: 8453 })
    expect(moonpaySignConfig(plain, theme)).toEqual({ currencyCode: 'eth_base', quoteCurrencyAmount: 0.05, paymentMethod: undefined, uiConfig: theme })
    const c = buildFundingConfig(app({ useSandbox: true }), ADDRESS, {
      chain: 8453,
      moonpayConfigOverride: { paymentMethod: 'apple_pay', quoteCurrencyAmount: 20, uiConfig: { theme: 'light' } },
    })
    expect(c.moonpayConfigOverride).toEqual({ paymentMethod: 'apple_pay', quoteCurrencyAmount: 20, uiConfig: { theme: 'light' } })
    expect(moonpaySignConfig(c, theme)).toEqual({
      currencyCode: 'eth_base',
      quoteCurrencyAmount: 20,
      paymentMethod: 'apple_pay',
      uiConfig: { theme: 'light', accentColor: '#123456' },
    })
  })
})
