/**
 * Smart wallets (ERC-4337) end to end, in Chromium against the real server, the real bundler (Alto)
 * and the local chain with the EntryPoint, the account factory and the verifying paymaster
 * (test/aa.ts): a new user whose wallets hold no ether sends a sponsored token transfer from the
 * smart wallet (`getSmartWalletClient()`); approve + transfer go as one operation
 * (`wallet_sendCalls`); a message the smart wallet signs verifies through ERC-1271 and logs in with
 * SIWE on a second app; a call outside the app's policy gets no paymaster signature and the screen says why.
 */
import type { Browser, Page } from 'playwright-core'
import { createPublicClient, encodeFunctionData, getAddress, hashMessage, http, parseEventLogs, type Abi, type Address, type Hex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccountAbstractionStack } from '../aa.ts'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
// @ts-expect-error plain ES module shared with `npm start`
import { TEST_TOKEN } from '../../scripts/lib/local-chain.mjs'
import { waitForHostEvent } from './helpers.ts'
import { settled, startTx, txPrompt } from './eth-helpers.ts'
import { login, prompt, smartWallet } from './wallet-helpers.ts'

const RECIPIENT = getAddress('0x000000000000000000000000000000000000bEEF')
const SPENDER = getAddress('0x00000000000000000000000000000000000c0ffe')
const token = TEST_TOKEN as { abi: Abi; bytecode: Hex }
/** ERC-1271's answer for a valid signature. */
const ERC1271_MAGIC = '0x1626ba7e'

