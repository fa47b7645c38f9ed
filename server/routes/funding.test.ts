import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startCoinbaseStandIn, startMoonpayStandIn } from '../../test/funding-stand-ins.js'
import { ADMIN_TOKEN, forEachDatabase, startHarness, type Harness } from '../testing.js'

const ADDRESS = '0x1111111111111111111111111111111111111111'
const admin = { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }

forEachDatabase((target) => {
  let h: Harness
  let moonpay: Awaited<ReturnType<typeof startMoonpayStandIn>>
  let coinbase: Awaited<ReturnType<typeof startCoinbaseStandIn>>
  beforeAll(async () => {
    ;[h, moonpay, coinbase] = await Promise.all([startHarness(target), startMoonpayStandIn(), startCoinbaseStandIn()])
  })
  afterAll(async () => {
    await h?.close()
    await moonpay?.close()
    await coinbase?.close()
  })

  const providers = () => ({
    moonpay: {
      publishableKey: 'pk_live_not_used',
      secretKey: 'sk_live_0123456789abcdef',
      sandboxPublishableKey: moonpay.keys.publishableKey,
      sandboxSecretKey: moonpay.keys.secretKey,
      sandboxWidgetUrl: moonpay.url,
      apiUrl: moonpay.url,
    },
    coinbase: { apiKeyName: coinbase.apiKeyName, apiKeySecret: coinbase.apiKeySecret, apiUrl: coinbase.url, payUrl: coinbase.url },
  })
  const fundingApp = (funding: Record<string, unknown> = {}) =>
    h.createApp({
      name: 'Funding',
      chains: [{ id: 31337, name: 'Local chain', rpcUrl: 'http://127.0.0.1:8545' }],
      funding: {
        enabled: true,
        options: [{ method: 'card', provider: 'moonpay' }, { method: 'exchange', provider: 'coinbase' }, { method: 'wallets' }],
        defaultRecommendedCurrency: { chain: 'eip155:31337', asset: 'native-currency' },
        defaultRecommendedAmount: '0.05',
        useSandbox: true,
        ...funding,
      },
      fundingProviders: providers(),
    })

  it('app funding settings reach the public config; provider secrets are masked in the admin API and never public', async () => {
    const appId = await fundingApp()
    const config = (await h.get(`/api/v1/apps/${appId}`)).json()
    expect(config.funding).toMatchObject({
      enabled: true,
      options: [{ method: 'card', provider: 'moonpay' }, { method: 'exchange', provider: 'coinbase' }, { method: 'wallets' }],
      defaultRecommendedCurrency: { chain: 'eip155:31337', asset: 'native-currency' },
      defaultRecommendedAmount: '0.05',
      crossChainBridgingEnabled: false,
      // The sandbox switch picks the test publishable key.
      moonpay: { publishableKey: moonpay.keys.publishableKey, apiUrl: moonpay.url },
      // Spec part 3 §7: the bridge status host has a testnet variant, picked by the same sandbox switch.
      bridgeApiUrl: 'https://api.testnets.relay.link',
    })
    expect(JSON.stringify(config)).not.toContain('sk_')
    expect(JSON.stringify(config)).not.toContain('PRIVATE KEY')
    const view = (await h.get(`/api/v1/admin/apps/${appId}`, admin)).json()
    expect(view.fundingProviders.moonpay.sandboxSecretKey).toMatch(/^\*{4}/)
    expect(view.fundingProviders.coinbase.apiKeySecret).toMatch(/^\*{4}/)
    expect(JSON.stringify(view)).not.toContain(moonpay.keys.secretKey)
    // Writing the masked view back keeps the stored secrets: signing still works.
    expect((await h.patchApp(appId, { fundingProviders: view.fundingProviders, funding: { useSandbox: false } })).statusCode).toBe(200)
    const live = (await h.get(`/api/v1/apps/${appId}`)).json().funding
    expect(live.moonpay.publishableKey).toBe('pk_live_not_used')
    expect(live.bridgeApiUrl).toBe('https://api.relay.link')
    // An app's own bridge hosts win over the defaults, each on its side of the switch.
    const bridge = { apiUrl: 'https://bridge.example.com', testnetApiUrl: 'https://testnet.bridge.example.com' }
    expect((await h.patchApp(appId, { fundingProviders: { ...view.fundingProviders, bridge } })).statusCode).toBe(200)
    expect((await h.get(`/api/v1/apps/${appId}`)).json().funding.bridgeApiUrl).toBe(bridge.apiUrl)
    expect((await h.patchApp(appId, { funding: { useSandbox: true } })).statusCode).toBe(200)
    expect((await h.get(`/api/v1/apps/${appId}`)).json().funding.bridgeApiUrl).toBe(bridge.testnetApiUrl)
  })

  it("error: a funding chain missing from the chains list is refused: 'Funding chain <id> is not in PrivyProvider chains list'", async () => {
    const res = await h.post(
      '/api/v1/admin/apps',
      { name: 'Bad', funding: { enabled: true, options: [{ method: 'wallets' }], defaultRecommendedCurrency: { chain: 'eip155:8453' } } },
      admin,
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('Funding chain 8453 is not in PrivyProvider chains list')
  })

  it('POST /plugins/moonpay_on_ramp/sign signs the widget URL as the provider checks it (HMAC-SHA256 of the query, base64)', async () => {
    const appId = await fundingApp()
    const { token } = await h.login(appId, 'card@example.com')
    const res = await h.post(
      '/api/v1/plugins/moonpay_on_ramp/sign',
      { address: ADDRESS, useSandbox: true, config: { currencyCode: 'eth', quoteCurrencyAmount: 0.05, uiConfig: { theme: 'dark', accentColor: '#676FFF' } } },
      { appId, token },
    )
    expect(res.statusCode, res.body).toBe(200)
    const { signedUrl, externalTransactionId } = res.json()
    const url = new URL(signedUrl)
    expect(url.origin).toBe(moonpay.url)
    expect(url.searchParams.get('walletAddress')).toBe(ADDRESS)
    expect(url.searchParams.get('externalTransactionId')).toBe(externalTransactionId)
    expect(url.searchParams.get('quoteCurrencyAmount')).toBe('0.05')
    const unsigned = signedUrl.slice(0, signedUrl.lastIndexOf('&signature='))
    expect(url.searchParams.get('signature')).toBe(createHmac('sha256', moonpay.keys.secretKey).update(new URL(unsigned).search).digest('base64'))
    // The stand-in widget accepts it, and refuses a URL changed after signing.
    expect((await fetch(signedUrl)).status).toBe(200)
    expect((await fetch(signedUrl.replace(ADDRESS, '0x2222222222222222222222222222222222222222'))).status).toBe(403)
  })

  it('error: signing needs a signed-in user and funding enabled (Wallet funding is not enabled)', async () => {
    const appId = await fundingApp()
    expect((await h.post('/api/v1/plugins/moonpay_on_ramp/sign', { address: ADDRESS }, { appId })).statusCode).toBe(401)
    const off = await h.createApp({ name: 'No funding' })
    const { token } = await h.login(off, 'nofund@example.com')
    const res = await h.post('/api/v1/plugins/moonpay_on_ramp/sign', { address: ADDRESS }, { appId: off, token })
    expect(res.statusCode).toBe(422)
    expect(res.json().error).toBe('Wallet funding is not enabled')
  })

  it('coinbase_on_ramp init asks the provider for a session token (CDP JWT, client IP); status follows its transactions', async () => {
    const appId = await fundingApp()
    const { token } = await h.login(appId, 'exchange@example.com')
    const init = await h.post(
      '/api/v1/funding/coinbase_on_ramp/init',
      { addresses: [{ address: ADDRESS, blockchains: ['ethereum', 'base'] }], assets: ['ETH'] },
      { appId, token },
    )
    expect(init.statusCode, init.body).toBe(200)
    const { partner_user_id, session_token, url } = init.json()
    expect(session_token).toMatch(/^session-/)
    expect(url).toBe(`${coinbase.url}/buy/select-asset`)
    const sent = coinbase.sessions.get(session_token)!
    expect(sent.addresses).toEqual([{ address: ADDRESS, blockchains: ['ethereum', 'base'] }])
    expect(sent.clientIp).toMatch(/^10\./)
    const status = () => h.get(`/api/v1/funding/coinbase_on_ramp/status?partnerUserId=${partner_user_id}`, { appId, token })
    expect((await status()).json()).toEqual({ status: 'pending', tx_hash: null })
    await fetch(`${coinbase.url}/complete?ref=${partner_user_id}&address=${ADDRESS}&amount=0.05`, { method: 'POST' })
    expect((await status()).json()).toEqual({ status: 'success', tx_hash: `0x${'ab'.repeat(32)}` })
  })

  it('error: a failed exchange purchase reads failure; an unsupported blockchain is refused', async () => {
    const appId = await fundingApp()
    const { token } = await h.login(appId, 'exchange2@example.com')
    const bad = await h.post('/api/v1/funding/coinbase_on_ramp/init', { addresses: [{ address: ADDRESS, blockchains: ['dogechain'] }] }, { appId, token })
    expect(bad.statusCode).toBe(400)
    const init = (await h.post('/api/v1/funding/coinbase_on_ramp/init', { addresses: [{ address: ADDRESS, blockchains: ['base'] }] }, { appId, token })).json()
    await fetch(`${coinbase.url}/fail?ref=${init.partner_user_id}&address=${ADDRESS}`, { method: 'POST' })
    const res = await h.get(`/api/v1/funding/coinbase_on_ramp/status?partnerUserId=${init.partner_user_id}`, { appId, token })
    expect(res.json().status).toBe('failure')
  })
})
