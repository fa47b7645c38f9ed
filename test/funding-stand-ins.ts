/**
 * Stand-ins for the funding providers that cannot run here, speaking their documented formats:
 *
 * - A MoonPay-style card provider: the widget page (`GET /?apiKey&walletAddress&externalTransactionId…&signature`)
 *   checks the signature as MoonPay does (HMAC-SHA256 of the query string before `signature`, keyed
 *   by the secret key, base64) and offers 'Buy' / 'Decline card' / 'Pay' (card, then processing) /
 *   'Bank transfer' (a SEPA payment left `waitingAuthorization`); the API answers
 *   `GET /v1/transactions/ext/{externalTransactionId}?apiKey=pk_…` with the list of transactions
 *   (404 `NotFoundError` while there is none).
 * - A Coinbase-style on-ramp: `POST /onramp/v1/token` (bearer: an ES256 CDP JWT whose `uri` names the
 *   call) answers `{ token, channel_id }`; the pay page `GET /buy/select-asset?sessionToken&partnerUserRef`
 *   offers 'Buy' / 'Fail'; `GET /onramp/v1/buy/user/{partnerUserRef}/transactions` answers
 *   `{ transactions: [{ status: 'ONRAMP_TRANSACTION_STATUS_…', tx_hash, … }], next_page_key, total_count }`.
 *
 * `onPurchase` runs when a purchase completes (the e2e tests send the bought funds on the local chain).
 */
import { createHmac, generateKeyPairSync } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose'

type Purchase = { address: string; amount: number }

export async function listen(handler: (req: IncomingMessage, res: ServerResponse, url: URL, body: string) => Promise<unknown> | unknown) {
  const server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      Promise.resolve(handler(req, res, new URL(req.url ?? '/', 'http://stand-in'), raw)).catch((error) => res.writeHead(500).end(String(error)))
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => server.close(() => r())) }
}

export const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end(JSON.stringify(body))
const page = (res: ServerResponse, title: string, buttons: [string, string][]) =>
  res
    .writeHead(200, { 'content-type': 'text/html' })
    .end(
      `<!doctype html><title>${title}</title><h1>${title}</h1>${buttons.map(([label, action]) => `<form method="post" action="${action}"><button>${label}</button></form>`).join('')}`,
    )