describe('smart wallets: sponsored user operations from a wallet without ether', () => {
  let aa: AccountAbstractionStack
  let stack: Stack
  let browser: Browser
  let page: Page
  let appId: string
  let tokenAddress: Address
  let smart: { address: Address; owner: Address }

  const chainDef = () => ({
    id: aa.chain.chainId,
    name: 'Local chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [aa.chain.url] } },
  })
  const client = () => createPublicClient({ chain: chainDef(), transport: http(aa.chain.url) })
  const tokenCall = (functionName: string, args: unknown[]) => encodeFunctionData({ abi: token.abi, functionName, args } as never)
  const read = (functionName: string, args: unknown[]) =>
    client().readContract({ address: tokenAddress, abi: token.abi, functionName, args } as never) as Promise<bigint>
  const deployerSend = async (tx: { to?: Address; data: Hex }) => {
    const from = (await import('viem/accounts')).privateKeyToAccount(aa.chain.deployerKey).address
    const hash = (await aa.chain.request('eth_sendTransaction', [{ from, ...tx, gas: '0x2dc6c0' }])) as Hex
    return (await aa.chain.request('eth_getTransactionReceipt', [hash])) as { contractAddress: Address | null; status: string }
  }
  const row = (label: string) => txPrompt(page).locator('.tx-row', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
  const operationReceipt = (userOpHash: string) =>
    fetch(aa.bundlerUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getUserOperationReceipt', params: [userOpHash] }),
    }).then(async (r) => (await r.json()).result as { success: boolean; actualGasCost: string; paymaster: string; receipt: { transactionHash: Hex } })

  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
    aa = await stack.accountAbstraction()
    tokenAddress = (await deployerSend({ data: token.bytecode })).contractAddress!
    ;({ id: appId } = await stack.createApp({
      name: 'Smart Demo',
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
      chains: [{ id: aa.chain.chainId, name: 'Local chain', rpcUrl: aa.chain.url }],
      defaultChain: aa.chain.chainId,
      // The app pays the network fee of calls to its token only (the policy's target allowlist).
      gasSponsorship: {
        privateKey: (await import('viem/accounts')).generatePrivateKey(),
        maxWeiPerTransaction: String(10n ** 16n),
        dailyWeiPerUser: String(10n ** 17n),
        minAccountAgeMinutes: 0,
        allowedContracts: [tokenAddress],
      },
      smartWallets: {
        enabled: true,
        accountType: 'solady',
        chains: [{ id: aa.chain.chainId, bundlerUrl: aa.bundlerUrl, entryPoint: aa.entryPoint, factory: aa.factory, paymaster: aa.paymaster }],
      },
    }))
    page = await (await browser.newContext()).newPage()
    await login(page, stack, 'smart.owner@example.com')
    await waitForHostEvent(page, 'wallet-created', { timeout: 30000 })
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    smart = await smartWallet(page)
    await deployerSend({ to: tokenAddress, data: tokenCall('mint', [smart.address, 1_000_000n]) })
  }, 240_000)
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  it("a new user with 0 ETH sends a sponsored ERC-20 transfer: the fee reads 'Sponsored', the receipt is on chain, the sponsor paid only the operation's gas", async () => {
    // Counterfactual: the address is known before the account exists; no wallet of the user holds ether.
    expect(await client().getCode({ address: smart.address })).toBeUndefined()
    expect(await client().getBalance({ address: smart.address })).toBe(0n)
    expect(await client().getBalance({ address: smart.owner })).toBe(0n)
    const depositBefore = await aa.paymasterDeposit()
    await startTx(page, `window.__smartWallet.sendTransaction({ to: '${tokenAddress}', data: '${tokenCall('transfer', [RECIPIENT, 250_000n])}' })`)
    const screen = txPrompt(page)
    await screen.getByRole('heading', { name: 'Confirm action' }).waitFor({ timeout: 60000 })
    await expect.poll(() => row('Estimated fee').textContent(), { timeout: 60000 }).toBe('Estimated feeSponsored')
    expect(await row('To').locator('[title]').getAttribute('title')).toBe(RECIPIENT)
    expect(await screen.getByText(/Add funds on/).count()).toBe(0)
    await screen.getByRole('button', { name: 'Approve' }).click()
    await screen.getByRole('button', { name: 'All Done' }).click({ timeout: 60000 })
    const { hash, userOperationHash } = (await settled(page)).ok as { hash: Hex; userOperationHash: Hex }
    const receipt = await client().getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    const operation = await operationReceipt(userOperationHash)
    expect(operation).toMatchObject({ success: true, receipt: { transactionHash: hash } })
    expect(getAddress(operation.paymaster)).toBe(getAddress(aa.paymaster))
    expect(await read('balanceOf', [RECIPIENT])).toBe(250_000n)
    // The first operation deployed the account; the sponsor paid exactly its gas; no ether reached the user.
    expect(await client().getCode({ address: smart.address })).toMatch(/^0x[0-9a-f]{10,}/)
    expect(depositBefore - (await aa.paymasterDeposit())).toBe(BigInt(operation.actualGasCost))
    expect(await client().getBalance({ address: smart.address })).toBe(0n)
    expect(await client().getBalance({ address: smart.owner })).toBe(0n)
    // The widget linked it (SIWE through /siwe/link_smart_wallet): the user's smart_wallet account.
    const linked = () =>
      page.evaluate(() =>
        (document.querySelector('auth-modal') as unknown as { user: { linkedAccounts: { type: string; address: string }[] } }).user.linkedAccounts
          .filter((a) => a.type === 'smart_wallet')
          .map((a) => a.address.toLowerCase()),
      )
    await expect.poll(linked, { timeout: 30000 }).toEqual([smart.address.toLowerCase()])
  })

  it("approve + transfer go as ONE operation (wallet_sendCalls): the screen steps '(1 / 2)', 'Continue', '(2 / 2)', 'Approve'; one transaction carries both", async () => {
    const calls = [
      { to: tokenAddress, data: tokenCall('approve', [SPENDER, 5_000n]) },
      { to: tokenAddress, data: tokenCall('transfer', [RECIPIENT, 1_000n]) },
    ]
    await startTx(
      page,
      `window.__smartWallet.provider.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x${aa.chain.chainId.toString(16)}', from: '${smart.address}', atomicRequired: true, calls: ${JSON.stringify(calls)} }] })`,
    )
    const screen = txPrompt(page)
    await screen.getByRole('heading', { name: 'Confirm action (1 / 2)' }).waitFor({ timeout: 60000 })
    await expect.poll(() => row('Spender').locator('[title]').getAttribute('title'), { timeout: 30000 }).toBe(SPENDER)
    expect(await row('Estimated fee').textContent()).toBe('Estimated feeSponsored')
    await screen.getByRole('button', { name: 'Continue' }).click()
    await screen.getByRole('heading', { name: 'Confirm action (2 / 2)' }).waitFor({ timeout: 30000 })
    await screen.getByRole('button', { name: 'Approve' }).click()
    await screen.getByRole('button', { name: 'All Done' }).click({ timeout: 60000 })
    const { id } = (await settled(page)).ok as { id: Hex }
    const status = (await page.evaluate((batch) => window.__smartWallet.getCallsStatus(batch), id)) as {
      status: number
      atomic: boolean
      receipts: { transactionHash: Hex }[]
    }
    expect(status).toMatchObject({ status: 200, atomic: true })
    expect(status.receipts).toHaveLength(1)
    const logs = parseEventLogs({ abi: token.abi, logs: (await client().getTransactionReceipt({ hash: status.receipts[0]!.transactionHash })).logs })
    expect(logs.map((l) => l.eventName)).toEqual(expect.arrayContaining(['Approval', 'Transfer']))
    expect(await read('allowance', [smart.address, SPENDER])).toBe(5_000n)
    expect(await read('balanceOf', [RECIPIENT])).toBe(251_000n)
    expect(await client().getBalance({ address: smart.address })).toBe(0n)
  })

  it('a message signed by the smart wallet verifies through ERC-1271, and logs in with SIWE on a second app', async () => {
    const message = 'Hello from a smart wallet'
    const signed = page.evaluate((text) => window.__smartWallet.signMessage({ message: text }), message)
    await prompt(page).getByRole('button', { name: 'Sign and continue' }).click({ timeout: 30000 })
    const signature = (await signed) as Hex
    const magic = await client().readContract({
      address: smart.address,
      abi: [
        {
          type: 'function',
          name: 'isValidSignature',
          stateMutability: 'view',
          inputs: [{ type: 'bytes32' }, { type: 'bytes' }],
          outputs: [{ type: 'bytes4' }],
        },
      ],
      functionName: 'isValidSignature',
      args: [hashMessage(message), signature],
    })
    expect(magic).toBe(ERC1271_MAGIC)
    expect(await client().verifyMessage({ address: smart.address, message, signature })).toBe(true)

    // SIWE on another app that checks contract wallets on this chain.
    const { id: otherApp } = await stack.createApp({
      name: 'Other App',
      loginMethods: { email: true, wallet: true },
      rpcUrls: { [`eip155:${aa.chain.chainId}`]: aa.chain.url },
    })
    const origin = stack.demoUrl
    const api = (path: string, body: unknown) =>
      fetch(`${stack.apiUrl}/api/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'privy-app-id': otherApp, origin },
        body: JSON.stringify(body),
      })
    const init = await api('/siwe/init', { address: smart.address })
    expect(init.status).toBe(200)
    const siwe = createSiweMessage({
      domain: new URL(origin).host,
      address: smart.address,
      uri: origin,
      version: '1',
      chainId: aa.chain.chainId,
      nonce: ((await init.json()) as { nonce: string }).nonce,
      issuedAt: new Date(),
    })
    const siweSigned = page.evaluate((text) => window.__smartWallet.signMessage({ message: text }), siwe)
    await prompt(page).getByRole('button', { name: 'Sign and continue' }).click({ timeout: 30000 })
    const auth = await api('/siwe/authenticate', {
      message: siwe,
      signature: await siweSigned,
      chainId: `eip155:${aa.chain.chainId}`,
      walletClientType: 'gatehouse_smart_wallet',
      connectorType: 'injected',
      mode: 'login-or-sign-up',
    })
    const body = (await auth.json()) as { user: { linked_accounts: { type: string; address: string }[] } }
    expect(auth.status, JSON.stringify(body)).toBe(200)
    expect(body.user.linked_accounts).toEqual([expect.objectContaining({ type: 'wallet', address: smart.address })])
  })

  it("error: a call outside the app's policy gets no paymaster signature: the screen says why, the host is refused, nothing is sent or charged", async () => {
    const depositBefore = await aa.paymasterDeposit()
    const nonceBefore = await client().readContract({
      address: aa.entryPoint,
      abi: [
        { type: 'function', name: 'getNonce', stateMutability: 'view', inputs: [{ type: 'address' }, { type: 'uint192' }], outputs: [{ type: 'uint256' }] },
      ],
      functionName: 'getNonce',
      args: [smart.address, 0n],
    })
    // RECIPIENT is not in the policy's allowlist.
    await startTx(page, `window.__smartWallet.sendTransaction({ to: '${RECIPIENT}', data: '0x' })`)
    const screen = txPrompt(page)
    await screen.getByRole('heading', { name: 'Transaction failure' }).waitFor({ timeout: 60000 })
    const text = await screen.locator('[part="error-message"]').textContent()
    expect(text).toBe(`This app does not pay the network fee for calls to ${RECIPIENT}. Nothing was sent and nothing was charged.`)
    await screen.getByRole('button', { name: 'Not now' }).click()
    const outcome = await settled(page)
    expect(outcome.err).toMatchObject({ errorCode: 'TRANSACTION_FAILURE' })
    expect(await aa.paymasterDeposit()).toBe(depositBefore)
    const nonceAfter = await client().readContract({
      address: aa.entryPoint,
      abi: [
        { type: 'function', name: 'getNonce', stateMutability: 'view', inputs: [{ type: 'address' }, { type: 'uint192' }], outputs: [{ type: 'uint256' }] },
      ],
      functionName: 'getNonce',
      args: [smart.address, 0n],
    })
    expect(nonceAfter).toBe(nonceBefore)
  })
  /** Starts a send from the smart wallet and answers the error screen's message once it shows; the user leaves it. */
  async function failedSend(script: string) {
    await startTx(page, script)
    const screen = txPrompt(page)
    await screen.getByRole('heading', { name: 'Transaction failure' }).waitFor({ timeout: 60000 })
    const text = await screen.locator('[part="error-message"]').textContent()
    await screen.getByRole('button', { name: 'Not now' }).click()
    return { text, outcome: await settled(page) }
  }

  it("error: a call that reverts in the bundler's simulation shows the spec's preparing text before anything is approved; nothing is charged", async () => {
    const depositBefore = await aa.paymasterDeposit()
    const { text, outcome } = await failedSend(
      `window.__smartWallet.sendTransaction({ to: '${tokenAddress}', data: '${tokenCall('transfer', [RECIPIENT, 10n ** 30n])}' })`,
    )
    expect(text).toBe('There was an error preparing your transaction. Your transaction request will likely fail.')
    expect(outcome.err).toMatchObject({ errorCode: 'TRANSACTION_FAILURE' })
    expect(await aa.paymasterDeposit()).toBe(depositBefore)
  })

  it('error: the paymaster endpoint not answering is its own text; nothing is sent', async () => {
    await page.route('**/api/v1/smart_wallets/paymaster', (route) => route.abort('connectionrefused'))
    try {
      const { text } = await failedSend(`window.__smartWallet.sendTransaction({ to: '${tokenAddress}', data: '${tokenCall('transfer', [RECIPIENT, 1n])}' })`)
      expect(text).toBe('Gas sponsorship is not available right now. Nothing was sent and nothing was charged. Please try again later.')
    } finally {
      await page.unroute('**/api/v1/smart_wallets/paymaster')
    }
    expect(await read('balanceOf', [RECIPIENT])).toBe(251_000n)
  })

  it('error: the bundler not answering is its own text; nothing is sent', async () => {
    await page.route(aa.bundlerUrl, (route) => route.abort('connectionrefused'))
    try {
      const { text } = await failedSend(`window.__smartWallet.sendTransaction({ to: '${tokenAddress}', data: '${tokenCall('transfer', [RECIPIENT, 1n])}' })`)
      expect(text).toBe('The transaction service is not answering. Nothing was sent and nothing was charged. Please try again later.')
    } finally {
      await page.unroute(aa.bundlerUrl)
    }
    expect(await read('balanceOf', [RECIPIENT])).toBe(251_000n)
  })
})
