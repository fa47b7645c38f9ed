import { describe, expect, it } from 'vitest'
import { normalizeWalletName, searchWallets, showSearch, walletOptions, type DetectedWallet } from './walletOptions.ts'

const metamask: DetectedWallet = { chainType: 'ethereum', id: 'io.metamask', name: 'MetaMask', icon: 'data:mm', rdns: 'io.metamask' }
const phantomEvm: DetectedWallet = { chainType: 'ethereum', id: 'app.phantom', name: 'Phantom', icon: 'data:ph', rdns: 'app.phantom' }
const phantomSol: DetectedWallet = { chainType: 'solana', id: 'Phantom', name: 'Phantom', icon: 'data:ph' }
const solflare: DetectedWallet = { chainType: 'solana', id: 'Solflare', name: 'Solflare', icon: null }
const unknown: DetectedWallet = { chainType: 'ethereum', id: 'xyz.test', name: 'Test Wallet', icon: null, rdns: 'xyz.test' }

describe('walletOptions', () => {
  it('normalises names: lower case, trailing wallet/extension removed', () => {
    expect(normalizeWalletName('Coinbase Wallet')).toBe('coinbase')
    expect(normalizeWalletName('coinbase_wallet')).toBe('coinbase')
    expect(normalizeWalletName('Phantom Extension')).toBe('phantom')
    expect(normalizeWalletName('MetaMask')).toBe('metamask')
    expect(normalizeWalletName('Wallet')).toBe('wallet')
  })

  it('default list: detected wallets first, then metamask (once), coinbase, rainbow, WalletConnect', () => {
    const rows = walletOptions({ walletConnect: true }, [unknown, metamask])
    expect(rows.map((r) => r.label)).toEqual(['Test Wallet', 'MetaMask', 'Coinbase Wallet', 'Rainbow', 'WalletConnect'])
    expect(rows[1]!.detected.ethereum).toBe(metamask)
    expect(rows[2]!.detected).toEqual({}) // not installed: install guide
    // Without a WalletConnect project id there is no WalletConnect row.
    expect(walletOptions({}, []).map((r) => r.label)).toEqual(['MetaMask', 'Coinbase Wallet', 'Rainbow'])
  })

  it('ethereum-only (default) hides Solana wallets; solana-only hides Ethereum ones and WalletConnect', () => {
    const all = [metamask, phantomEvm, phantomSol, solflare]
    expect(walletOptions({ walletList: ['detected_wallets'] }, all).map((r) => [r.label, r.chains])).toEqual([
      ['MetaMask', ['ethereum']],
      ['Phantom', ['ethereum']],
    ])
    expect(
      walletOptions({ walletList: ['detected_wallets', 'wallet_connect'], walletChainType: 'solana-only', walletConnect: true }, all).map((r) => r.label),
    ).toEqual(['Phantom', 'Solflare'])
  })

  it('ethereum-and-solana merges a wallet found on both chains into one row (network choice)', () => {
    const rows = walletOptions({ walletList: ['detected_wallets'], walletChainType: 'ethereum-and-solana' }, [phantomEvm, phantomSol])
    expect(rows).toHaveLength(1)
    expect(rows[0]!.chains).toEqual(['ethereum', 'solana'])
  })

  it('special tokens pick detected wallets per chain', () => {
    const all = [metamask, solflare]
    const cfg = { walletChainType: 'ethereum-and-solana' }
    expect(walletOptions({ ...cfg, walletList: ['detected_solana_wallets'] }, all).map((r) => r.label)).toEqual(['Solflare'])
    expect(walletOptions({ ...cfg, walletList: ['detected_ethereum_wallets'] }, all).map((r) => r.label)).toEqual(['MetaMask'])
  })

  it('a named entry matches a detected wallet by normalised name ("phantom_wallet" → Phantom)', () => {
    const rows = walletOptions({ walletList: ['phantom_wallet'] }, [phantomEvm])
    expect(rows[0]!.detected.ethereum).toBe(phantomEvm)
  })

  it('error: unknown names and wallets of excluded chains give no row', () => {
    expect(walletOptions({ walletList: ['no_such_wallet', 'solflare'] }, [])).toEqual([])
  })

  it('search is a case-insensitive substring on the label; the bar shows above 6 or while searching', () => {
    const rows = walletOptions({}, [unknown, metamask])
    expect(searchWallets(rows, 'MASK').map((r) => r.label)).toEqual(['MetaMask'])
    expect(searchWallets(rows, 'zzz')).toEqual([])
    expect(showSearch(6, '')).toBe(false)
    expect(showSearch(7, '')).toBe(true)
    expect(showSearch(1, 'm')).toBe(true)
  })
})
