/**
 * Stand-ins for the services the confirmation screen relies on, speaking their documented formats:
 * a CoinGecko-style price source (`GET ?ids=…&vs_currencies=usd` → `{ id: { usd } }`) and a
 * Blockaid-style EVM transaction scanner (`POST` JSON-RPC scan → `{ validation, simulation }`).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface StandIn {
  url: string
  requests: { url: string; headers: IncomingMessage['headers']; body: unknown }[]
  close(): Promise<void>
}

async function serve(handler: (url: URL, body: unknown) => { status: number; body: unknown }): Promise<StandIn> {
  const requests: StandIn['requests'] = []
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : null
      requests.push({ url: req.url ?? '', headers: req.headers, body })
      const out = handler(new URL(req.url ?? '/', 'http://stand-in'), body)
      res.writeHead(out.status, { 'content-type': 'application/json' }).end(JSON.stringify(out.body))
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

/** Prices by source id ('ethereum', 'usd-coin'); an id not listed gets `{}` as CoinGecko answers. */
export function startPriceSource(prices: Record<string, number>) {
  return serve((url) => {
    const id = url.searchParams.get('ids') ?? ''
    if (url.searchParams.get('vs_currencies') !== 'usd') return { status: 400, body: { error: 'vs_currencies' } }
    return { status: 200, body: id in prices ? { [id]: { usd: prices[id] } } : {} }
  })
}

export type Verdict = 'Benign' | 'Warning' | 'Malicious' | 'fail'

/** One entry of Blockaid's `assets_diffs[address]`: the asset and what moved in and out (`raw_value` in base units, hex; `value` after decimals). */
export interface AssetDiff {
  asset_type: string
  asset: { type: string; symbol?: string; name?: string; decimals?: number; address?: string }
  in: { raw_value: string; value?: string; usd_price?: string; summary?: string; token_id?: string }[]
  out: { raw_value: string; value?: string; usd_price?: string; summary?: string; token_id?: string }[]
}

/** One entry of Blockaid's `exposures[address]`: an asset and, per spender, the exposure the transaction grants. */
export interface AssetExposure {
  asset_type: string
  asset: { type: string; symbol?: string; name?: string; decimals?: number; address?: string }
  spenders: Record<string, { exposure: { raw_value: string; value?: string }[]; approval?: string; summary?: string }>
}

/**
 * A scanner whose verdict the test sets; 'fail' answers a failed simulation (the screen must fall back).
 * The simulation answers for the request's `account_address`: by default the native value it sends
 * (read from the transaction); `state.diffs` / `state.exposures` replace that (`diffs: []` is the
 * empty token list), and `state.description` / `state.reason` the validation's texts.
 */
export async function startScanner(apiKey: string) {
  const state: { verdict: Verdict; diffs?: AssetDiff[]; exposures?: AssetExposure[]; description?: string; reason?: string } = { verdict: 'Benign' }
  const standIn = await serve((_url, body) => {
    if (state.verdict === 'fail') return { status: 200, body: { validation: { status: 'Error' }, simulation: { status: 'Error', error: 'simulation failed' } } }
    const request = body as { account_address: string; data: { params: { value?: string }[] } }
    const value = BigInt(request.data.params[0]?.value ?? '0x0')
    const native: AssetDiff = {
      asset_type: 'NATIVE',
      asset: { type: 'NATIVE', symbol: 'ETH', name: 'Ether', decimals: 18 },
      in: [],
      out: value > 0n ? [{ raw_value: `0x${value.toString(16)}` }] : [],
    }
    const malicious = state.verdict === 'Malicious'
    return {
      status: 200,
      body: {
        validation: {
          status: 'Success',
          result_type: state.verdict,
          description: state.description ?? (malicious ? 'Known drainer contract' : ''),
          reason: state.reason ?? (malicious ? 'known_attacker' : ''),
          features: [],
        },
        simulation: {
          status: 'Success',
          assets_diffs: { [request.account_address]: state.diffs ?? (native.out.length ? [native] : []) },
          exposures: state.exposures ? { [request.account_address]: state.exposures } : {},
          params: {},
        },
      },
    }
  })
  return { ...standIn, state, apiKey }
}
