import { afterAll, beforeAll, expect, it } from 'vitest'
import { ADMIN_TOKEN, forEachDatabase, startHarness, type Harness } from '../testing.js'

forEachDatabase((target) => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness(target)
  })
  afterAll(() => h?.close())

  const admin = { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }

  it('chains set through the admin API reach the public app config, known ids filled in from viem', async () => {
    const id = await h.createApp({
      name: 'Chains',
      chains: [{ id: 8453 }, { id: 31337, name: 'Local', rpcUrl: 'http://127.0.0.1:8545', blockExplorerUrl: null }],
      defaultChain: 31337,
    })
    const config = (await h.get(`/api/v1/apps/${id}`)).json()
    expect(config.defaultChain).toBe(31337)
    expect(config.chains).toEqual([
      {
        id: 8453,
        name: 'Base',
        rpcUrl: 'https://mainnet.base.org',
        blockExplorerUrl: 'https://basescan.org',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        testnet: false,
        sponsored: false,
      },
      {
        id: 31337,
        name: 'Local',
        rpcUrl: 'http://127.0.0.1:8545',
        blockExplorerUrl: null,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        testnet: false,
        sponsored: false,
      },
    ])
    // Without a default named, the first chain is the default.
    await h.patchApp(id, { chains: [{ id: 1 }], defaultChain: null })
    const patched = (await h.get(`/api/v1/apps/${id}`)).json()
    expect(patched.chains.map((c: { name: string }) => c.name)).toEqual(['Ethereum'])
    expect(patched.defaultChain).toBe(1)
  })

  it('error: an unknown chain without rpcUrl, a default chain not listed, and a repeated id answer 400 invalid_data', async () => {
    for (const body of [{ chains: [{ id: 987654321 }] }, { chains: [{ id: 1 }], defaultChain: 10 }, { chains: [{ id: 1 }, { id: 1 }] }]) {
      const res = await h.post('/api/v1/admin/apps', { name: 'Bad', ...body }, admin)
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('invalid_data')
    }
  })
  it("a chain's usdcAddress (USDC where the spec lists none) reaches the public app config; error: a malformed one answers 400 invalid_data", async () => {
    const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    const id = await h.createApp({ name: 'Local USDC', chains: [{ id: 31337, name: 'Local', rpcUrl: 'http://127.0.0.1:8545', usdcAddress: token }] })
    expect((await h.get(`/api/v1/apps/${id}`)).json().chains[0].usdcAddress).toBe(token)
    const res = await h.post('/api/v1/admin/apps', { name: 'Bad', chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:8545', usdcAddress: 'USDC' }] }, admin)
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('invalid_data')
  })
})
