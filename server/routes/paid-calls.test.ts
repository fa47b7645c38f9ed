/**
 * Calls that spend the app's paid quotas (issue 24, Low): a logged-out session's token gets no
 * funding URL, on-ramp session or scan; an on-ramp's status is its starter's only; scan and
 * funding calls are throttled per user, `GET /spl_token_info` per IP.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startCoinbaseStandIn, startMoonpayStandIn } from '../../test/funding-stand-ins.js'
import { startScanner } from '../../test/scan-and-price-standins.js'
import { forEachDatabase, startHarness, type Harness } from '../testing.js'

const ADDRESS = '0x1111111111111111111111111111111111111111'
const LIMITS = { paidCalls: 3, ipPaidCalls: 5, fundingStatus: 4 }
const SIGN = '/api/v1/plugins/moonpay_on_ramp/sign'
const INIT = '/api/v1/funding/coinbase_on_ramp/init'
const SCAN = '/api/v1/scan/transaction'
const scanBody = { chain_id: 1, request: { method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: ADDRESS, value: '0x1' }] } }
const initBody = { addresses: [{ address: ADDRESS, blockchains: ['base'] }] }

forEachDatabase((target) => {
  let h: Harness
  let moonpay: Awaited<ReturnType<typeof startMoonpayStandIn>>
  let coinbase: Awaited<ReturnType<typeof startCoinbaseStandIn>>
  let scanner: Awaited<ReturnType<typeof startScanner>>
  beforeAll(async () => {
    ;[h, moonpay, coinbase, scanner] = await Promise.all([
      startHarness(target, { rateLimits: LIMITS }),
      startMoonpayStandIn(),
      startCoinbaseStandIn(),
      startScanner('paid-scan-key'),
    ])
  })
  afterAll(async () => {
    await h?.close()
    await moonpay?.close()
    await coinbase?.close()
    await scanner?.close()
  })

  const paidApp = () =>
    h.createApp({
      name: 'Paid calls',
      chains: [{ id: 31337, name: 'Local chain', rpcUrl: 'http://127.0.0.1:8545' }],
      funding: {
        enabled: true,
        options: [
          { method: 'card', provider: 'moonpay' },
          { method: 'exchange', provider: 'coinbase' },
        ],
        useSandbox: true,
      },
      fundingProviders: {
        moonpay: {
          sandboxPublishableKey: moonpay.keys.publishableKey,
          sandboxSecretKey: moonpay.keys.secretKey,
          sandboxWidgetUrl: moonpay.url,
          apiUrl: moonpay.url,
        },
        coinbase: { apiKeyName: coinbase.apiKeyName, apiKeySecret: coinbase.apiKeySecret, apiUrl: coinbase.url, payUrl: coinbase.url },
      },
      transactionScan: { url: `${scanner.url}/v0/evm/json-rpc/scan`, apiKey: scanner.apiKey },
    })

  it('error: a logged-out session gets no signed funding URL, no on-ramp session and no scan', async () => {
    const appId = await paidApp()
    const { token } = await h.login(appId, 'logged-out-paid@example.com')
    expect((await h.post(SIGN, { address: ADDRESS }, { appId, token })).statusCode).toBe(200)
    expect((await h.post('/api/v1/sessions/logout', {}, { appId, token })).statusCode).toBe(200)
    const [scans, calls] = [scanner.requests.length, coinbase.calls.length]
    for (const res of [
      await h.post(SIGN, { address: ADDRESS }, { appId, token }),
      await h.post(INIT, initBody, { appId, token }),
      await h.post(SCAN, scanBody, { appId, token }),
    ]) {
      expect([res.statusCode, res.json().code]).toEqual([401, 'missing_or_invalid_token'])
      expect(res.body).not.toContain('signedUrl')
    }
    expect(scanner.requests.length).toBe(scans)
    expect(coinbase.calls.length).toBe(calls)
  })

  it("error: an on-ramp's status is answered only to the user who started it", async () => {
    const appId = await paidApp()
    const owner = await h.login(appId, 'onramp-owner@example.com')
    const other = await h.login(appId, 'onramp-other@example.com')
    const { partner_user_id } = (await h.post(INIT, initBody, { appId, token: owner.token })).json()
    const status = (token: string, id = partner_user_id) => h.get(`/api/v1/funding/coinbase_on_ramp/status?partnerUserId=${id}`, { appId, token })
    const stolen = await status(other.token)
    expect([stolen.statusCode, stolen.json()]).toEqual([404, { code: 'not_found', error: 'No exchange on-ramp session of this user has this id' }])
    expect((await status(other.token, randomUUID())).statusCode).toBe(404)
    expect((await status(owner.token)).json()).toEqual({ status: 'pending', tx_hash: null })
  })

  it('error: scan and funding calls are throttled per user, status polling on its own budget', async () => {
    const appId = await paidApp()
    const { token } = await h.login(appId, 'paid-throttle@example.com')
    const scans = scanner.requests.length
    for (let i = 0; i < LIMITS.paidCalls; i++) expect((await h.post(SCAN, scanBody, { appId, token })).statusCode).toBe(200)
    // Scan, card signing and on-ramp sessions share the user's budget: each new IP changes nothing.
    for (const res of [
      await h.post(SCAN, scanBody, { appId, token }),
      await h.post(SIGN, { address: ADDRESS }, { appId, token }),
      await h.post(INIT, initBody, { appId, token }),
    ]) {
      expect([res.statusCode, res.json().code]).toEqual([429, 'too_many_requests'])
    }
    expect(scanner.requests.length).toBe(scans + LIMITS.paidCalls)

    const poller = await h.login(appId, 'paid-poller@example.com')
    const { partner_user_id } = (await h.post(INIT, initBody, { appId, token: poller.token })).json()
    const poll = () => h.get(`/api/v1/funding/coinbase_on_ramp/status?partnerUserId=${partner_user_id}`, { appId, token: poller.token })
    for (let i = 0; i < LIMITS.fundingStatus; i++) expect((await poll()).statusCode).toBe(200)
    expect((await poll()).statusCode).toBe(429)
  })

  it('error: GET /spl_token_info is throttled per IP (it spends the cluster RPC of the app)', async () => {
    const appId = await paidApp()
    const ask = (ip: string) => h.get(`/api/v1/spl_token_info?mint_address=EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v&cluster=nowhere`, { appId, ip })
    for (let i = 0; i < LIMITS.ipPaidCalls; i++) expect((await ask('10.99.0.1')).json().code).toBe('invalid_data')
    const over = await ask('10.99.0.1')
    expect([over.statusCode, over.json().code]).toEqual([429, 'too_many_requests'])
    expect((await ask('10.99.0.2')).statusCode).toBe(400)
  })
})
