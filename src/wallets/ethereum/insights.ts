/**
 * What the confirmation screen asks our server besides the chain: the USD price of the native
 * token (`GET /token_price`) and, when the app turned scanning on, the scan verdict
 * (`POST /scan/transaction`). Both fail quietly: spec part 3 §5 and §8 fall back to the basic view.
 */
import { getApiClient } from '../../api/instance.ts'
import { $config } from '../../stores/config.ts'
import type { TransactionToSign } from '../../../frame/src/protocol.ts'

/** Spec part 3 §3: the scan's validation result_type. */
export type ScanVerdict = 'Benign' | 'Warning' | 'Malicious'

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

/** The verdict, or null when scanning is off or failed (failed simulation, no token list). */
export async function scanTransaction(method: 'eth_sendTransaction' | 'eth_signTransaction', tx: TransactionToSign): Promise<ScanVerdict | null> {
  if (!$config.get().app?.transactionScan?.enabled) return null
  try {
    const answer = await getApiClient().post('/scan/transaction', {
      chain_id: tx.chainId,
      metadata: { domain: location.origin },
      request: { method, params: [tx] },
    })
    const diffs = answer.simulation?.assets_diffs
    if (answer.simulation?.status !== 'Success' || !diffs || Object.values(diffs).every((list) => !list?.length)) return null
    const verdict = answer.validation?.status === 'Success' ? answer.validation.result_type : undefined
    return verdict === 'Benign' || verdict === 'Warning' || verdict === 'Malicious' ? verdict : null
  } catch {
    return null
  }
}
