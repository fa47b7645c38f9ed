import { afterAll, beforeAll, expect, it } from 'vitest'
import { forEachDatabase, startHarness, type Harness } from '../testing.js'

/** The public `externalWallets` config (WalletConnect project id / relay / listing, Coinbase SDK preference). */
forEachDatabase((target) => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness(target)
  })
  afterAll(() => h?.close())

  it('defaults: WalletConnect enabled but without a project id (so not offered), Coinbase preference all', async () => {
    const id = await h.createApp({ name: 'Defaults' })
    expect((await h.get(`/api/v1/apps/${id}`)).json().externalWallets).toEqual({
      walletConnect: { enabled: true, projectId: null, relayUrl: null, listingUrl: null },
      coinbaseWallet: { options: 'all', keysUrl: null },
    })
  })

  it('PATCH sets the project id, relay and listing; the public config serves them (the project id is public)', async () => {
    const id = await h.createApp({ name: 'WC' })
    const res = await h.patchApp(id, {
      externalWallets: { walletConnect: { projectId: 'abc123', relayUrl: 'wss://relay.example', listingUrl: 'https://list.example/v3/wallets' } },
    })
    expect(res.statusCode).toBe(200)
    const pub = (await h.get(`/api/v1/apps/${id}`)).json().externalWallets
    expect(pub.walletConnect).toEqual({ enabled: true, projectId: 'abc123', relayUrl: 'wss://relay.example', listingUrl: 'https://list.example/v3/wallets' })
    await h.patchApp(id, { externalWallets: { coinbaseWallet: { options: 'eoaOnly' } } })
    expect((await h.get(`/api/v1/apps/${id}`)).json().externalWallets).toMatchObject({
      walletConnect: { projectId: 'abc123' },
      coinbaseWallet: { options: 'eoaOnly', keysUrl: null },
    })
  })

  it('error: a relay URL that is not ws(s), a bad option or an unknown field answers 400 invalid_data', async () => {
    const id = await h.createApp({ name: 'Bad' })
    for (const externalWallets of [
      { walletConnect: { relayUrl: 'https://relay.example' } },
      { walletConnect: { listingUrl: 'javascript:alert(1)' } },
      { walletConnect: { projectId: 'has spaces' } },
      { coinbaseWallet: { options: 'everything' } },
      { walletConnect: { secret: 'x' } },
    ]) {
      const res = await h.patchApp(id, { externalWallets })
      expect(res.statusCode, JSON.stringify(externalWallets)).toBe(400)
      expect(res.json().code).toBe('invalid_data')
    }
  })
})
