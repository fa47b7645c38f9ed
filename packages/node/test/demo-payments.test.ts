// The demo's scheduler (demo/backend/payments.mjs) through the SDK against the real server-side wallet API and the
// local chain (the test signer of test/delegated-signer.ts stands in for the signing service).
import { bytesToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { LocalDelegatedSigner } from '../../../test/delegated-signer.js'
import { startLocalChain, type LocalChain } from '../../../test/evm.js'
import { ADMIN_TOKEN, forEachDatabase, startHarness, TEST_PUBLIC_URL, testDevice, type Harness } from '../../../server/testing.js'
import { createScheduledPayments } from '../../../demo/backend/payments.mjs'
import { createGatehouseClient, generateAuthorizationKeyPair } from '../src/index.ts'

const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
forEachDatabase((target) => {
  let h: Harness
  let chain: LocalChain
  let apiUrl: string
  const signer = new LocalDelegatedSigner()
  beforeAll(async () => {
    ;[h, chain] = await Promise.all([startHarness(target, { delegatedSigner: signer }), startLocalChain()])
    apiUrl = await h.server.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await h?.close()
    await chain?.close()
  })

  it("the demo's scheduled payments land on the local chain through the SDK, and stop at the daily cap (the server's policy refuses above it)", async () => {
    const appId = await h.createApp({ chains: [{ id: 31337, name: 'Local', rpcUrl: chain.url }] })
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }
    const secret = (await h.server.inject({ method: 'POST', url: `/api/v1/admin/apps/${appId}/secrets`, headers: admin })).json().secret
    const pair = generateAuthorizationKeyPair()
    await h.server.inject({
      method: 'POST',
      url: `/api/v1/admin/apps/${appId}/authorization-keys`,
      headers: admin,
      payload: { keys: [{ public_key: pair.publicKey }] },
    })
    const gatehouse = createGatehouseClient({ appId, apiUrl, appSecret: secret, publicUrl: TEST_PUBLIC_URL, authorizationPrivateKey: pair.privateKey })

    const device = await testDevice(() => h.clock.now())
    const auth = await h.login(appId, 'payer@example.com', { device })
    const { key } = await h.registerEmbeddedWallet(appId, auth.token, device)
    const [wallet] = await gatehouse.wallets.list({ userId: auth.user.id })
    signer.delegateEthereum(wallet.id, bytesToHex(key.privateKey))
    const from = privateKeyToAccount(bytesToHex(key.privateKey)).address
    await chain.request('eth_sendTransaction', [{ from: privateKeyToAccount(chain.deployerKey).address, to: from, value: `0x${(10n ** 18n).toString(16)}` }])

    const before = BigInt((await chain.request('eth_getBalance', [RECIPIENT, 'latest'])) as string)
    const payments = createScheduledPayments({ gatehouse, recipient: RECIPIENT, amountWei: 1000n, dailyCapWei: 2000n })
    const first = await payments.subscribe(auth.user.id)
    expect(first, JSON.stringify(first)).toMatchObject({ ok: true })
    await payments.tick()
    await payments.tick() // over the cap: the scheduler does not ask
    expect(payments.payments(auth.user.id).filter((p) => p.ok)).toHaveLength(2)
    await expect.poll(async () => BigInt((await chain.request('eth_getBalance', [RECIPIENT, 'latest'])) as string) - before).toBe(2000n)
    // Asked anyway, the server's policy refuses the third with the daily cap's rule.
    const third = await gatehouse.wallets
      .rpc(wallet.id, { method: 'eth_sendTransaction', caip2: 'eip155:31337', params: { transaction: { to: RECIPIENT, value: '0x3e8', chain_id: 31337 } } })
      .catch((e) => e)
    expect(third).toMatchObject({ status: 403, code: 'policy_violation' })
  })
})
