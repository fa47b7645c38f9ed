import { bytesToHex, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startLocalChain, type LocalChain } from '../../test/evm.js'
import { ADMIN_TOKEN, forEachDatabase, startHarness, testDevice, type Harness } from '../testing.js'

const RECIPIENT = '0x000000000000000000000000000000000000bEEF'
const GWEI = 10n ** 9n

forEachDatabase((target) => {
  let h: Harness
  let chain: LocalChain
  beforeAll(async () => {
    ;[h, chain] = await Promise.all([startHarness(target), startLocalChain()])
  })
  afterAll(async () => {
    await h?.close()
    await chain?.close()
  })

  const admin = { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }
  const balance = async (address: string) => BigInt((await chain.request('eth_getBalance', [address, 'latest'])) as string)
  const nonceOf = async (address: string) => Number(await chain.request('eth_getTransactionCount', [address, 'pending']))

  /** An app sponsoring the local chain, its sponsor account funded with 1 ETH from the chain's deployer. */
  async function sponsoredApp(policy: Record<string, unknown> = {}, sponsored = true) {
    const sponsorKey = generatePrivateKey()
    const sponsor = privateKeyToAccount(sponsorKey).address
    const deployer = privateKeyToAccount(chain.deployerKey).address
    await chain.request('eth_sendTransaction', [{ from: deployer, to: sponsor, value: `0x${(10n ** 18n).toString(16)}` }])
    const appId = await h.createApp({
      name: 'Sponsored',
      chains: [{ id: 31337, name: 'Local', rpcUrl: chain.url, sponsored }],
      gasSponsorship: {
        privateKey: sponsorKey,
        maxWeiPerTransaction: String(10n ** 15n),
        dailyWeiPerUser: String(10n ** 16n),
        minAccountAgeMinutes: 0,
        ...policy,
      },
    })
    return { appId, sponsorKey, sponsor }
  }

  /** A user with an embedded wallet holding no ether: its token, wallet id and signing account. */
  /** Each session's device: its state-changing calls carry that device's proof (routes/api.ts). */
  const devices = new Map<string, Awaited<ReturnType<typeof testDevice>>>()
  async function userWithWallet(appId: string, email: string) {
    const device = await testDevice(() => h.clock.now())
    const { token } = await h.login(appId, email, { device })
    const { key } = await h.registerEmbeddedWallet(appId, token, device)
    const walletId = (await h.get('/api/v1/wallets', { appId, token })).json().data[0].id as string
    devices.set(token, device)
    return { token, device, walletId, account: privateKeyToAccount(bytesToHex(key.privateKey)) }
  }

  const signTransfer = (account: ReturnType<typeof privateKeyToAccount>, nonce: number, fees: { gas?: bigint; maxFeePerGas?: bigint } = {}) =>
    account.signTransaction({
      type: 'eip1559',
      chainId: 31337,
      nonce,
      to: RECIPIENT,
      value: 0n,
      gas: fees.gas ?? 21_000n,
      maxFeePerGas: fees.maxFeePerGas ?? 2n * GWEI,
      maxPriorityFeePerGas: GWEI,
    })

  const relay = (appId: string, token: string, walletId: string, signed: Hex, sponsor = true) =>
    h.post(
      `/api/v1/wallets/${walletId}/rpc`,
      { chain_type: 'ethereum', method: 'eth_sendTransaction', caip2: 'eip155:31337', sponsor, params: { signed_transaction: signed } },
      { appId, token, device: devices.get(token) },
    )

  it("a 0-ETH embedded wallet's signed transaction is topped up by the sponsor and mined; the user's own ether pays nothing", async () => {
    const { appId, sponsorKey, sponsor } = await sponsoredApp()
    const user = await userWithWallet(appId, 'sponsored@example.com')
    expect(await balance(user.account.address)).toBe(0n)
    const sponsorBefore = await balance(sponsor)
    const signed = await signTransfer(user.account, 0)
    const res = await relay(appId, user.token, user.walletId, signed)
    expect(res.statusCode, res.body).toBe(200)
    const { hash, caip2 } = res.json().data
    expect(caip2).toBe('eip155:31337')
    const receipt = (await chain.request('eth_getTransactionReceipt', [hash])) as { status: string; from: string; gasUsed: string; effectiveGasPrice: string }
    expect(receipt.status).toBe('0x1')
    expect(receipt.from.toLowerCase()).toBe(user.account.address.toLowerCase())
    // The sponsor sent the whole allowance (21000 × 2 gwei, within the server's fee cap); the wallet keeps that minus the fee it was charged.
    const allowance = 21_000n * 2n * GWEI
    expect(await balance(user.account.address)).toBe(allowance - BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice))
    expect(sponsorBefore - (await balance(sponsor))).toBeGreaterThan(allowance)
    // Public config says which chains are sponsored; the key stays server-side, sealed and masked.
    const config = (await h.get(`/api/v1/apps/${appId}`)).json()
    expect(config.chains[0].sponsored).toBe(true)
    expect(JSON.stringify(config)).not.toContain(sponsorKey.slice(2, 20))
    const view = (await h.get(`/api/v1/admin/apps/${appId}`, admin)).json()
    expect(view.gasSponsorship.privateKey).toBe(`****${sponsorKey.slice(-4)}`)
    const stored = await h.database.db.selectFrom('apps').select('settings').where('id', '=', appId).executeTakeFirstOrThrow()
    expect(stored.settings).not.toContain(sponsorKey.slice(2))
  })

  it("error: a transaction signed by another key, or another user's wallet id, is refused and nothing is sent", async () => {
    const { appId, sponsor } = await sponsoredApp()
    const user = await userWithWallet(appId, 'wrong-sender@example.com')
    const other = await userWithWallet(appId, 'other-user@example.com')
    const sponsorNonce = await nonceOf(sponsor)
    const stranger = privateKeyToAccount(generatePrivateKey())
    const wrongSender = await relay(appId, user.token, user.walletId, await signTransfer(stranger, 0))
    expect(wrongSender.statusCode).toBe(400)
    expect(wrongSender.json()).toMatchObject({ code: 'invalid_data', error: 'The transaction is not signed by this wallet' })
    const notHers = await relay(appId, user.token, other.walletId, await signTransfer(other.account, 0))
    expect(notHers.statusCode).toBe(404)
    expect(notHers.json().code).toBe('embedded_wallet_not_found')
    const wrongNonce = await relay(appId, user.token, user.walletId, await signTransfer(user.account, 7))
    expect(wrongNonce.statusCode).toBe(400)
    expect(wrongNonce.json().error).toMatch(/nonce 7 is not the wallet's next nonce 0/)
    expect((await relay(appId, user.token, user.walletId, await signTransfer(user.account, 0), false)).statusCode).toBe(422)
    expect((await relay(appId, '', user.walletId, await signTransfer(user.account, 0))).statusCode).toBe(401)
    expect(await nonceOf(sponsor)).toBe(sponsorNonce)
  })

  it('error: a chain the app does not sponsor answers 422 not_supported; sponsored without a sponsor key is refused at configuration', async () => {
    const { appId, sponsor } = await sponsoredApp({}, false)
    const user = await userWithWallet(appId, 'unsponsored@example.com')
    const res = await relay(appId, user.token, user.walletId, await signTransfer(user.account, 0))
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ code: 'not_supported', error: 'Gas is not sponsored on chain 31337' })
    expect(await nonceOf(sponsor)).toBe(0)
    const bad = await h.post('/api/v1/admin/apps', { name: 'No key', chains: [{ id: 31337, rpcUrl: chain.url, sponsored: true }] }, admin)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toMatch(/chain 31337 is sponsored; set gasSponsorship/)
  })

  it('error: over the per-transaction limit, an inflated gas limit, or past the daily budget per user, nothing more is sent', async () => {
    // One transfer's allowance is 21000 × 2 gwei = 42000 gwei: the day's budget holds exactly one.
    const { appId, sponsor } = await sponsoredApp({ dailyWeiPerUser: String(42_000n * GWEI) })
    const user = await userWithWallet(appId, 'budget@example.com')
    const tooDear = await relay(appId, user.token, user.walletId, await signTransfer(user.account, 0, { maxFeePerGas: 10n ** 11n, gas: 21_000n * 1000n }))
    expect(tooDear.statusCode).toBe(400)
    expect(tooDear.json().error).toMatch(/over the app's sponsorship limit per transaction/)
    const inflated = await relay(appId, user.token, user.walletId, await signTransfer(user.account, 0, { gas: 100_000n, maxFeePerGas: GWEI }))
    expect(inflated.statusCode).toBe(400)
    expect(inflated.json().error).toMatch(/far above the chain's estimate 2100\d$/)
    expect(await nonceOf(sponsor)).toBe(0)
    expect((await relay(appId, user.token, user.walletId, await signTransfer(user.account, 0))).statusCode).toBe(200)
    const second = await relay(appId, user.token, user.walletId, await signTransfer(user.account, 1))
    expect(second.statusCode).toBe(429)
    expect(second.json()).toMatchObject({ code: 'too_many_requests', error: "This user's gas sponsorship budget for today is spent" })
    expect(await nonceOf(sponsor)).toBe(1)
    // A day later the budget is there again.
    h.clock.advance(24 * 60 * 60 * 1000 + 1000)
    const { token } = await h.login(appId, 'budget@example.com')
    expect((await relay(appId, token, user.walletId, await signTransfer(user.account, 1))).statusCode).toBe(200)
  })

  it('error: a sponsor account without ether answers 500 internal_error and the failed top-up does not count against the budget', async () => {
    const emptyKey = generatePrivateKey()
    const appId = await h.createApp({
      name: 'Empty sponsor',
      chains: [{ id: 31337, name: 'Local', rpcUrl: chain.url, sponsored: true }],
      gasSponsorship: {
        privateKey: emptyKey,
        maxWeiPerTransaction: String(10n ** 15n),
        dailyWeiPerUser: String(10n ** 16n),
        expirySeconds: 10,
        minAccountAgeMinutes: 0,
      },
    })
    const user = await userWithWallet(appId, 'empty-sponsor@example.com')
    const res = await relay(appId, user.token, user.walletId, await signTransfer(user.account, 0))
    expect(res.statusCode).toBe(500)
    expect(res.json().code).toBe('internal_error')
    const rows = await h.database.db.selectFrom('gas_sponsorships').selectAll().where('app_id', '=', appId).execute()
    expect(rows).toEqual([])
    expect(await nonceOf(user.account.address)).toBe(0)
  })
})
