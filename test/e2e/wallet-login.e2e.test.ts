/**
 * Wallet-signature login end to end: the demo page in headless Chromium with a test EIP-6963
 * wallet (viem local account) or a Wallet Standard Solana wallet (ed25519 key) injected, the real
 * server on SQLite verifying SIWE / SIWS.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { injectEthereumWallet, injectSolanaWallet, newEthereumWallet, newSolanaWallet } from '../wallets.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { eventCount, modal, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'
import { expectCounted, expectSpecShape, sentEvents, sentNamed } from './analytics-helpers.ts'

describe('wallet login through the demo page', () => {
  let stack: Stack
  let browser: Browser
  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  const openWalletLogin = async (page: Page) => {
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login-wallet').click()
    await modal(page).getByRole('heading', { name: 'Connect wallet' }).waitFor()
  }

  const recentWallet = (page: Page) =>
    page.evaluate(() => {
      const stored = localStorage.getItem(`gatehouse:${document.querySelector('auth-modal')!.getAttribute('app-id')}:recent-wallet`)
      return stored === null ? null : JSON.parse(stored)
    })

  it('SIWE: a new user signs up with an EIP-6963 wallet, and the next run logs the same user in', async () => {
    const { id: appId } = await stack.createApp({ name: 'Wallet Host', loginMethods: { email: true, wallet: true } })
    const wallet = newEthereumWallet()
    const page = await browser.newPage()
    const sent = sentEvents(page.context())
    await injectEthereumWallet(page, wallet)
    await page.goto(`${stack.demoUrl}/`)
    await openWalletLogin(page)

    await modal(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await modal(page).getByRole('heading', { name: 'Sign to verify' }).waitFor()
    const connectedEvent = await waitForHostEvent(page, 'wallet-connected')
    expect(connectedEvent.detail.wallet).toMatchObject({ address: wallet.address, chainType: 'ethereum', chainId: 'eip155:1', connectorType: 'injected' })

    await modal(page).getByRole('button', { name: 'Sign with your wallet' }).click()
    const success = await waitForHostEvent(page, 'auth-success')
    expect(success.detail).toMatchObject({ isNewUser: true, loginMethod: 'siwe' })
    expect(success.detail.user.linkedAccounts).toEqual([expect.objectContaining({ type: 'wallet', address: wallet.address })])
    // Spec part 1 §7: a SIWE login is counted as sdk_authenticate_siwe (not sdk_authenticate).
    await expectCounted(stack, appId, { sdk_authenticate_siwe: 1, sdk_authenticate: 0 })
    const [siwe] = sentNamed(sent, appId, 'sdk_authenticate_siwe')
    expectSpecShape(siwe)
    expect(siwe.payload).toMatchObject({ method: 'siwe', isNewUser: true })
    await modal(page).getByText('Successfully connected with Test Wallet').first().waitFor()
    await waitForHostEvent(page, 'modal-close')
    // Spec part 1 §3: the most recent wallet client and chain type, stored keyed by app id.
    expect(await recentWallet(page)).toEqual({ walletClientType: 'test', chainType: 'ethereum' })

    // The host sees the wallet, with its EIP-1193 provider.
    const hostView = await page.evaluate(async () => {
      const w = document.querySelector('auth-modal')!.wallets.find((x) => 'getEthereumProvider' in x) as
        { address: string; walletClientType: string; getEthereumProvider?: () => Promise<unknown> } | undefined
      const provider = (await w!.getEthereumProvider!()) as { request(a: { method: string }): Promise<string[]> }
      return { address: w!.address, walletClientType: w!.walletClientType, accounts: await provider.request({ method: 'eth_accounts' }) }
    })
    expect(hostView).toEqual({ address: wallet.address, walletClientType: 'test', accounts: [wallet.address] })

    // A second run (fresh page, logged out) is the same user.
    await page.locator('#logout').click()
    await waitForHostEvent(page, 'logout')
    await page.reload()
    await openWalletLogin(page)
    await modal(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await modal(page).getByRole('button', { name: 'Sign with your wallet' }).click()
    const again = await waitForHostEvent(page, 'auth-success')
    expect(again.detail.isNewUser).toBe(false)
    expect(again.detail.user.id).toBe(success.detail.user.id)
    await expectCounted(stack, appId, { sdk_authenticate_siwe: 2, sdk_authenticate: 0 })
    expect(sentNamed(sent, appId, 'sdk_authenticate_siwe')[1].payload).toMatchObject({ method: 'siwe', isNewUser: false })
    await page.close()
  })

  it("error: a rejected signature (4001) shows 'You rejected the request' with Retry, and Retry signs in", async () => {
    await stack.createApp({ name: 'Reject Host', loginMethods: { email: true, wallet: true } })
    const page = await browser.newPage()
    await injectEthereumWallet(page, newEthereumWallet())
    await page.goto(`${stack.demoUrl}/`)
    await openWalletLogin(page)
    await modal(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await modal(page).getByRole('button', { name: 'Sign with your wallet' }).waitFor()
    await page.evaluate(() => void ((window as any).__testEthWallet.rejectNext = 1))
    await modal(page).getByRole('button', { name: 'Sign with your wallet' }).click()
    await modal(page).getByRole('heading', { name: 'You rejected the request' }).waitFor()
    expect(await modal(page).getByRole('button', { name: 'Use a different wallet' }).isVisible()).toBe(true)
    await expectNoAxeViolations(page, 'You rejected the request')
    const error = await waitForHostEvent(page, 'auth-error')
    expect(error.detail.message).toMatch(/rejected/i)

    await modal(page).getByRole('button', { name: 'Retry' }).click()
    const success = await waitForHostEvent(page, 'auth-success')
    expect(success.detail.loginMethod).toBe('siwe')
    await page.close()
  })

  it('error: after 2 retries only "Use a different wallet" is left, under "Unable to connect wallet"', async () => {
    await stack.createApp({ name: 'Retry Host', loginMethods: { email: true, wallet: true } })
    const page = await browser.newPage()
    await injectEthereumWallet(page, newEthereumWallet())
    await page.goto(`${stack.demoUrl}/`)
    await openWalletLogin(page)
    await page.evaluate(() => void ((window as any).__testEthWallet.rejectNext = 3))
    await modal(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await modal(page).getByRole('heading', { name: 'You rejected the request' }).waitFor()
    await modal(page).getByRole('button', { name: 'Retry' }).click()
    await modal(page).getByRole('heading', { name: 'You rejected the request' }).waitFor()
    await modal(page).getByRole('button', { name: 'Retry' }).click()
    await modal(page).getByRole('heading', { name: 'Unable to connect wallet' }).waitFor()
    expect(await modal(page).getByRole('button', { name: 'Retry' }).count()).toBe(0)
    await expectNoAxeViolations(page, 'Unable to connect wallet')
    await modal(page).getByRole('button', { name: 'Use a different wallet' }).click()
    await modal(page).getByRole('heading', { name: 'Connect wallet' }).waitFor()
    await page.close()
  })

  it('SIWS: a new user signs up with a Wallet Standard Solana wallet; the next run logs the same user in', async () => {
    const { id: appId } = await stack.createApp({ name: 'Solana Host', loginMethods: { email: true, wallet: true }, walletChainType: 'solana-only' })
    const wallet = newSolanaWallet()
    const page = await browser.newPage()
    const sent = sentEvents(page.context())
    await injectSolanaWallet(page, wallet)
    await page.goto(`${stack.demoUrl}/`)
    const login = async () => {
      await openWalletLogin(page)
      await modal(page)
        .getByRole('button', { name: /Test Solana Wallet/ })
        .click()
      await modal(page).getByRole('button', { name: 'Sign with your wallet' }).click()
      return waitForHostEvent(page, 'auth-success', { after: (await eventCount(page)) - 1 })
    }
    const first = await login()
    expect(first.detail).toMatchObject({ isNewUser: true, loginMethod: 'siws' })
    expect(first.detail.user.linkedAccounts).toEqual([expect.objectContaining({ type: 'wallet', address: wallet.address })])
    expect(await page.evaluate(() => (window as any).__testSolWallet.requests)).toEqual(['connect', 'signMessage'])
    // Only SIWE has an event of its own (spec part 1 §7): a SIWS login is an sdk_authenticate.
    await expectCounted(stack, appId, { sdk_authenticate: 1, sdk_authenticate_siwe: 0 })
    expect(sentNamed(sent, appId, 'sdk_authenticate')[0].payload).toMatchObject({ method: 'siws', isNewUser: true })
    expect(await recentWallet(page)).toEqual({ walletClientType: 'test_solana', chainType: 'solana' })

    await page.locator('#logout').click()
    await waitForHostEvent(page, 'logout')
    await page.reload()
    const second = await login()
    expect(second.detail.isNewUser).toBe(false)
    expect(second.detail.user.id).toBe(first.detail.user.id)
    await page.close()
  })

  it("SIWS with Phantom 'Continue with Ledger': the wallet signs a memo transaction (message_type transaction)", async () => {
    await stack.createApp({ name: 'Ledger Host', loginMethods: { email: true, wallet: true }, walletChainType: 'solana-only', walletList: ['phantom'] })
    const wallet = newSolanaWallet()
    const page = await browser.newPage()
    await injectSolanaWallet(page, wallet, { name: 'Phantom' })
    await page.goto(`${stack.demoUrl}/`)
    await openWalletLogin(page)
    await modal(page)
      .getByRole('button', { name: /Phantom/ })
      .click()
    await modal(page).getByRole('button', { name: 'Continue without Ledger' }).waitFor()
    await modal(page).getByRole('button', { name: 'Continue with Ledger' }).click()
    await modal(page).getByRole('button', { name: 'Sign with your wallet' }).click()
    const success = await waitForHostEvent(page, 'auth-success')
    expect(success.detail).toMatchObject({ isNewUser: true, loginMethod: 'siws' })
    expect(success.detail.user.linkedAccounts[0].address).toBe(wallet.address)
    expect(await page.evaluate(() => (window as any).__testSolWallet.requests)).toEqual(['connect', 'signTransaction'])
    await page.close()
  })

  it('links an Ethereum wallet to an e-mail user (linkWallet)', async () => {
    await stack.createApp({ name: 'Link Host' })
    const wallet = newEthereumWallet()
    const page = await browser.newPage()
    await injectEthereumWallet(page, wallet)
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login').click()
    await submitEmail(page, 'linker@example.com')
    await typeCode(page, await stack.nextCode('linker@example.com'))
    const login = await waitForHostEvent(page, 'auth-success')
    await waitForHostEvent(page, 'modal-close')

    // A string, so vitest does not rewrite the page's import(): the host imports the same module the tag runs.
    await page.evaluate("import('/dist/gatehouse.js').then((gatehouse) => gatehouse.linkWallet())")
    await modal(page).getByRole('heading', { name: 'Connect wallet' }).waitFor()
    await modal(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await modal(page).getByRole('button', { name: 'Sign with your wallet' }).click()
    await modal(page).getByText('Successfully connected with Test Wallet').first().waitFor()
    await expect
      .poll(() => page.evaluate(() => document.querySelector('auth-modal')!.user?.linkedAccounts.map((a) => `${a.type}:${a.address}`)))
      .toEqual(['email:linker@example.com', `wallet:${wallet.address}`])
    expect(await page.evaluate(() => document.querySelector('auth-modal')!.user?.id)).toBe(login.detail.user.id)
    await page.close()
  })
})
