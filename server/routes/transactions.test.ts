import { afterAll, beforeAll, expect, it } from 'vitest'
import { startPriceSource, startScanner, type StandIn } from '../../test/scan-and-price-standins.js'
import { forEachDatabase, startHarness, type Harness } from '../testing.js'

forEachDatabase((target) => {
  let h: Harness
  let prices: StandIn
  let scanner: Awaited<ReturnType<typeof startScanner>>
  beforeAll(async () => {
    prices = await startPriceSource({ ethereum: 3120.5 })
    scanner = await startScanner('scan-key-123')
    h = await startHarness(target, { priceSourceUrl: `${prices.url}/api/v3/simple/price` })
  })
  afterAll(async () => {
    await h?.close()
    await prices?.close()
    await scanner?.close()
  })

  it('GET /token_price answers { usd } from the price source and caches it', async () => {
    const appId = await h.createApp({ name: 'Prices' })
    const before = prices.requests.length
    const res = await h.get('/api/v1/token_price?chainId=1&tokenSymbol=ETH', { appId })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ usd: 3120.5 })
    expect(prices.requests.at(-1)!.url).toBe('/api/v3/simple/price?ids=ethereum&vs_currencies=usd')
    await h.get('/api/v1/token_price?chainId=8453&tokenSymbol=eth', { appId })
    expect(prices.requests.length - before).toBe(1)
  })

  it('error: a token the source does not price answers 404 not_found (the widget shows no USD)', async () => {
    const appId = await h.createApp({ name: 'Prices 2' })
    const res = await h.get('/api/v1/token_price?chainId=1&tokenSymbol=USDC', { appId })
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('not_found')
  })

  it("POST /scan/transaction asks the app's scanner in Blockaid's format with its key, and answers the verdict", async () => {
    const appId = await h.createApp({ name: 'Scan', transactionScan: { url: `${scanner.url}/v0/evm/json-rpc/scan`, apiKey: scanner.apiKey } })
    expect((await h.get(`/api/v1/apps/${appId}`)).json().transactionScan).toEqual({ enabled: true })
    const { token } = await h.login(appId, 'scan@example.com')
    scanner.state.verdict = 'Malicious'
    const tx = { from: '0x1111111111111111111111111111111111111111', to: '0x2222222222222222222222222222222222222222', value: '0x1' }
    const res = await h.post(
      '/api/v1/scan/transaction',
      { chain_id: 1, metadata: { domain: 'https://shop.example' }, request: { method: 'eth_sendTransaction', params: [tx] } },
      { appId, token },
    )
    expect(res.statusCode).toBe(200)
    expect(res.json().validation.result_type).toBe('Malicious')
    const sent = scanner.requests.at(-1)!
    expect(sent.headers['x-api-key']).toBe('scan-key-123')
    expect(sent.body).toEqual({
      chain: 'ethereum',
      account_address: tx.from,
      metadata: { domain: 'https://shop.example' },
      data: { method: 'eth_sendTransaction', params: [tx] },
      options: ['validation', 'simulation'],
    })
    // The key is a secret: the admin API shows it masked.
    const admin = (await h.get(`/api/v1/admin/apps/${appId}`, { headers: { authorization: 'Bearer test-admin-token-0123456789' } })).json()
    expect(admin.transactionScan.apiKey).toMatch(/^\*{4}/)
    expect(JSON.stringify(admin)).not.toContain('scan-key-123')
  })

  it('error: scanning without a session answers 401, and with scanning off 404', async () => {
    const appId = await h.createApp({ name: 'No scan' })
    const body = { chain_id: 1, request: { method: 'eth_sendTransaction', params: [{}] } }
    expect((await h.post('/api/v1/scan/transaction', body, { appId })).statusCode).toBe(401)
    const { token } = await h.login(appId, 'noscan@example.com')
    const res = await h.post('/api/v1/scan/transaction', body, { appId, token })
    expect(res.statusCode).toBe(404)
    expect((await h.get(`/api/v1/apps/${appId}`)).json().transactionScan).toEqual({ enabled: false })
  })
})