export async function startMoonpayStandIn(
  keys = { publishableKey: 'pk_test_standin', secretKey: 'sk_test_standin' },
  onPurchase?: (p: Purchase) => Promise<void>,
) {
  const transactions = new Map<string, Record<string, unknown>>()
  const widgetLoads: { url: string; validSignature: boolean }[] = []
  const server = await listen(async (req, res, url, body) => {
    if (req.method === 'GET' && url.pathname === '/') {
      const search = url.search
      const at = search.lastIndexOf('&signature=')
      const unsigned = at >= 0 ? search.slice(0, at) : search
      const signature = at >= 0 ? decodeURIComponent(search.slice(at + '&signature='.length)) : ''
      const validSignature = createHmac('sha256', keys.secretKey).update(unsigned).digest('base64') === signature
      widgetLoads.push({ url: url.toString(), validSignature })
      if (!validSignature || url.searchParams.get('apiKey') !== keys.publishableKey) return void res.writeHead(403).end('Invalid signature')
      const id = url.searchParams.get('externalTransactionId')!
      const q = `?id=${encodeURIComponent(id)}&address=${encodeURIComponent(url.searchParams.get('walletAddress') ?? '')}&amount=${url.searchParams.get('quoteCurrencyAmount') ?? '0.01'}`
      return page(res, 'MoonPay stand-in', [
        ['Buy', `/complete${q}`],
        ['Decline card', `/fail${q}`],
        ['Pay', `/pending${q}`],
        ['Bank transfer', `/bank${q}`],
      ])
    }
    // A bank payment (not a card) waiting for the bank's authorization: terminal for the widget (spec part 3 §4).
    if (req.method === 'POST' && url.pathname === '/bank') {
      const id = url.searchParams.get('id')!
      transactions.set(id, {
        id: `tx-${id}`,
        externalTransactionId: id,
        status: 'waitingAuthorization',
        paymentMethod: 'sepa_bank_transfer',
        cardPaymentType: null,
        currency: { code: 'eth' },
        baseCurrencyAmount: 20,
        quoteCurrencyAmount: Number(url.searchParams.get('amount')),
        walletAddress: url.searchParams.get('address'),
      })
      return page(res, 'MoonPay stand-in', [])
    }
    // 'Pay': the provider has the transaction and processes the payment ('pending'); 'Buy' then completes it.
    if (req.method === 'POST' && url.pathname === '/pending') {
      const id = url.searchParams.get('id')!
      transactions.set(id, { id: `tx-${id}`, externalTransactionId: id, status: 'pending', paymentMethod: 'credit_debit_card', cardPaymentType: 'card' })
      return page(res, 'MoonPay stand-in', [['Buy', `/complete${url.search}`]])
    }
    if (req.method === 'POST' && (url.pathname === '/complete' || url.pathname === '/fail')) {
      const id = url.searchParams.get('id')!
      const amount = Number(url.searchParams.get('amount'))
      const done = url.pathname === '/complete'
      if (done) await onPurchase?.({ address: url.searchParams.get('address')!, amount })
      transactions.set(id, {
        id: `tx-${id}`,
        externalTransactionId: id,
        status: done ? 'completed' : 'failed',
        paymentMethod: 'credit_debit_card',
        cardPaymentType: 'card',
        currency: { code: 'eth' },
        baseCurrencyAmount: 20,
        quoteCurrencyAmount: amount,
        feeAmount: 1,
        extraFeeAmount: 0.2,
        networkFeeAmount: 0.1,
        walletAddress: url.searchParams.get('address'),
      })
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<h1>${done ? 'Purchase complete' : 'Payment failed'}</h1><script>setTimeout(() => window.close(), 50)</script>`)
    }
    const ext = /^\/v1\/transactions\/ext\/([^/]+)$/.exec(url.pathname)
    if (req.method === 'GET' && ext) {
      if (url.searchParams.get('apiKey') !== keys.publishableKey) return json(res, 401, { message: 'Invalid API key', type: 'UnauthorizedError' })
      const tx = transactions.get(decodeURIComponent(ext[1]!))
      return tx ? json(res, 200, [tx]) : json(res, 404, { message: 'Transaction not found', type: 'NotFoundError' })
    }
    void body
    res.writeHead(404).end()
  })
  return { ...server, keys, transactions, widgetLoads }
}

export async function startCoinbaseStandIn(onPurchase?: (p: Purchase) => Promise<void>) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const apiKeyName = 'organizations/standin/apiKeys/key-1'
  const verifier = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'ES256')
  const sessions = new Map<string, { addresses: { address: string; blockchains: string[] }[]; assets?: string[]; clientIp: string }>()
  const transactions = new Map<string, Record<string, unknown>>()
  const calls: { method: string; path: string; body: unknown }[] = []
  let next = 0
  const server = await listen(async (req, res, url, body) => {
    if (url.pathname.startsWith('/onramp/v1/')) {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
      const expectedUri = `${req.method} ${req.headers.host}${url.pathname}`
      try {
        if (!token || decodeProtectedHeader(token).kid !== apiKeyName) throw new Error('kid')
        const { payload } = await jwtVerify(token, verifier, { issuer: 'cdp', subject: apiKeyName })
        if (payload.uri !== expectedUri) throw new Error(`uri ${String(payload.uri)} != ${expectedUri}`)
      } catch (error) {
        return json(res, 401, { code: 'unauthorized', message: `invalid JWT: ${(error as Error).message}` })
      }
      calls.push({ method: req.method!, path: url.pathname, body: body ? JSON.parse(body) : null })
      if (req.method === 'POST' && url.pathname === '/onramp/v1/token') {
        const input = JSON.parse(body)
        if (!Array.isArray(input.addresses) || !input.clientIp)
          return json(res, 400, { code: 'invalid_request', message: 'addresses and clientIp are required' })
        const sessionToken = `session-${++next}`
        sessions.set(sessionToken, input)
        return json(res, 200, { token: sessionToken, channel_id: '' })
      }
      const user = /^\/onramp\/v1\/buy\/user\/([^/]+)\/transactions$/.exec(url.pathname)
      if (req.method === 'GET' && user) {
        const tx = transactions.get(decodeURIComponent(user[1]!))
        return json(res, 200, { transactions: tx ? [tx] : [], next_page_key: '', total_count: tx ? '1' : '0' })
      }
    }
    if (req.method === 'GET' && url.pathname === '/buy/select-asset') {
      const session = sessions.get(url.searchParams.get('sessionToken') ?? '')
      if (!session) return void res.writeHead(400).end('Invalid session token')
      const q = `?ref=${encodeURIComponent(url.searchParams.get('partnerUserRef') ?? '')}&address=${encodeURIComponent(session.addresses[0]!.address)}&amount=${url.searchParams.get('presetCryptoAmount') ?? '0.01'}`
      return page(res, 'Coinbase stand-in', [
        ['Buy', `/complete${q}`],
        ['Fail', `/fail${q}`],
      ])
    }
    if (req.method === 'POST' && (url.pathname === '/complete' || url.pathname === '/fail')) {
      const done = url.pathname === '/complete'
      const amount = Number(url.searchParams.get('amount'))
      if (done) await onPurchase?.({ address: url.searchParams.get('address')!, amount })
      transactions.set(url.searchParams.get('ref')!, {
        status: done ? 'ONRAMP_TRANSACTION_STATUS_SUCCESS' : 'ONRAMP_TRANSACTION_STATUS_FAILED',
        purchase_currency: 'ETH',
        purchase_network: 'ethereum',
        purchase_amount: { value: String(amount), currency: 'ETH' },
        wallet_address: url.searchParams.get('address'),
        tx_hash: done ? `0x${'ab'.repeat(32)}` : '',
        partner_user_ref: url.searchParams.get('ref'),
      })
      return void res.writeHead(200, { 'content-type': 'text/html' }).end(`<h1>${done ? 'Done' : 'Failed'}</h1>`)
    }
    res.writeHead(404).end()
  })
  return { ...server, apiKeyName, apiKeySecret: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), sessions, transactions, calls }
}
