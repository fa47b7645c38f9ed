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

/** A scanner whose verdict the test sets; 'fail' answers a failed simulation (the screen must fall back). */
export async function startScanner(apiKey: string) {
  const state: { verdict: Verdict } = { verdict: 'Benign' }
  const standIn = await serve(() => {
    if (state.verdict === 'fail') return { status: 200, body: { validation: { status: 'Error' }, simulation: { status: 'Error', error: 'simulation failed' } } }
    return {
      status: 200,
      body: {
        validation: {
          status: 'Success',
          result_type: state.verdict,
          description: state.verdict === 'Malicious' ? 'Known drainer contract' : '',
          reason: state.verdict === 'Malicious' ? 'known_attacker' : '',
          features: [],
        },
        simulation: {
          status: 'Success',
          assets_diffs: { '0x0': [{ asset: { type: 'NATIVE', symbol: 'ETH', decimals: 18 }, in: [], out: [{ raw_value: '0x1' }] }] },
          exposures: {},
          params: {},
        },
      },
    }
  })
  return { ...standIn, state, apiKey }
}
