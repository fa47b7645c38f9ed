/**
 * SPL token info for the Solana confirmation screen (spec part 3 §7, `GET /spl_token_info`): the
 * decimals from the mint account itself, the symbol from a metadata source: the token's Metaplex
 * metadata account when it has one, else the server's configured list (known mints by default).
 * Read over the cluster's JSON-RPC (`getAccountInfo`, base64), cached per cluster and mint.
 */
import { createHash } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { isTrustedFetchUrl } from './trusted-url.js'
import { LruCache } from './lru.js'

export const SOLANA_CLUSTERS = {
  'mainnet-beta': 'https://api.mainnet-beta.solana.com',
  devnet: 'https://api.devnet.solana.com',
  testnet: 'https://api.testnet.solana.com',
} as const

/** The app's cluster (public app config `solanaCluster`): a named public cluster, or any name with its RPC URL. */
export interface SolanaClusterConfig {
  name: string
  rpcUrl: string | null
  /** The USDC mint on a cluster without a known one (spec part 3 §9 lists mainnet-beta and devnet): a local or private cluster. */
  usdcMint?: string | null
}

export const DEFAULT_SOLANA_CLUSTER: SolanaClusterConfig = { name: 'mainnet-beta', rpcUrl: null }

export function solanaClusterProblem(cluster: SolanaClusterConfig | undefined, dev: boolean): string | null {
  if (!cluster) return null
  if (!cluster.rpcUrl && !(cluster.name in SOLANA_CLUSTERS)) return `solanaCluster: cluster ${cluster.name} is not known; give its rpcUrl`
  if (cluster.rpcUrl && !isTrustedFetchUrl(cluster.rpcUrl, dev)) return 'solanaCluster.rpcUrl must be an https URL'
  return null
}

/** The RPC URL for `name`: the app's own cluster when the name is the app's, else the public cluster; null when unknown. */
export function clusterRpcUrl(name: string, app: SolanaClusterConfig): string | null {
  if (name === app.name && app.rpcUrl) return app.rpcUrl
  return SOLANA_CLUSTERS[name as keyof typeof SOLANA_CLUSTERS] ?? null
}

export const TOKEN_PROGRAMS = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb']
export const METADATA_PROGRAM = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s'

/** Symbols of well-known mints, used when a mint has no metadata account; the server's options extend it. */
export const KNOWN_SPL_SYMBOLS: Record<string, string> = {
  EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: 'USDC',
  '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU': 'USDC',
  Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB: 'USDT',
  So11111111111111111111111111111111111111112: 'SOL',
}

/** A program derived address (what web3.js's findProgramAddressSync answers): the first bump whose hash is off the curve. */
export function programAddress(seeds: Uint8Array[], programId: string): string {
  const program = base58.decode(programId)
  for (let bump = 255; bump >= 0; bump--) {
    const hash = createHash('sha256')
    for (const seed of seeds) hash.update(seed)
    const digest = hash.update(Uint8Array.of(bump)).update(program).update('ProgramDerivedAddress').digest()
    try {
      ed25519.ExtendedPoint.fromHex(digest)
    } catch {
      return base58.encode(digest)
    }
  }
  throw new Error('no program address')
}

/** Metaplex Token Metadata: key u8, update authority, mint, then borsh strings name, symbol (NUL-padded). */
function metadataSymbol(data: Buffer): string | null {
  let at = 1 + 32 + 32
  const read = () => {
    const length = data.readUInt32LE(at)
    if (length > 200 || at + 4 + length > data.length) throw new RangeError('bad string')
    const text = data.subarray(at + 4, at + 4 + length).toString('utf8')
    at += 4 + length
    return text.replace(/\0+$/, '').trim()
  }
  try {
    read()
    return read() || null
  } catch {
    return null
  }
}

export interface SplTokenInfoResult {
  symbol: string | null
  decimals: number
}

const CACHE_MS = 10 * 60_000
/** Mints remembered at most (a few hundred bytes each): the least recently asked go first. */
export const SPL_CACHE_ENTRIES = 5_000
const FETCH_TIMEOUT_MS = 5_000

export class SplTokens {
  readonly cache: LruCache<SplTokenInfoResult | null>
  private readonly symbols: Record<string, string>

  constructor(extraSymbols: Record<string, string> = {}, now: () => number = Date.now, maxEntries = SPL_CACHE_ENTRIES) {
    this.symbols = { ...KNOWN_SPL_SYMBOLS, ...extraSymbols }
    this.cache = new LruCache(maxEntries, CACHE_MS, now)
  }

  private async account(rpcUrl: string, address: string): Promise<{ owner: string; data: Buffer } | null> {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getAccountInfo', params: [address, { encoding: 'base64' }] }),
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    })
    if (!response.ok) throw new Error(`RPC answered ${response.status}`)
    const body = (await response.json()) as { result?: { value: { owner: string; data: [string, string] } | null }; error?: { message: string } }
    if (body.error) throw new Error(body.error.message)
    const value = body.result?.value
    return value ? { owner: value.owner, data: Buffer.from(value.data[0], 'base64') } : null
  }

  /** Decimals and symbol of `mint`, or null when it is not a mint on that cluster. Throws when the RPC fails. */
  async info(rpcUrl: string, mint: string): Promise<SplTokenInfoResult | null> {
    const key = `${rpcUrl} ${mint}`
    const hit = this.cache.get(key)
    if (hit) return hit.value
    const account = await this.account(rpcUrl, mint)
    let value: SplTokenInfoResult | null = null
    // A mint account: 82 bytes (more with Token-2022 extensions), initialized flag at 45.
    if (account && TOKEN_PROGRAMS.includes(account.owner) && account.data.length >= 82 && account.data[45] === 1) {
      const metadataAddress = programAddress([Buffer.from('metadata'), base58.decode(METADATA_PROGRAM), base58.decode(mint)], METADATA_PROGRAM)
      // Spec part 3 §8: metadata failures are logged and swallowed (the symbol is then unknown).
      const metadata = await this.account(rpcUrl, metadataAddress).catch((error) => (console.warn('SPL token metadata:', (error as Error).message), null))
      const symbol = metadata?.owner === METADATA_PROGRAM ? metadataSymbol(metadata.data) : null
      value = { decimals: account.data[44]!, symbol: symbol ?? this.symbols[mint] ?? null }
    }
    this.cache.set(key, value)
    return value
  }
}
