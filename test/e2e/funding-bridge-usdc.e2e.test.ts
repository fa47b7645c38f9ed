/**
 * Funding USDC through the bridge (spec part 3 §3 'Bridge', §4 'Bridge funding', §5, §7 'Bridge
 * quote'): the embedded Solana wallet on the local cluster is funded in its USDC (the app's test
 * mint) from an injected EIP-6963 test wallet holding the local chain's test USDC (the app names it
 * as the chain's `usdcAddress`). The relay stand-in quotes the token origin with Relay's 'approve'
 * then 'deposit' steps, the wallet sends both on the local chain, and the stand-in credits the
 * recipient's USDC on the local cluster once it reports 'success'. The other way, a connected
 * Wallet Standard wallet's SPL test USDC funds an Ethereum address's test USDC (Relay's Solana step:
 * the SPL deposit instructions the wallet signs).
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startLocalChain, type LocalChain } from '../evm.ts'
import { associatedTokenAddress, createTestMint, mintTestTokens, startLocalSolana, type LocalSolana } from '../svm.ts'
import { injectEthereumWallet, injectSolanaWallet, newEthereumWallet, newSolanaWallet } from '../wallets.ts'
import { startStack, type Stack } from '../stack.ts'
import { startRelayStandIn } from '../relay-stand-in.ts'
import { call, deployTestContracts, fundWallet } from './eth-helpers.ts'
import { eventCount, modal, waitForHostEvent } from './helpers.ts'
import { login, wallets } from './wallet-helpers.ts'

const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'
const topic = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`

describe('funding USDC through the bridge: Ethereum test USDC to the embedded Solana wallet', () => {
  let stack: Stack
  let browser: Browser
  let chain: LocalChain
  let sol: LocalSolana
  let contracts: Awaited<ReturnType<typeof deployTestContracts>>
  let relay: Awaited<ReturnType<typeof startRelayStandIn>>
  let page: Page
  let address: string
  let mint: string
  const source = newEthereumWallet()
  const solSource = newSolanaWallet()
  const read = async (fn: string, args: unknown[]) =>
    BigInt((await chain.request('eth_call', [{ to: contracts.token, data: call(contracts.tokenAbi, fn, args) }, 'latest'])) as string)
  const approvals = async () =>
    (await chain.request('eth_getLogs', [{ address: contracts.token, fromBlock: '0x0', topics: [APPROVAL_TOPIC, topic(source.address)] }])) as {
      transactionHash: string
      blockNumber: string
      topics: string[]
      data: string
    }[]
  const fundingEvent = (type: string, after: number) => waitForHostEvent(page, type, { after, timeout: 60000 })
  const bridgeUsdc = async () => {
    await page.evaluate(
      (a) =>
        void document
          .querySelector('auth-modal')!
          .fundWallet(a, { asset: 'USDC', amount: '1.5' })
          .catch(() => undefined),
      address,
    )
    await modal(page).getByRole('button', { name: 'Transfer from wallet' }).click({ timeout: 30000 })
    await modal(page).locator('[part="wallet-row"]', { hasText: 'Test Wallet' }).click()
  }

  beforeAll(async () => {
    ;[stack, browser, chain, sol] = await Promise.all([startStack(), launchBrowser(), startLocalChain(), startLocalSolana()])
    contracts = await deployTestContracts(chain)
    mint = createTestMint(sol)
    relay = await startRelayStandIn(chain.url, sol.url, {
      onFill: (fill) => {
        if (fill.destinationCurrency === mint) mintTestTokens(sol, mint, fill.recipient, fill.amount)
        else
          return chain
            .request('eth_sendTransaction', [
              { from: contracts.deployer, to: contracts.token, data: call(contracts.tokenAbi, 'mint', [fill.recipient, fill.amount]) },
            ])
            .then(() => undefined)
      },
    })
    // Gas money only: the wallet holds no USDC yet.
    await fundWallet(chain, contracts.deployer, source.address, 10n ** 18n)
    await stack.createApp({
      name: 'Bridge USDC',
      loginMethods: { email: true, wallet: true },
      walletChainType: 'ethereum-and-solana',
      embeddedWallets: { solana: { createOnLogin: 'users-without-wallets' } },
      chains: [{ id: 31337, name: 'Local chain', rpcUrl: chain.url, usdcAddress: contracts.token }],
      solanaCluster: { name: 'localnet', rpcUrl: sol.url, usdcMint: mint },
      funding: { enabled: true, options: [{ method: 'wallets' }], defaultRecommendedAmount: '1', crossChainBridgingEnabled: true },
      fundingProviders: { bridge: { apiUrl: relay.url } },
    })
    page = await (await browser.newContext()).newPage()
    await injectEthereumWallet(page, source, { rpcUrl: chain.url })
    await injectSolanaWallet(page, solSource)
    await login(page, stack, 'usdc.bridger@example.com')
    await waitForHostEvent(page, 'wallet-created', { timeout: 30000 })
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    address = (await wallets(page)).find((w) => w.chainType === 'solana')!.address
    const connecting = await eventCount(page)
    await page.evaluate(() => document.querySelector('auth-modal')!.connectWallet())
    await modal(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await waitForHostEvent(page, 'wallet-connected', { after: connecting, timeout: 15000 })
    await waitForHostEvent(page, 'modal-close', { after: connecting })
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    await chain?.close()
    await sol?.close()
    await relay?.close()
  })

  it("error: a source wallet holding no USDC is not quoted: 'Wallet <address> does not have enough funds.' (spec §5, on the token balance, not its ETH)", async () => {
    const quotes = relay.quotes.length
    await bridgeUsdc()
    await modal(page)
      .getByText(new RegExp(`^Wallet ${source.address} does not have enough funds\\.$`, 'i'))
      .waitFor({ timeout: 30000 })
    expect(relay.quotes.length).toBe(quotes)
    await modal(page).getByRole('button', { name: 'Close' }).first().click()
  })

  it("USDC → USDC: the quote pays in the chain's USDC, the wallet sends the 'approve' of exactly the quoted amount and then the 'deposit'; 'Success!' and the USDC lands on the Solana wallet", async () => {
    await chain.request('eth_sendTransaction', [
      { from: contracts.deployer, to: contracts.token, data: call(contracts.tokenAbi, 'mint', [source.address, 50n * 10n ** 6n]) },
    ])
    const after = await eventCount(page)
    await bridgeUsdc()
    const option = modal(page).locator('[part="bridge-option"]', { hasText: 'Local chain' })
    await option.waitFor({ timeout: 30000 })
    // What the source pays: 1.5 USDC out plus the stand-in's 0.01 USDC fee, in USDC (not ETH).
    expect(await option.textContent()).toContain('1.51 USDC')
    await option.click()
    await modal(page).getByRole('heading', { name: 'Success!' }).waitFor({ timeout: 30000 })
    expect(relay.quotes.at(-1)).toEqual({
      user: source.address,
      recipient: address,
      originChainId: 31337,
      destinationChainId: 792703809,
      originCurrency: contracts.token,
      destinationCurrency: mint,
      amount: '1500000',
      tradeType: 'EXPECTED_OUTPUT',
    })
    const result = await fundingEvent('fund-success', after)
    expect(result.detail).toMatchObject({
      provider: 'relay',
      status: 'success',
      sourceAddress: source.address,
      destinationAddress: address,
      destinationToken: 'USDC',
    })
    // On chain: one approval, to the depository, of exactly 1.51 USDC, mined before the deposit that spent it.
    const deposit = (await chain.request('eth_getTransactionReceipt', [result.detail.txHash])) as { status: string; to: string; blockNumber: string }
    expect(deposit.status).toBe('0x1')
    expect(deposit.to.toLowerCase()).toBe(relay.state.depository!.toLowerCase())
    const [approval, ...more] = await approvals()
    expect(more).toHaveLength(0)
    expect(approval!.topics[2]).toBe(topic(relay.state.depository!))
    expect(BigInt(approval!.data)).toBe(1_510_000n)
    expect(BigInt(approval!.blockNumber)).toBeLessThan(BigInt(deposit.blockNumber))
    expect(await read('allowance', [source.address, relay.state.depository])).toBe(0n)
    expect(await read('balanceOf', [relay.state.depository])).toBe(1_510_000n)
    expect(await read('balanceOf', [source.address])).toBe(50_000_000n - 1_510_000n)
    // The stand-in credited the embedded wallet's USDC on the local cluster.
    const credited = (await sol.request('getTokenAccountBalance', [associatedTokenAddress(address, mint)])) as { value: { amount: string } }
    expect(credited.value.amount).toBe('1500000')
    // Spec §9: 'Success!' closes the modal by itself (after 4 s).
    await waitForHostEvent(page, 'modal-close', { after, timeout: 15000 })
  })

  it("error: a quote whose 'approve' asks for more than the quoted amount (unlimited) is refused with 'Invalid transaction request'; nothing is sent", async () => {
    relay.state.approval = 'unlimited'
    const before = (await approvals()).length
    const quotes = relay.quotes.length
    try {
      await bridgeUsdc()
      await modal(page).getByText('Invalid transaction request').waitFor({ timeout: 30000 })
      expect(relay.quotes.length).toBe(quotes + 1)
      expect(await modal(page).locator('[part="bridge-option"]').count()).toBe(0)
      expect((await approvals()).length).toBe(before)
    } finally {
      relay.state.approval = 'exact'
    }
  })
  it("Solana → Ethereum in USDC: the quote pays in the cluster's USDC mint, the connected Solana wallet signs Relay's SPL deposit; 'Success!' and the test USDC lands on the Ethereum address", async () => {
    const recipient = '0x00000000000000000000000000000000000b0b02'
    await sol.airdrop(solSource.address, 10 ** 9)
    mintTestTokens(sol, mint, solSource.address, 5_000_000n)
    const connecting = await eventCount(page)
    await page.evaluate(() => document.querySelector('auth-modal')!.connectWallet())
    await modal(page)
      .getByRole('button', { name: /Test Solana Wallet/ })
      .click()
    await waitForHostEvent(page, 'wallet-connected', { after: connecting, timeout: 15000 })
    await waitForHostEvent(page, 'modal-close', { after: connecting })
    const after = await eventCount(page)
    await page.evaluate(
      (a) =>
        void document
          .querySelector('auth-modal')!
          .fundWallet(a, { chain: 31337, asset: 'USDC', amount: '2' })
          .catch(() => undefined),
      recipient,
    )
    await modal(page).getByRole('button', { name: 'Transfer from wallet' }).click({ timeout: 30000 })
    await modal(page).locator('[part="wallet-row"]', { hasText: 'Test Solana Wallet' }).click()
    const option = modal(page).locator('[part="bridge-option"]', { hasText: 'Solana (localnet)' })
    await option.waitFor({ timeout: 30000 })
    expect(await option.textContent()).toContain('2.01 USDC')
    await option.click()
    await modal(page).getByRole('heading', { name: 'Success!' }).waitFor({ timeout: 30000 })
    expect(relay.quotes.at(-1)).toEqual({
      user: solSource.address,
      recipient,
      originChainId: 792703809,
      destinationChainId: 31337,
      originCurrency: mint,
      destinationCurrency: contracts.token,
      amount: '2000000',
      tradeType: 'EXPECTED_OUTPUT',
    })
    const result = await fundingEvent('fund-success', after)
    expect(result.detail).toMatchObject({ provider: 'relay', status: 'success', sourceAddress: solSource.address, destinationAddress: recipient })
    const balance = (await sol.request('getTokenAccountBalance', [associatedTokenAddress(solSource.address, mint)])) as { value: { amount: string } }
    expect(balance.value.amount).toBe(String(5_000_000 - 2_010_000))
    expect(await read('balanceOf', [recipient])).toBe(2_000_000n)
  })
})
