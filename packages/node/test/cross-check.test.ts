// The SDK's signed requests against the server's own verification (services/authorization-keys.ts), with the test
// signer of test/delegated-signer.ts.
import { bytesToHex, recoverMessageAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { LocalDelegatedSigner } from '../../../test/delegated-signer.js'
import { ADMIN_TOKEN, forEachDatabase, startHarness, TEST_PUBLIC_URL, testDevice, type Harness } from '../../../server/testing.js'
import { createGatehouseClient, generateAuthorizationKeyPair } from '../src/index.ts'

forEachDatabase((target) => {
  let h: Harness
  let apiUrl: string
  const signer = new LocalDelegatedSigner()
  beforeAll(async () => {
    h = await startHarness(target, { delegatedSigner: signer })
    apiUrl = await h.server.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => h?.close())

  it("the SDK's signed requests pass the server's verification: update policy, rpc personal_sign, list, get; a wrong key is refused", async () => {
    const appId = await h.createApp()
    const secret = (
      await h.server.inject({ method: 'POST', url: `/api/v1/admin/apps/${appId}/secrets`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    ).json().secret
    const pair = generateAuthorizationKeyPair()
    const gatehouse = createGatehouseClient({ appId, apiUrl, appSecret: secret, publicUrl: TEST_PUBLIC_URL, authorizationPrivateKey: pair.privateKey })
    const registered = (
      await h.server.inject({
        method: 'POST',
        url: `/api/v1/admin/apps/${appId}/authorization-keys`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: { keys: [{ public_key: pair.publicKey }] },
      })
    ).json().data[0]

    const device = await testDevice(() => h.clock.now())
    const auth = await h.login(appId, 'sdk@example.com', { device })
    const { key } = await h.registerEmbeddedWallet(appId, auth.token, device)
    const wallets = await gatehouse.wallets.list({ userId: auth.user.id })
    expect(wallets).toHaveLength(1)
    const walletId = wallets[0].id
    signer.delegateEthereum(walletId, bytesToHex(key.privateKey))

    const updated = await gatehouse.wallets.update(walletId, { policy: { methods: ['personal_sign'] } })
    expect(updated.policy).toEqual({ methods: ['personal_sign'] })
    const answer = await gatehouse.wallets.rpc(walletId, { method: 'personal_sign', params: { message: 'hello from the SDK' } })
    expect(await recoverMessageAddress({ message: 'hello from the SDK', signature: answer.data.signature as `0x${string}` })).toBe(
      privateKeyToAccount(bytesToHex(key.privateKey)).address,
    )
    expect((await gatehouse.wallets.get(walletId)).delegated).toBe(true)

    await gatehouse.wallets.update(walletId, { policy: { methods: ['eth_signTypedData_v4'] } })
    const denied = await gatehouse.wallets.rpc(walletId, { method: 'personal_sign', params: { message: 'no' } }).catch((e) => e)
    expect(denied).toMatchObject({ status: 403, code: 'policy_violation' })

    const wrong = createGatehouseClient({
      appId,
      apiUrl,
      appSecret: secret,
      publicUrl: TEST_PUBLIC_URL,
      authorizationPrivateKey: generateAuthorizationKeyPair().privateKey,
    })
    await expect(wrong.wallets.rpc(walletId, { method: 'personal_sign', params: { message: 'x' } })).rejects.toMatchObject({
      code: 'invalid_authorization_signature',
    })
  })
})
