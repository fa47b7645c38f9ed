/**
 * The optional remote wallet listing (spec part 2 §3, §7 "Wallet listing: GET to a wallet-listing
 * service with a project id query parameter"): the WalletConnect Explorer API v3 wire format,
 * `GET {listingUrl}?projectId=…&entries=…&page=…` answering
 * `{ count, listings: { [id]: { id, name, slug, homepage, chains: ['eip155:1', 'solana:…'],
 * image_url: { sm, md, lg }, mobile: { native, universal }, desktop, rdns, app: { ios, … } } } }`.
 * It extends the bundled listing (which wins on a name clash); entries whose id, slug or name
 * contain 'coinbase' are dropped (Coinbase connects through its own SDK). Any failure answers []:
 * the bundled list works offline.
 */
import type { WalletListing } from './listing.ts'
import { normalizeWalletName } from './walletOptions.ts'

/** How many entries one page asks for. */
export const REMOTE_LISTING_ENTRIES = 100

interface WireListing {
  id: string
  name: string
  slug?: string
  homepage?: string
  chains?: string[]
  image_url?: { sm?: string | null; md?: string | null }
  mobile?: { native?: string | null; universal?: string | null }
  rdns?: string | null
  app?: { ios?: string | null; browser?: string | null }
}

const isCoinbase = (l: WireListing) => [l.id, l.slug ?? '', l.name].some((v) => v.toLowerCase().includes('coinbase'))
/** Links must be https (plain http only on loopback, for local development and tests). */
const httpsOrNull = (url: string | null | undefined) => (url && /^(https:\/\/|http:\/\/(127\.0\.0\.1|localhost)[:/])/.test(url) ? url : null)

/** Maps one Explorer entry to the bundled listing's shape; null when it is not an Ethereum/Solana wallet. */
export function fromWire(l: WireListing): WalletListing | null {
  const chains = [
    ...(l.chains?.some((c) => c.startsWith('eip155:')) ? (['ethereum'] as const) : []),
    ...(l.chains?.some((c) => c.startsWith('solana:')) ? (['solana'] as const) : []),
  ]
  if (!l.name || !chains.length) return null
  return {
    id: normalizeWalletName(l.name).replace(/-/g, '_'),
    slug: l.slug ?? normalizeWalletName(l.name),
    name: l.name,
    chains,
    image_url: { sm: httpsOrNull(l.image_url?.sm), md: httpsOrNull(l.image_url?.md) },
    homepage: l.homepage ?? '',
    // Universal links must be https; native schemes are app-specific ('rainbow:').
    mobile: { native: l.mobile?.native || null, universal: httpsOrNull(l.mobile?.universal) },
    ...(l.rdns ? { rdns: l.rdns } : {}),
    ...(httpsOrNull(l.app?.ios) ? { appStore: l.app!.ios! } : {}),
    ...(httpsOrNull(l.app?.browser) ? { install: l.app!.browser! } : {}),
  }
}

/** Fetches page 1 of the listing; drops 'coinbase' entries and wallets the bundled listing already has. */
export async function fetchRemoteListing(listingUrl: string, projectId: string, bundled: WalletListing[], signal?: AbortSignal): Promise<WalletListing[]> {
  try {
    const url = new URL(listingUrl)
    url.searchParams.set('projectId', projectId)
    url.searchParams.set('entries', String(REMOTE_LISTING_ENTRIES))
    url.searchParams.set('page', '1')
    const response = await fetch(url, { signal, headers: { accept: 'application/json' } })
    if (!response.ok) return []
    const body = (await response.json()) as { listings?: Record<string, WireListing> }
    const known = new Set(bundled.flatMap((b) => [normalizeWalletName(b.id), normalizeWalletName(b.name)]))
    const out: WalletListing[] = []
    for (const wire of Object.values(body.listings ?? {})) {
      if (!wire || typeof wire.name !== 'string' || typeof wire.id !== 'string' || isCoinbase(wire)) continue
      const listing = fromWire(wire)
      if (!listing || known.has(normalizeWalletName(listing.id))) continue
      known.add(normalizeWalletName(listing.id))
      out.push(listing)
    }
    return out
  } catch {
    return []
  }
}
