/**
 * What the confirmation screen asks our server besides the chain: the USD price of the native
 * token (`GET /token_price`) and, when the app turned scanning on, the scan (verdict, the user's asset changes and exposures)
 * (`POST /scan/transaction`). Both fail quietly: spec part 3 §5 and §8 fall back to the basic view.
 */
import { getApiClient } from '../../api/instance.ts'
import { $config } from '../../stores/config.ts'
import type { TransactionToSign } from '../../../frame/src/protocol.ts'
import { formatCrypto } from './format.ts'

/** Spec part 3 §3: the scan's validation result_type. */
export type ScanVerdict = 'Benign' | 'Warning' | 'Malicious'

/** What one asset moves for the user, in the scan's simulation (formatted amounts, e.g. '5', '#12'). */
export interface ScanAssetChange {
  symbol: string
  in: string[]
  out: string[]
}

/** An allowance the transaction grants (the scan's exposures): how much of which asset which spender may take. */
export interface ScanExposure {
  symbol: string
  spender: string
  amounts: string[]
}

/**
 * A scan that did not fail (spec part 3 §2 'a scan details view', §3 'Transaction scan result'):
 * the verdict, its description and reason, and the user's asset changes and exposures.
 */
export interface ScanInsight {
  verdict: ScanVerdict | null
  description: string
  reason: string
  assets: ScanAssetChange[]
  exposures: ScanExposure[]
}

export async function fetchUsdPrice(chainId: number, tokenSymbol: string): Promise<number | null> {
  try {
    const { usd } = await getApiClient().get('/token_price', { query: { chainId: String(chainId), tokenSymbol } })
    return typeof usd === 'number' ? usd : null
  } catch {
    // Spec part 3 §8: SOL's price (asked on chain id 0, §7) has its own text.
    console.warn(chainId === 0 && tokenSymbol === 'SOL' ? 'Unable to fetch SOL price' : `Unable to fetch token price on chain id ${chainId}`)
    return null
  }
}

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

/** The user's entries of a by-address map of the scan (`assets_diffs`, `exposures`), matched case-insensitively. */
function forAccount(map: unknown, account: string): unknown[] {
  if (!isObject(map)) return []
  return Object.entries(map).flatMap(([key, value]) => (key.toLowerCase() === account.toLowerCase() ? list(value) : []))
}

/** One amount of a diff or exposure: an NFT's token id, else the scan's own decimal value, else its raw value in the asset's decimals. */
function amount(entry: unknown, asset: Json): string | null {
  if (!isObject(entry)) return null
  if (entry.token_id !== undefined && entry.token_id !== null) return `#${BigInt(String(entry.token_id))}`
  if (typeof entry.value === 'string' || typeof entry.value === 'number') return String(entry.value)
  if (typeof entry.raw_value === 'string' || typeof entry.raw_value === 'number') {
    try {
      return formatCrypto(BigInt(entry.raw_value), typeof asset.decimals === 'number' ? asset.decimals : 0)
    } catch {
      return null
    }
  }
  return null
}

const symbolOf = (asset: Json) =>
  typeof asset.symbol === 'string' && asset.symbol ? asset.symbol : typeof asset.name === 'string' && asset.name ? asset.name : String(asset.type ?? '?')
const amounts = (entries: unknown, asset: Json) => list(entries).flatMap((e) => amount(e, asset) ?? [])

/**
 * The scan of a transaction, or null when scanning is off or failed (spec part 3 §5: a failed
 * simulation, or an empty token list: no asset changes for anyone).
 */
export async function scanTransaction(
  method: 'eth_sendTransaction' | 'eth_signTransaction',
  tx: TransactionToSign,
  account: string,
): Promise<ScanInsight | null> {
  if (!$config.get().app?.transactionScan?.enabled) return null
  try {
    const answer = await getApiClient().post('/scan/transaction', {
      chain_id: tx.chainId,
      metadata: { domain: location.origin },
      request: { method, params: [tx] },
    })
    const simulation = answer.simulation
    const diffs: unknown = simulation?.assets_diffs
    if (simulation?.status !== 'Success' || !isObject(diffs) || Object.values(diffs).every((entries) => list(entries).length === 0)) return null
    const validation = answer.validation?.status === 'Success' ? answer.validation : null
    const verdict = validation?.result_type
    const assets = forAccount(diffs, account).flatMap((diff): ScanAssetChange[] => {
      if (!isObject(diff) || !isObject(diff.asset)) return []
      const change = { symbol: symbolOf(diff.asset), in: amounts(diff.in, diff.asset), out: amounts(diff.out, diff.asset) }
      return change.in.length || change.out.length ? [change] : []
    })
    const exposures = forAccount(simulation.exposures, account).flatMap((exposure): ScanExposure[] => {
      if (!isObject(exposure) || !isObject(exposure.asset) || !isObject(exposure.spenders)) return []
      const asset = exposure.asset
      return Object.entries(exposure.spenders).map(([spender, detail]) => ({
        symbol: symbolOf(asset),
        spender,
        amounts: isObject(detail) ? amounts(detail.exposure, asset) : [],
      }))
    })
    return {
      verdict: verdict === 'Benign' || verdict === 'Warning' || verdict === 'Malicious' ? verdict : null,
      description: typeof validation?.description === 'string' ? validation.description : '',
      reason: typeof validation?.reason === 'string' ? validation.reason : '',
      assets,
      exposures,
    }
  } catch {
    return null
  }
}
