/**
 * The sponsorship drain (issue 24, High) replayed against the local EVM: a user-picked fee, guests,
 * new accounts, the app-wide and per-IP budgets, targets outside the allowlist, two instances
 * sending for one wallet at once, a top-up whose receipt never comes, and a logged-out session.
 */
import { createServer, type Server } from 'node:http'
import { randomBytes } from 'node:crypto'
import { bytesToHex, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { startLocalChain, type LocalChain } from '../../test/evm.js'
import { forEachDatabase, sameDatabase, startHarness, testDevice, type Harness } from '../testing.js'

const RECIPIENT = '0x000000000000000000000000000000000000bEEF'
const GWEI = 10n ** 9n
const MINUTE = 60_000
// Many chain round trips per test (a send is a dozen RPC calls and two blocks) on a shared machine.
vi.setConfig({ testTimeout: 180_000 })

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

  const balance = async (address: string) => BigInt((await chain.request('eth_getBalance', [address, 'latest'])) as string)
  const nonceOf = async (address: string) => Number(await chain.request('eth_getTransactionCount', [address, 'pending']))
  /** The chain's fees as the server reads them: its cap is twice the base fee plus twice the priority fee. */
  async function chainFees() {
    const block = (await chain.request('eth_getBlockByNumber', ['latest', false])) as { baseFeePerGas: string }
    const priority = BigInt((await chain.request('eth_maxPriorityFeePerGas')) as string)
    const base = BigInt(block.baseFeePerGas)
    return { base, priority, cap: 2n * base + 2n * priority, widget: (base * 12n) / 10n + priority }
  }

  async function sponsoredApp(policy: Record<string, unknown> = {}, rpcUrl = chain.url) {
    const sponsorKey = generatePrivateKey()
    const sponsor = privateKeyToAccount(sponsorKey).address
    const deployer = privateKeyToAccount(chain.deployerKey).address
    await chain.request('eth_sendTransaction', [{ from: deployer, to: sponsor, value: `0x${(10n ** 18n).toString(16)}` }])
    const appId = await h.createApp({
      name: 'Sponsored limits',
      loginMethods: { email: true, guest: true },
      chains: [{ id: 31337, name: 'Local', rpcUrl, sponsored: true }],
      gasSponsorship: {
        privateKey: sponsorKey,
        maxWeiPerTransaction: String(10n ** 17n),
        dailyWeiPerUser: String(10n ** 17n),
        minAccountAgeMinutes: 0,
        ...policy,
      },
    })
    return { appId, sponsor }
  }

  async function userWithWallet(appId: string, email: string | null) {
    const device = await testDevice(() => h.clock.now())
    const token = email
      ? (await h.login(appId, email, { device })).token
      : ((await h.post('/api/v1/guest/authenticate', { guest_credential: randomBytes(32).toString('base64url') }, { appId, device })).json().token as string)
    const { key } = await h.registerEmbeddedWallet(appId, token, device)
    const walletId = (await h.get('/api/v1/wallets', { appId, token })).json().data[0].id as string
    return { token, device, walletId, account: privateKeyToAccount(bytesToHex(key.privateKey)) }
  }
  type User = Awaited<ReturnType<typeof userWithWallet>>

  /** A transfer as the widget signs it (1.2 × base fee + priority) unless the fees are given. */
  async function signTransfer(user: User, fees: { maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint; to?: Hex } = {}) {
    const { widget, priority } = await chainFees()
    return user.account.signTransaction({
      type: 'eip1559',
      chainId: 31337,
      nonce: await nonceOf(user.account.address),
      to: fees.to ?? RECIPIENT,
      value: 0n,
      gas: 21_000n,
      maxFeePerGas: fees.maxFeePerGas ?? widget,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas ?? priority,
    })
  }

  /**
   * An RPC in front of the local chain: `answer` may answer a call itself (any value but
   * `undefined`); every other call goes to the chain.
   */
  async function rpcProxy(answer: (method: string) => unknown) {
    const proxy: Server = createServer(async (req, res) => {
      const chunks: Buffer[] = []
      for await (const c of req) chunks.push(c as Buffer)
      const call = JSON.parse(Buffer.concat(chunks).toString()) as { id: number; method: string; params?: unknown[] }
      const own = answer(call.method)
      const result = own !== undefined ? own : await chain.request(call.method, call.params ?? [])
      res.setHeader('content-type', 'application/json').end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }))
    })
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r))
    return { url: `http://127.0.0.1:${(proxy.address() as { port: number }).port}`, close: () => proxy.close() }
  }

  const relay = (appId: string, user: User, signed: Hex, o: { ip?: string; server?: Harness } = {}) =>
    (o.server ?? h).post(
      `/api/v1/wallets/${user.walletId}/rpc`,
      { chain_type: 'ethereum', method: 'eth_sendTransaction', caip2: 'eip155:31337', sponsor: true, params: { signed_transaction: signed } },
      { appId, token: user.token, device: user.device, ip: o.ip },
    )

  it('error: a maxFeePerGas far above the chain is refused; at the cap the wallet keeps at most one transaction of margin, however often it sends', async () => {
    const { appId, sponsor } = await sponsoredApp()
    const user = await userWithWallet(appId, 'drain@example.com')
    const dear = await relay(appId, user, await signTransfer(user, { maxFeePerGas: 1000n * GWEI, maxPriorityFeePerGas: 0n }))
    expect(dear.statusCode).toBe(400)
    expect(dear.json().error).toMatch(/above what the network charges now/)
    expect(await nonceOf(sponsor)).toBe(0)
    expect(await balance(user.account.address)).toBe(0n)

    // The attacker's best inside the cap: the highest max fee, no tip. Five sends, each topped up only by what is missing.
    let highestCap = 0n
    let charged = 0n
    for (let i = 0; i < 5; i++) {
      const { cap } = await chainFees()
      highestCap = cap > highestCap ? cap : highestCap
      const res = await relay(appId, user, await signTransfer(user, { maxFeePerGas: cap, maxPriorityFeePerGas: 0n }))
      expect(res.statusCode, res.body).toBe(200)
      const receipt = (await chain.request('eth_getTransactionReceipt', [res.json().data.hash])) as { gasUsed: string; effectiveGasPrice: string }
      charged += BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)
    }
    const kept = await balance(user.account.address)
    expect(kept).toBeGreaterThan(0n)
    expect(kept).toBeLessThanOrEqual(21_000n * highestCap)
    // Everything the sponsor gave is the fees the chain charged plus that one margin: nothing piles up.
    const rows = await h.database.db.selectFrom('gas_sponsorships').select('wei').where('app_id', '=', appId).execute()
    expect(rows.reduce((sum, r) => sum + BigInt(r.wei), 0n)).toBe(charged + kept)
  })

  it('error: a guest is not sponsored unless the app allows guests', async () => {
    const { appId, sponsor } = await sponsoredApp()
    const guest = await userWithWallet(appId, null)
    const res = await relay(appId, guest, await signTransfer(guest))
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ code: 'not_supported', error: 'This app does not pay the network fee for guest accounts. Log in to have it paid.' })
    expect(await nonceOf(sponsor)).toBe(0)
    const open = await sponsoredApp({ allowGuests: true })
    const welcome = await userWithWallet(open.appId, null)
    expect((await relay(open.appId, welcome, await signTransfer(welcome))).statusCode).toBe(200)
  })

  it('error: an account younger than the minimum age is refused (10 minutes by default), and sponsored once old enough', async () => {
    const { appId, sponsor } = await sponsoredApp({ minAccountAgeMinutes: undefined })
    const user = await userWithWallet(appId, 'young@example.com')
    const res = await relay(appId, user, await signTransfer(user))
    expect(res.statusCode).toBe(422)
    expect(res.json().error).toBe('This app pays the network fee for accounts older than 10 minutes. Please try again in 10 minutes.')
    expect(await nonceOf(sponsor)).toBe(0)
    h.clock.advance(10 * MINUTE + 1000)
    expect((await relay(appId, user, await signTransfer(user))).statusCode).toBe(200)
  })

  it('error: past the app-wide or the per-IP daily budget nothing more is sent, whichever user asks', async () => {
    // A budget of one and a half transfers at the widget's fees.
    const { widget } = await chainFees()
    const budget = String((21_000n * widget * 3n) / 2n)
    const app = await sponsoredApp({ dailyWeiPerApp: budget })
    const [a, b] = [await userWithWallet(app.appId, 'app-a@example.com'), await userWithWallet(app.appId, 'app-b@example.com')]
    expect((await relay(app.appId, a, await signTransfer(a))).statusCode).toBe(200)
    const refused = await relay(app.appId, b, await signTransfer(b))
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'too_many_requests', error: "The app's gas sponsorship budget for today is spent" })
    expect(await nonceOf(app.sponsor)).toBe(1)

    const perIp = await sponsoredApp({ dailyWeiPerIp: budget })
    const [c, d] = [await userWithWallet(perIp.appId, 'ip-c@example.com'), await userWithWallet(perIp.appId, 'ip-d@example.com')]
    expect((await relay(perIp.appId, c, await signTransfer(c), { ip: '2001:db8:1:2::10' })).statusCode).toBe(200)
    // Another address of the same IPv6 /64 is the same budget; another network is not.
    const sameNet = await relay(perIp.appId, d, await signTransfer(d), { ip: '2001:db8:1:2::99' })
    expect(sameNet.statusCode).toBe(429)
    expect(sameNet.json().error).toBe("This network address's gas sponsorship budget for today is spent")
    expect((await relay(perIp.appId, d, await signTransfer(d), { ip: '2001:db8:9:9::1' })).statusCode).toBe(200)
  })

  it('error: with allowedContracts set, a transaction to any other address is refused', async () => {
    const allowed = privateKeyToAccount(generatePrivateKey()).address
    const { appId, sponsor } = await sponsoredApp({ allowedContracts: [allowed] })
    const user = await userWithWallet(appId, 'allowlist@example.com')
    const res = await relay(appId, user, await signTransfer(user))
    expect(res.statusCode).toBe(422)
    expect(String(res.json().error).toLowerCase()).toBe(`This app does not pay the network fee for transactions to ${RECIPIENT}.`.toLowerCase())
    expect(await nonceOf(sponsor)).toBe(0)
    expect((await relay(appId, user, await signTransfer(user, { to: allowed }))).statusCode).toBe(200)
  })

  it('error: two instances on one database sending for one wallet at once top it up once; a lock left by a dead instance expires', async () => {
    // "At once" made certain on a busy machine: the chain answers 'no receipt yet' for the first
    // send's top-up until the second instance has answered, so the first still holds the lock then.
    let topUpSent!: () => void
    const sent = new Promise<void>((resolve) => (topUpSent = resolve))
    let receiptsHeld = true
    const gate = await rpcProxy((method) => {
      if (method === 'eth_sendRawTransaction') topUpSent()
      return method === 'eth_getTransactionReceipt' && receiptsHeld ? null : undefined
    })
    const second = await startHarness(sameDatabase(target.kind, h.database), { now: h.clock.now })
    try {
      const { appId, sponsor } = await sponsoredApp({}, gate.url)
      const user = await userWithWallet(appId, 'two-instances@example.com')
      const signed = [await signTransfer(user), await signTransfer(user, { to: privateKeyToAccount(generatePrivateKey()).address })]
      const first = relay(appId, user, signed[0]!)
      await sent
      const other = await relay(appId, user, signed[1]!, { server: second })
      // A new block: the server's receipt wait asks again on each one.
      receiptsHeld = false
      await chain.request('evm_mine', [])
      const one = await first
      expect([one.statusCode, other.statusCode], `${one.body} / ${other.body}`).toEqual([200, 429])
      expect(other.json().error).toBe('A sponsored transaction of this wallet is still being sent')
      expect(await nonceOf(sponsor)).toBe(1)

      // Another instance holds the lock (its row in the database): refused until that row expires.
      await h.database.db
        .insertInto('sponsorship_locks')
        .values({ key: `wallet:31337:${user.account.address}`, holder: 'another-instance', expires_at: h.clock.now() + 6 * MINUTE })
        .execute()
      expect((await relay(appId, user, await signTransfer(user), { server: second })).statusCode).toBe(429)
      expect(await nonceOf(sponsor)).toBe(1)
      h.clock.advance(7 * MINUTE)
      const { token } = await h.login(appId, 'two-instances@example.com')
      expect((await relay(appId, { ...user, token }, await signTransfer(user))).statusCode).toBe(200)
    } finally {
      await second.server.close()
      gate.close()
    }
  })

  it('error: a top-up whose receipt never comes still counts against the budget', async () => {
    // An RPC that forwards everything but never has a receipt: the top-up leaves, its confirmation does not come.
    const proxy = await rpcProxy((method) => (method === 'eth_getTransactionReceipt' ? null : undefined))
    try {
      const { widget } = await chainFees()
      const { appId, sponsor } = await sponsoredApp({ expirySeconds: 10, dailyWeiPerApp: String((21_000n * widget * 3n) / 2n) }, proxy.url)
      const user = await userWithWallet(appId, 'no-receipt@example.com')
      const res = await relay(appId, user, await signTransfer(user))
      expect(res.statusCode).toBe(502)
      expect(res.json()).toMatchObject({ code: 'upstream_unavailable' })
      expect(res.json().error).toMatch(/was not confirmed in time; it counts against the budget/)
      const rows = await h.database.db.selectFrom('gas_sponsorships').selectAll().where('app_id', '=', appId).execute()
      expect(rows).toHaveLength(1)
      expect(rows[0]!.top_up_hash).toMatch(/^0x[0-9a-f]{64}$/)
      // The chain did take it, and the budget counts it: another user's top-up is now over the app's day.
      expect(await nonceOf(sponsor)).toBe(1)
      const other = await userWithWallet(appId, 'no-receipt-2@example.com')
      const next = await relay(appId, other, await signTransfer(other))
      expect([next.statusCode, next.json().error]).toEqual([429, "The app's gas sponsorship budget for today is spent"])
    } finally {
      proxy.close()
    }
  })

  it('error: a logged-out session gets nothing from a sponsored send', async () => {
    const { appId, sponsor } = await sponsoredApp()
    const user = await userWithWallet(appId, 'logged-out@example.com')
    expect((await h.post('/api/v1/sessions/logout', {}, { appId, token: user.token })).statusCode).toBe(200)
    const res = await relay(appId, user, await signTransfer(user))
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('missing_or_invalid_token')
    expect(await nonceOf(sponsor)).toBe(0)
  })
})
