/**
 * The rows of the wallet list (spec part 2 §2, §5): the app's `walletList` with its special tokens,
 * the detected wallets of both chains, the bundled listing for wallets not installed, filtered by
 * `walletChainType`, then searched. Pure: the list screen and its tests call it with what was
 * detected.
 */
import type { DetectedWallet } from '../../stores/externalWallets.ts'
import { WALLET_LISTING, type WalletListing } from './listing.ts'

export type ChainType = 'ethereum' | 'solana'
export type WalletChainTypeSetting = 'ethereum-only' | 'solana-only' | 'ethereum-and-solana'

export type { DetectedWallet }

export interface WalletOption {
  /** Stable key: the normalised name. */
  key: string
  label: string
  icon: string | null
  /** Chains this row can connect on (after the chain-type filter). */
  chains: ChainType[]
  /** Detected wallets by chain; a chain without one means 'not installed' there. */
  detected: Partial<Record<ChainType, DetectedWallet>>
  /** Connects through WalletConnect (QR on desktop, deep links on mobile): its own row and remote-listing wallets. */
  walletConnect?: boolean
  listing?: WalletListing
}

/** Spec §9: the search bar shows above 6 wallets (or while a search is active). */
export const SEARCH_THRESHOLD = 6
export const SPECIAL_TOKENS = ['detected_wallets', 'detected_ethereum_wallets', 'detected_solana_wallets', 'wallet_connect'] as const

/** Spec §5: names compare lower-cased with a trailing 'wallet' or 'extension' word removed. */
export function normalizeWalletName(name: string): string {
  let out = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  for (;;) {
    const next = out.replace(/-(wallet|extension)$/, '')
    if (next === out) return out
    out = next
  }
}

export function allowedChains(setting: string | undefined): ChainType[] {
  if (setting === 'solana-only') return ['solana']
  if (setting === 'ethereum-and-solana') return ['ethereum', 'solana']
  return ['ethereum'] // spec §9: ethereum-only is the default
}

const listingIn = (listings: WalletListing[], name: string) => {
  const key = normalizeWalletName(name)
  return listings.find((l) => normalizeWalletName(l.id) === key || normalizeWalletName(l.name) === key)
}

/** Builds the rows for the configured list, in its order, each wallet once. */
export function walletOptions(
  config: { walletList?: string[]; walletChainType?: string; /** WalletConnect is configured (project id): offer its row. */ walletConnect?: boolean },
  detected: DetectedWallet[],
  /** The fetched remote listing (WalletConnect wallets beyond the bundled ones); shown with the wallet_connect token. */
  remote: WalletListing[] = [],
): WalletOption[] {
  const listings = [...WALLET_LISTING, ...remote]
  const listingFor = (name: string) => listingIn(listings, name)
  const chains = allowedChains(config.walletChainType)
  const list = config.walletList?.length ? config.walletList : ['detected_wallets', 'metamask', 'coinbase_wallet', 'rainbow', 'wallet_connect']
  const rows = new Map<string, WalletOption>()
  const usable = detected.filter((d) => chains.includes(d.chainType))

  const addDetected = (wallet: DetectedWallet) => {
    const listing = (wallet.rdns && WALLET_LISTING.find((l) => l.rdns === wallet.rdns)) || listingFor(wallet.name)
    const key = listing ? normalizeWalletName(listing.id) : normalizeWalletName(wallet.name)
    const row = rows.get(key) ?? { key, label: listing?.name ?? wallet.name, icon: wallet.icon, chains: [], detected: {}, listing }
    if (!row.detected[wallet.chainType]) row.detected[wallet.chainType] = wallet
    if (!row.chains.includes(wallet.chainType)) row.chains.push(wallet.chainType)
    row.icon ??= wallet.icon
    rows.set(key, row)
  }

  for (const entry of list) {
    if (entry === 'detected_wallets') usable.forEach(addDetected)
    else if (entry === 'detected_ethereum_wallets') usable.filter((d) => d.chainType === 'ethereum').forEach(addDetected)
    else if (entry === 'detected_solana_wallets') usable.filter((d) => d.chainType === 'solana').forEach(addDetected)
    else if (entry === 'wallet_connect') {
      if (config.walletConnect && chains.includes('ethereum') && !rows.has('walletconnect')) {
        rows.set('walletconnect', { key: 'walletconnect', label: 'WalletConnect', icon: null, chains: ['ethereum'], detected: {}, walletConnect: true })
        // Remote-listing wallets connect through WalletConnect (Ethereum), so they come with its row.
        for (const listing of remote) {
          const key = normalizeWalletName(listing.id)
          if (!rows.has(key) && listing.chains.includes('ethereum')) {
            rows.set(key, { key, label: listing.name, icon: listing.image_url.sm, chains: ['ethereum'], detected: {}, listing, walletConnect: true })
          }
        }
      }
    } else {
      const key = normalizeWalletName(entry)
      const match = usable.filter((d) => {
        const listing = (d.rdns && WALLET_LISTING.find((l) => l.rdns === d.rdns)) || listingFor(d.name)
        return (listing ? normalizeWalletName(listing.id) : normalizeWalletName(d.name)) === key || normalizeWalletName(d.name) === key
      })
      if (match.length) match.forEach(addDetected)
      else if (!rows.has(key)) {
        const listing = listingFor(entry)
        const on = listing?.chains.filter((c) => chains.includes(c)) ?? []
        if (listing && on.length)
          rows.set(normalizeWalletName(listing.id), {
            key: normalizeWalletName(listing.id),
            label: listing.name,
            icon: listing.image_url.sm,
            chains: on,
            detected: {},
            listing,
          })
      }
    }
  }
  return [...rows.values()]
}

/** Spec §2: a case-insensitive substring match on the label. */
export function searchWallets(options: WalletOption[], query: string): WalletOption[] {
  const q = query.trim().toLowerCase()
  return q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options
}

export const showSearch = (count: number, query: string) => count > SEARCH_THRESHOLD || query !== ''
