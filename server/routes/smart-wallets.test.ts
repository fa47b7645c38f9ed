/**
 * Smart wallets end to end from Node: user operations of a user's smart account (viem's
 * toSoladySmartAccount, owned by the user's embedded wallet key) through the real bundler (Alto) on
 * the local chain, sponsored by our ERC-7677 paymaster endpoint and the verifying paymaster
 * contract; refusals outside the policy and over the budgets; the owner's spend view.
 */
import {
  bytesToHex,
  createPublicClient,
  createWalletClient,
  custom,
  encodeFunctionData,
  getAddress,
  http,
  parseEventLogs,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import { createBundlerClient, createPaymasterClient, entryPoint07Abi, toSoladySmartAccount } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { isErc6492Signature } from 'viem/utils'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startAccountAbstractionStack, type AccountAbstractionStack } from '../../test/aa.js'
// @ts-expect-error plain ES module shared with `npm start`
import { TEST_TOKEN } from '../../scripts/lib/local-chain.mjs'
import { insertPaymasterSpend } from '../db/paymaster-spend.js'
import { ADMIN_TOKEN, forEachDatabase, startHarness, testDevice, type Harness } from '../testing.js'

const RECIPIENT = '0x000000000000000000000000000000000000bEEF'
const DOMAIN = 'localhost:5173'
const ORIGIN = `http://${DOMAIN}`
const token = TEST_TOKEN as { abi: Abi; bytecode: Hex }

