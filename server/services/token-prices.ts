/**
 * Token prices in USD for the confirmation screen, from a CoinGecko-style `simple/price` source
 * (`GET {url}?ids=ethereum&vs_currencies=usd` → `{ "ethereum": { "usd": 3120.5 } }`), cached per
 * token so each screen does not become a request to the source.
 */

/** Symbols the widget asks for, by the source's ids (spec part 3 §7: SOL is asked on chain id 0). */
const SOURCE_IDS: Record<string, string> = {
  ETH: 'ethereum',
  WETH: 'weth',
  USDC: 'usd-coin',
  USDT: 'tether',
  DAI: 'dai',
  SOL: 'solana',
  POL: 'polygon-ecosystem-token',
  MATIC: 'polygon-ecosystem-token',
  AVAX: 'avalanche-2',
  BNB: 'binancecoin',
  CELO: 'celo',
}

export const PRICE_CACHE_MS = 60_000
const FETCH_TIMEOUT_MS = 5_000

export class TokenPrices {
  private cache = new Map<string, { usd: number | null; until: number }>()

  constructor(
    private readonly sourceUrl: string | null,
    private readonly now: () => number = Date.now,
  ) {}

  /** The USD price, or null when the token is unknown, prices are off, or the source failed. */
  async usd(chainId: number, symbol: string): Promise<number | null> {
    const id = SOURCE_IDS[symbol.toUpperCase()]
    if (!this.sourceUrl || !id) return null
    const hit = this.cache.get(id)
    if (hit && hit.until > this.now()) return hit.usd
    let usd: number | null = null
    try {
      const url = new URL(this.sourceUrl)
      url.searchParams.set('ids', id)
      url.searchParams.set('vs_currencies', 'usd')
      const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } })
      const body = response.ok ? ((await response.json()) as Record<string, { usd?: unknown }>) : null
      const value = body?.[id]?.usd
      if (typeof value === 'number' && Number.isFinite(value)) usd = value
    } catch {
      usd = null
    }
    // Spec part 3 §8: price failures are logged and swallowed.
    if (usd === null) console.warn(chainId === 0 ? 'Unable to fetch SOL price' : `Unable to fetch token price on chain id ${chainId}`)
    // A failure is cached briefly too, so a source outage is not hammered by every screen.
    this.cache.set(id, { usd, until: this.now() + (usd === null ? PRICE_CACHE_MS / 6 : PRICE_CACHE_MS) })
    return usd
  }
}
