/**
 * Funding from a connected external wallet (an injected EIP-6963 test wallet that signs in Node and
 * broadcasts to the local chain, as an extension would), and 'Add funds' on the transaction
 * screen, on demo/fund.html against the real server and the local EVM chain.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startLocalChain, type LocalChain } from '../evm.ts'
import { injectEthereumWallet, newEthereumWallet } from '../wallets.ts'
import { startStack, type Stack } from '../stack.ts'
import { startRelayStandIn } from '../relay-stand-in.ts'
import { call, deployTestContracts, fundWallet, startTx, txPrompt } from './eth-helpers.ts'
import { eventCount, modal, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'

describe('funding from a connected wallet, and Add funds on the transaction screen', () => {
  let stack: Stack
  let browser: Browser
  let chain: LocalChain
  let contracts: Awaited<ReturnType<typeof deployTestContracts>>
  let page: Page
  let address: string
  let relay: Awaited<ReturnType<typeof startRelayStandIn>>
  const source = newEthereumWallet()
  const balanceOf = async (holder: string) =>
    BigInt((await chain.request('eth_call', [{ to: contracts.token, data: call(contracts.tokenAbi, 'balanceOf', [holder]) }, 'latest'])) as string)

  beforeAll(async () => {
    ;[stack, browser, chain] = await Promise.all([startStack(), launchBrowser(), startLocalChain()])
    contracts = await deployTestContracts(chain)
    relay = await startRelayStandIn(chain.url)
    await fundWallet(chain, contracts.deployer, source.address, 10n ** 18n)
    await chain.request('eth_sendTransaction', [
      { from: contracts.deployer, to: contracts.token, data: call(contracts.tokenAbi, 'mint', [source.address, 50n * 10n ** 6n]) },
    ])
    await stack.createApp({
      name: 'Wallet Funding',
      loginMethods: { email: true, wallet: true },
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' }, solana: { createOnLogin: 'users-without-wallets' } },
      chains: [{ id: 31337, name: 'Local chain', rpcUrl: chain.url }],
      funding: { enabled: true, options: [{ method: 'wallets' }], defaultRecommendedAmount: '0.05', crossChainBridgingEnabled: true },
      fundingProviders: { bridge: { apiUrl: relay.url } },
    })
    page = await (await browser.newContext()).newPage()
    // The wallet knows mainnet only: funding must add the local chain (4902 → wallet_addEthereumChain).
    await injectEthereumWallet(page, source, { rpcUrl: chain.url, knownChains: ['0x1'] })
    await page.goto(`${stack.demoUrl}/fund.html`)
    await waitForHostEvent(page, 'auth-ready')
    // Connect the external wallet (no login), then log in through the button.
    await page.evaluate(() => document.querySelector('auth-modal')!.connectWallet())
    await modal(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await waitForHostEvent(page, 'wallet-connected', { timeout: 15000 })
    await waitForHostEvent(page, 'modal-close')
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    await chain?.close()
    await relay?.close()
  })

  const fundingEvent = (type: string, after: number) =>
    page
      .waitForFunction(([t, n]) => window.gatehouseEvents.slice(n as number).find((e: any) => e.type === t && e.source === 'button'), [type, after] as const, {
        timeout: 60000,
      })
      .then((h) => h.jsonValue() as Promise<{ detail: any }>)
  const setButton = (attributes: Record<string, string>) =>
    page.evaluate((a) => {
      const b = document.querySelector('fund-button')!
      for (const x of [...b.attributes]) if (x.name !== 'id') b.removeAttribute(x.name)
      for (const [k, v] of Object.entries(a)) b.setAttribute(k, v)
    }, attributes)

  it("'Transfer from wallet' sends ETH from the connected wallet to the new user's embedded wallet", async () => {
    const after = await eventCount(page)
    await page.locator('fund-button').getByRole('button').click()
    await submitEmail(page, 'wallet-funder@example.com')
    await typeCode(page, await stack.nextCode('wallet-funder@example.com'))
    await modal(page).getByRole('button', { name: 'Transfer from wallet' }).click({ timeout: 30000 })
    address = await page.evaluate(() => document.querySelector('auth-modal')!.wallets.find((w) => w.chainType === 'ethereum' && 'walletIndex' in w)!.address)
    expect(await modal(page).getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('0.05')
    await modal(page).locator('[part="wallet-row"]', { hasText: 'Test Wallet' }).click()
    const result = await fundingEvent('fund-success', after)
    expect(result.detail).toMatchObject({
      provider: 'wallet',
      sourceAddress: source.address,
      destinationAddress: address,
      sourceValue: '0.05',
      sourceChain: 'eip155:31337',
    })
    const receipt = (await chain.request('eth_getTransactionReceipt', [result.detail.txHash])) as { status: string; to: string }
    expect(receipt.status).toBe('0x1')
    expect(BigInt((await chain.request('eth_getBalance', [address, 'latest'])) as string)).toBe(5n * 10n ** 16n)
    // Spec part 3 §7: switch and add chain.
    const requests = await page.evaluate(() => (window as any).__testEthWallet.requests as string[])
    expect(requests.slice(requests.indexOf('wallet_switchEthereumChain'))).toEqual(
      expect.arrayContaining(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'eth_sendTransaction']),
    )
    expect(requests.indexOf('wallet_addEthereumChain')).toBeLessThan(requests.indexOf('eth_sendTransaction'))
  })

  it('the USDC-like token moves the same way (ERC-20 transfer from the connected wallet)', async () => {
    const after = await eventCount(page)
    await setButton({ asset: contracts.token, amount: '2.5' })
    await page.locator('fund-button').getByRole('button').click()
    await modal(page).getByRole('button', { name: 'Transfer from wallet' }).click({ timeout: 15000 })
    await modal(page).locator('[part="wallet-row"]', { hasText: 'Test Wallet' }).click()
    const result = await fundingEvent('fund-success', after)
    expect(result.detail).toMatchObject({ provider: 'wallet', destinationToken: 'USDC', sourceValue: '2.5' })
    expect(await balanceOf(address)).toBe(2_500_000n)
  })

  it("'Add funds' on the transaction screen when the wallet is short: funding opens, and the transaction can be approved afterwards", async () => {
    await startTx(page, `modal.sendTransaction({ to: '0x000000000000000000000000000000000000bEEF', value: 10n ** 17n })`)
    const screen = txPrompt(page)
    await screen.getByText('Add funds on Local chain to complete transaction.').waitFor({ timeout: 30000 })
    await screen.getByRole('button', { name: 'Add funds' }).click()
    await modal(page).getByRole('button', { name: 'Transfer from wallet' }).click({ timeout: 15000 })
    await modal(page).getByRole('textbox', { name: 'Amount' }).fill('0.1')
    const before = await eventCount(page)
    await modal(page).locator('[part="wallet-row"]', { hasText: 'Test Wallet' }).click()
    await waitForHostEvent(page, 'modal-close', { after: before, timeout: 60000 })
    await screen.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 30000 })
    await screen.getByRole('button', { name: 'Approve' }).click()
    await screen.getByText('Transaction complete!').waitFor({ timeout: 30000 })
    await screen.getByRole('button', { name: 'All Done' }).click()
  })

  const solanaWallet = () =>
    page.evaluate(() => document.querySelector('auth-modal')!.wallets.find((w) => w.chainType === 'solana' && 'walletIndex' in w)!.address)
  const bridgeFromTestWallet = async () => {
    await setButton({ chain: 'solana:devnet', amount: '0.5' })
    await page.locator('fund-button').getByRole('button').click()
    await modal(page).getByRole('button', { name: 'Transfer from wallet' }).click({ timeout: 15000 })
    await modal(page).locator('[part="wallet-row"]', { hasText: 'Test Wallet' }).click()
    await modal(page).locator('[part="bridge-option"]', { hasText: 'Local chain' }).click({ timeout: 15000 })
  }

  it("Ethereum → Solana through the bridge: a quote per funded chain (EXPECTED_OUTPUT), the wallet sends it, the relay status reaches 'Success!' and the modal closes", async () => {
    const after = await eventCount(page)
    relay.state.outcome = 'success'
    await bridgeFromTestWallet()
    await modal(page).getByRole('heading', { name: 'Success!' }).waitFor({ timeout: 30000 })
    const recipient = await solanaWallet()
    expect(relay.quotes.at(-1)).toEqual({
      user: source.address,
      recipient,
      originChainId: 31337,
      destinationChainId: 792703809,
      originCurrency: '0x0000000000000000000000000000000000000000',
      destinationCurrency: '0x0000000000000000000000000000000000000000',
      amount: '500000000',
      tradeType: 'EXPECTED_OUTPUT',
    })
    const result = await fundingEvent('fund-success', after)
    expect(result.detail).toMatchObject({
      provider: 'relay',
      status: 'success',
      destinationAddress: recipient,
      destinationChain: 'solana:devnet',
      sourceAddress: source.address,
    })
    const deposit = (await chain.request('eth_getTransactionByHash', [result.detail.txHash])) as { to: string; value: string }
    expect(deposit.to.toLowerCase()).toBe(relay.depositAddress.toLowerCase())
    expect(BigInt(deposit.value)).toBe(500000000n * 1_000_000n + 10n ** 14n)
    // Spec §9: 'Success!' closes the modal by itself (after 4 s).
    await waitForHostEvent(page, 'modal-close', { after, timeout: 15000 })
  })

  it("error: a refunded bridge shows 'Transaction failed' and 'We were unable to complete the bridging transaction. Funds will be refunded on your wallet.'", async () => {
    relay.state.outcome = 'refund'
    await bridgeFromTestWallet()
    await modal(page).getByRole('heading', { name: 'Transaction failed' }).waitFor({ timeout: 30000 })
    await modal(page).getByText('We were unable to complete the bridging transaction. Funds will be refunded on your wallet.').waitFor()
    await modal(page).getByRole('link', { name: 'Refund status' }).waitFor()
    await modal(page).getByRole('button', { name: 'Close' }).first().click()
  })
})
