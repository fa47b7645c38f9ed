/**
 * A fake wallet-listing service speaking the WalletConnect Explorer API v3 wire format
 * (`GET /v3/wallets?projectId=…&entries=…&page=…` → `{ count, total, listings: { [id]: … } }`),
 * with CORS for the demo origin. `/app/*` stands in for the wallets' universal links, so a mobile
 * deep link lands somewhere the test can see; `/img/<name>.svg` stands in for the registry's wallet
 * images.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeListing {
  /** `http://127.0.0.1:PORT/v3/wallets` */
  url: string
  origin: string
  /** Query strings of every listing request. */
  requests: URLSearchParams[]
  /** Paths opened under /app/ (deep links). */
  opened: string[]
  setListings(listings: Record<string, unknown>): void
  close(): Promise<void>
}

export async function startFakeListing(listings: Record<string, unknown>): Promise<FakeListing> {
  const requests: URLSearchParams[] = []
  const opened: string[] = []
  let current = listings
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://listing')
    if (url.pathname === '/v3/wallets') {
      requests.push(url.searchParams)
      if (!url.searchParams.get('projectId')) return res.writeHead(401, { 'access-control-allow-origin': '*' }).end('{"error":"projectId required"}')
      const body = JSON.stringify({ count: Object.keys(current).length, total: Object.keys(current).length, listings: current })
      return res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end(body)
    }
    // Wallet images, as the registry serves them (image_url.sm): a small SVG for /img/<name>.svg.
    if (url.pathname.startsWith('/img/') && url.pathname.endsWith('.svg')) {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b99fc"/></svg>'
      return res.writeHead(200, { 'content-type': 'image/svg+xml', 'access-control-allow-origin': '*' }).end(svg)
    }
    if (url.pathname.startsWith('/app/')) {
      opened.push(`${url.pathname}${url.search}`)
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>wallet app</title>')
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: `${origin}/v3/wallets`,
    origin,
    requests,
    opened,
    setListings: (l) => void (current = l),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
