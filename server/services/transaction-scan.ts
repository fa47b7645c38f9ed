/**
 * Transaction scanning through the app's scanning service, in Blockaid's EVM JSON-RPC scan format:
 * `POST {url}` with `X-API-KEY`, body `{ chain, account_address, metadata: { domain }, data:
 * { method, params }, options: ['validation', 'simulation'] }`, answer `{ validation: { status,
 * result_type: 'Benign' | 'Warning' | 'Malicious', … }, simulation: { status, assets_diffs, exposures, … } }`.
 * The key stays on the server; the browser gets the verdict.
 */
import type { TransactionScanSettings } from './app-config.js'

const SCAN_TIMEOUT_MS = 10_000

/** Blockaid's chain names for the ids it scans; other ids are sent as their number. */
const CHAIN_NAMES: Record<number, string> = {
  1: 'ethereum',
  10: 'optimism',
  56: 'bsc',
  137: 'polygon',
  8453: 'base',
  42161: 'arbitrum',
  43114: 'avalanche',
  11155111: 'ethereum-sepolia',
  84532: 'base-sepolia',
}

export interface ScanInput {
  chainId: number
  domain: string
  accountAddress: string
  request: { method: string; params: unknown[] }
}

export interface ScanResult {
  validation: { status?: string; result_type?: string; description?: string; reason?: string; features?: unknown[] } | null
  simulation: { status?: string; assets_diffs?: unknown; exposures?: unknown; params?: unknown; error?: string } | null
}

/** The service's verdict, or null when it could not be had (the screen then shows the basic view). */
export async function scanTransaction(settings: TransactionScanSettings, input: ScanInput): Promise<ScanResult | null> {
  try {
    const response = await fetch(settings.url, {
      method: 'POST',
      signal: AbortSignal.timeout(SCAN_TIMEOUT_MS),
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(settings.apiKey ? { 'X-API-KEY': settings.apiKey } : {}) },
      body: JSON.stringify({
        chain: CHAIN_NAMES[input.chainId] ?? String(input.chainId),
        account_address: input.accountAddress,
        metadata: { domain: input.domain },
        data: input.request,
        options: ['validation', 'simulation'],
      }),
    })
    if (!response.ok) return null
    const body = (await response.json()) as Partial<ScanResult>
    return { validation: body.validation ?? null, simulation: body.simulation ?? null }
  } catch {
    return null
  }
}