forEachDatabase((target) => {
  let h: Harness
  let aa: AccountAbstractionStack
  let client: PublicClient
  let tokenAddress: Address

  const chainDef = () => ({
    id: aa.chain.chainId,
    name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [aa.chain.url] } },
  })
  const deployer = () => createWalletClient({ account: privateKeyToAccount(aa.chain.deployerKey), chain: chainDef(), transport: http(aa.chain.url) })

  beforeAll(async () => {
    aa = await startAccountAbstractionStack()
    h = await startHarness(target, { paymasterSignerKey: aa.paymasterSignerKey })
    client = createPublicClient({ chain: chainDef(), transport: http(aa.chain.url) }) as PublicClient
    const hash = await deployer().deployContract({ abi: token.abi, bytecode: token.bytecode })
    tokenAddress = (await client.waitForTransactionReceipt({ hash })).contractAddress!
  })
  afterAll(async () => {
    await h?.close()
  })

  /** An app with smart wallets on the local chain, sponsored by the stack's paymaster within `policy`. */
  async function smartWalletApp(policy: Record<string, unknown> = {}) {
    return h.createApp({
      name: 'Smart wallets',
      loginMethods: { email: true, wallet: true },
      chains: [{ id: aa.chain.chainId, name: 'Local', rpcUrl: aa.chain.url }],
      gasSponsorship: {
        privateKey: generatePrivateKey(),
        maxWeiPerTransaction: String(10n ** 16n),
        dailyWeiPerUser: String(10n ** 17n),
        minAccountAgeMinutes: 0,
        ...policy,
      },
      smartWallets: {
        enabled: true,
        accountType: 'solady',
        chains: [{ id: aa.chain.chainId, bundlerUrl: aa.bundlerUrl, entryPoint: aa.entryPoint, factory: aa.factory, paymaster: aa.paymaster }],
      },
    })
  }

  /** A user with an embedded wallet; its smart account (counterfactual) and clients speaking to our paymaster and the bundler. */
  async function smartWalletUser(appId: string, email: string) {
    const device = await testDevice(() => h.clock.now())
    const { token: accessToken } = await h.login(appId, email, { device })
    const { key } = await h.registerEmbeddedWallet(appId, accessToken, device)
    const owner: PrivateKeyAccount = privateKeyToAccount(bytesToHex(key.privateKey))
    const account = await toSoladySmartAccount({
      client,
      owner,
      factoryAddress: aa.factory,
      entryPoint: { address: aa.entryPoint, version: '0.7', abi: entryPoint07Abi },
      salt: `${owner.address}${'00'.repeat(12)}` as Hex,
    })
    const paymasterRpc = async (method: string, params: unknown) =>
      h.post('/api/v1/smart_wallets/paymaster', { jsonrpc: '2.0', id: 1, method, params }, { appId, token: accessToken, device })
    // The widget's paymaster client speaks HTTP to the same route; here the requests go in through the harness.
    const paymaster = createPaymasterClient({
      transport: custom({
        async request({ method, params }) {
          const res = await paymasterRpc(method, params)
          if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`)
          const body = res.json()
          if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code, data: body.error.data })
          return body.result
        },
      }),
    })
    const bundler = createBundlerClient({ account, client, transport: http(aa.bundlerUrl), paymaster })
    return { accessToken, device, owner, account, address: await account.getAddress(), bundler, paymasterRpc }
  }

  const tokenCall = (functionName: 'transfer' | 'approve' | 'mint', args: unknown[]) => ({
    to: tokenAddress,
    value: 0n,
    data: encodeFunctionData({ abi: token.abi, functionName, args }),
  })
  const tokenBalance = (address: Address) =>
    client.readContract({ address: tokenAddress, abi: token.abi, functionName: 'balanceOf', args: [address] }) as Promise<bigint>
  const mint = async (to: Address, amount: bigint) => {
    const hash = await deployer().writeContract({ address: tokenAddress, abi: token.abi, functionName: 'mint', args: [to, amount] })
    await client.waitForTransactionReceipt({ hash })
  }

  it('a user with 0 ETH sends a sponsored token transfer from the smart wallet: it lands, the paymaster pays only its gas, the account still holds 0 ETH', async () => {
    const appId = await smartWalletApp()
    const user = await smartWalletUser(appId, 'sponsored@example.com')
    // Counterfactual: the address is known before the account exists.
    expect(await client.getCode({ address: user.address })).toBeUndefined()
    await mint(user.address, 1_000_000n)
    const recipientBefore = await tokenBalance(RECIPIENT)
    const depositBefore = await aa.paymasterDeposit()

    const hash = await user.bundler.sendUserOperation({ calls: [tokenCall('transfer', [RECIPIENT, 250_000n])] })
    const receipt = await user.bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100 })

    expect(receipt.success).toBe(true)
    expect(receipt.paymaster?.toLowerCase()).toBe(aa.paymaster.toLowerCase())
    expect(await tokenBalance(RECIPIENT)).toBe(recipientBefore + 250_000n)
    expect(await client.getCode({ address: user.address })).toMatch(/^0x[0-9a-f]+/)
    // The sponsor paid exactly what the EntryPoint charged for this operation; nothing reached the user.
    expect(depositBefore - (await aa.paymasterDeposit())).toBe(receipt.actualGasCost)
    expect(await client.getBalance({ address: user.address })).toBe(0n)
    expect(await client.getBalance({ address: user.owner.address })).toBe(0n)

    // The owner sees the spend, settled at what the EntryPoint charged.
    const spend = await h.get(`/api/v1/apps/${appId}/analytics/paymaster_spend`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    expect(spend.statusCode).toBe(200)
    const body = spend.json()
    expect(body.chains).toEqual([{ chain_id: aa.chain.chainId, operations: 1, settled_wei: receipt.actualGasCost.toString(), pending_max_wei: '0' }])
    expect(body.operations[0]).toMatchObject({
      user_op_hash: hash,
      sender: user.address,
      actual_wei: receipt.actualGasCost.toString(),
      tx_hash: receipt.receipt.transactionHash,
    })
  })

  it('approve + transfer go in one operation (a batch)', async () => {
    const appId = await smartWalletApp()
    const user = await smartWalletUser(appId, 'batch@example.com')
    await mint(user.address, 1_000_000n)
    const hash = await user.bundler.sendUserOperation({
      calls: [tokenCall('approve', [RECIPIENT, 500_000n]), tokenCall('transfer', [RECIPIENT, 100_000n])],
    })
    const receipt = await user.bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100 })
    expect(receipt.success).toBe(true)
    const events = parseEventLogs({ abi: token.abi, logs: receipt.logs }) as unknown as { eventName: string }[]
    expect(events.map((e) => e.eventName)).toEqual(['Approval', 'Transfer'])
    const allowance = await client.readContract({ address: tokenAddress, abi: token.abi, functionName: 'allowance', args: [user.address, RECIPIENT] })
    expect(allowance).toBe(500_000n)
    expect(await client.getBalance({ address: user.address })).toBe(0n)
  })

  it('an operation outside the policy (a target not allowed) gets no paymaster signature, with the code and the reason; nothing is charged', async () => {
    const appId = await smartWalletApp({ allowedContracts: ['0x00000000000000000000000000000000000000aa'] })
    const user = await smartWalletUser(appId, 'outside@example.com')
    await mint(user.address, 1_000_000n)
    const depositBefore = await aa.paymasterDeposit()
    const refused = await user.bundler.sendUserOperation({ calls: [tokenCall('transfer', [RECIPIENT, 1n])] }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(Error)
    expect(String((refused as Error).message)).toContain(`This app does not pay the network fee for calls to ${getAddress(tokenAddress)}`)

    // The same refusal on the wire: a JSON-RPC error with its code and reason, for the stub and the final data alike.
    const rpcOp = {
      sender: user.address,
      nonce: '0x0',
      factory: aa.factory,
      factoryData: (await user.account.getFactoryArgs()).factoryData,
      callData: await user.account.encodeCalls([tokenCall('transfer', [RECIPIENT, 1n])]),
      callGasLimit: '0x186a0',
      verificationGasLimit: '0x61a80',
      preVerificationGas: '0xea60',
      maxFeePerGas: '0x77359400',
      maxPriorityFeePerGas: '0x3b9aca00',
    }
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData']) {
      const res = await user.paymasterRpc(method, [rpcOp, aa.entryPoint, `0x${aa.chain.chainId.toString(16)}`, {}])
      expect(res.statusCode).toBe(200)
      expect(res.json().error).toMatchObject({ code: -32010, data: { reason: 'outside_policy', detail: 'target_not_allowed' } })
      expect(res.json().result).toBeUndefined()
    }
    expect(await aa.paymasterDeposit()).toBe(depositBefore)
    const spend = (await h.get(`/api/v1/apps/${appId}/analytics/paymaster_spend`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).json()
    expect(spend.operations).toEqual([])

    // Someone else's smart account is not this user's to sponsor.
    const other = await smartWalletUser(appId, 'other@example.com')
    const res = await other.paymasterRpc('pm_getPaymasterStubData', [rpcOp, aa.entryPoint, `0x${aa.chain.chainId.toString(16)}`, {}])
    expect(res.json().error).toMatchObject({ code: -32010, data: { reason: 'outside_policy', detail: 'not_your_account' } })
  })

  it("a user whose day's budget is spent gets budget_exhausted; the paymaster signs nothing", async () => {
    const appId = await smartWalletApp({ dailyWeiPerUser: String(10n ** 15n) })
    const user = await smartWalletUser(appId, 'budget@example.com')
    const userId = JSON.parse(Buffer.from(user.accessToken.split('.')[1]!, 'base64url').toString()).sub as string
    const spent = (id: string, createdAt: number) =>
      insertPaymasterSpend(h.database.db, {
        id,
        app_id: appId,
        user_id: userId,
        chain_id: aa.chain.chainId,
        sender: user.address,
        user_op_hash: `0x${id.padStart(64, '0')}`,
        max_wei: String(10n ** 15n),
        actual_wei: String(10n ** 15n),
        tx_hash: null,
        valid_until: createdAt + 300_000,
        created_at: createdAt,
      })
    const stub = async () =>
      user.paymasterRpc('pm_getPaymasterStubData', [
        { sender: user.address, nonce: '0x0', callData: await user.account.encodeCalls([tokenCall('transfer', [RECIPIENT, 0n])]) },
        aa.entryPoint,
        `0x${aa.chain.chainId.toString(16)}`,
        {},
      ])
    // Spent more than a day ago: it no longer counts.
    await spent('1', h.clock.now() - 25 * 60 * 60 * 1000)
    expect((await stub()).json().result).toMatchObject({ paymaster: expect.stringMatching(/^0x/i), isFinal: false })
    await spent('2', h.clock.now() - 60_000)
    const depositBefore = await aa.paymasterDeposit()
    const refused = await user.bundler.sendUserOperation({ calls: [tokenCall('transfer', [RECIPIENT, 0n])] }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(Error)
    expect(String((refused as Error).message)).toContain("This account has used up today's sponsored network fees")
    const res = await stub()
    expect(res.json().error).toMatchObject({ code: -32011, data: { reason: 'budget_exhausted', detail: 'user_daily' } })
    expect(await aa.paymasterDeposit()).toBe(depositBefore)
  })

  /** A SIWE message for `address` with a nonce from /siwe/init, signed by the smart account. */
  async function signedSiwe(appId: string, user: Awaited<ReturnType<typeof smartWalletUser>>) {
    const init = await h.post('/api/v1/siwe/init', { address: user.address }, { appId, headers: { origin: ORIGIN } })
    expect(init.statusCode).toBe(200)
    const message = createSiweMessage({
      domain: DOMAIN,
      address: user.address,
      uri: ORIGIN,
      version: '1',
      chainId: aa.chain.chainId,
      nonce: init.json().nonce,
      issuedAt: new Date(h.clock.now()),
    })
    return { message, signature: await user.account.signMessage({ message }) }
  }
  const linkSmartWallet = (appId: string, user: { accessToken: string; device: unknown }, body: Record<string, unknown>) =>
    h.post('/api/v1/siwe/link_smart_wallet', body, { appId, token: user.accessToken, device: user.device as never, headers: { origin: ORIGIN } })

  it('links the smart wallet: counterfactual (ERC-6492), then deployed (ERC-1271); another user cannot link it; SIWE logs in with it', async () => {
    const appId = await smartWalletApp()
    const user = await smartWalletUser(appId, 'link@example.com')

    // Before deployment: the account signs with an ERC-6492 wrapper, verified through the app's factory.
    const early = await signedSiwe(appId, user)
    expect(isErc6492Signature(early.signature)).toBe(true)
    const linked = await linkSmartWallet(appId, user, { ...early, smart_wallet_type: 'solady', smart_wallet_version: '1' })
    expect(linked.statusCode).toBe(200)
    const account = linked.json().linked_accounts.find((a: { type: string }) => a.type === 'smart_wallet')
    expect(account).toMatchObject({ type: 'smart_wallet', address: user.address, smart_wallet_type: 'solady', smart_wallet_version: '1' })

    // A nonce works once.
    expect((await linkSmartWallet(appId, user, { ...early, smart_wallet_type: 'solady' })).statusCode).toBe(401)

    // Deployed by its first operation: now a plain ERC-1271 signature.
    const hash = await user.bundler.sendUserOperation({ calls: [{ to: RECIPIENT, value: 0n, data: '0x' }] })
    expect((await user.bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100 })).success).toBe(true)
    const late = await signedSiwe(appId, user)
    expect(isErc6492Signature(late.signature)).toBe(false)
    const relinked = await linkSmartWallet(appId, user, { ...late, smart_wallet_type: 'solady', smart_wallet_version: '1' })
    expect(relinked.statusCode).toBe(200)
    expect(relinked.json().linked_accounts.filter((a: { type: string }) => a.type === 'smart_wallet')).toHaveLength(1)

    // A signature by the wrong key does not verify.
    const forged = await signedSiwe(appId, user)
    const stranger = privateKeyToAccount(generatePrivateKey())
    const wrong = await linkSmartWallet(appId, user, {
      message: forged.message,
      signature: await stranger.signMessage({ message: forged.message }),
      smart_wallet_type: 'solady',
    })
    expect(wrong.statusCode).toBe(401)

    // Another user's session cannot claim this smart wallet, even with its valid signature.
    const other = await smartWalletUser(appId, 'link-other@example.com')
    const stolen = await signedSiwe(appId, user)
    const refused = await linkSmartWallet(appId, other, { ...stolen, smart_wallet_type: 'solady' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error).toContain('not the smart wallet')

    // SIWE login with the smart wallet's ERC-1271 signature (no rpcUrls or erc6492Factories set: the app's smart-wallet chain and factory serve).
    const login = await signedSiwe(appId, user)
    const auth = await h.post(
      '/api/v1/siwe/authenticate',
      { ...login, chainId: `eip155:${aa.chain.chainId}`, walletClientType: 'gatehouse_smart_wallet', connectorType: 'injected', mode: 'login-or-sign-up' },
      { appId, headers: { origin: ORIGIN } },
    )
    expect(auth.statusCode).toBe(200)
    expect(auth.json().user.linked_accounts.some((a: { type: string; address: string }) => a.type === 'wallet' && a.address === user.address)).toBe(true)
  })

  it('the app configuration serves the smart-wallet settings with the paymaster endpoint', async () => {
    const appId = await smartWalletApp()
    const config = (await h.get(`/api/v1/apps/${appId}`, { appId })).json()
    expect(config.smartWallets).toEqual({
      enabled: true,
      accountType: 'solady',
      chains: [
        {
          id: aa.chain.chainId,
          bundlerUrl: aa.bundlerUrl,
          entryPoint: aa.entryPoint,
          entryPointVersion: '0.7',
          factory: aa.factory,
          paymaster: aa.paymaster,
          paymasterUrl: 'http://gatehouse.test/api/v1/smart_wallets/paymaster',
        },
      ],
    })
    // A chain the app does not transact on cannot have smart wallets.
    const bad = await h.patchApp(appId, { smartWallets: { chains: [{ id: 1, bundlerUrl: aa.bundlerUrl, entryPoint: aa.entryPoint, factory: aa.factory }] } })
    expect(bad.statusCode).toBe(400)
  })
})
