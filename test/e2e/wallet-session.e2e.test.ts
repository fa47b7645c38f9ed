/**
 * External wallets across page loads and devices, in Chromium against the real server: the stored
 * active connection is restored after a reload without a prompt (both chains), the mobile redirect
 * ('Still here?' after 1 s on an emulated phone), and wallet-first landing ordering.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { injectEthereumWallet, injectSolanaWallet, newEthereumWallet, newSolanaWallet } from '../wallets.ts'
import { modal, waitForHostEvent } from './helpers.ts'

const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

describe('wallet sessions, mobile and landing order', () => {
  let stack: Stack
  let browser: Browser
  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  const hostWallets = (page: Page) =>
    page.evaluate(() =>
      document
        .querySelector('auth-modal')!
        .wallets.filter((w) => 'disconnect' in w)
        .map((w) => ({ address: w.address, chainType: w.chainType })),
    )
  const walletRequests = (page: Page, which: '__testEthWallet' | '__testSolWallet') =>
    page.evaluate((key) => ((window as any)[key] as { requests: string[] }).requests, which)

  it('an Ethereum connection is restored after a reload without a prompt, and announced again', async () => {
    await stack.createApp({ name: 'Reconnect Host', loginMethods: { email: true, wallet: true } })
    const wallet = newEthereumWallet()
    const page = await browser.newPage()
    await injectEthereumWallet(page, wallet)
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#connect-wallet').click()
    await modal(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await waitForHostEvent(page, 'wallet-connected')
    await waitForHostEvent(page, 'modal-close')

    await page.reload()
    const again = await waitForHostEvent(page, 'wallet-connected', { timeout: 20000 })
    expect(again.detail.wallet).toMatchObject({ address: wallet.address, chainType: 'ethereum', walletClientType: 'test', connectorType: 'injected' })
    expect(await hostWallets(page)).toEqual([{ address: wallet.address, chainType: 'ethereum' }])
    // Silent: the wallet was asked for its accounts, never for a connect prompt.
    const requests = await walletRequests(page, '__testEthWallet')
    expect(requests).toContain('eth_accounts')
    expect(requests).not.toContain('eth_requestAccounts')
    expect(await modal(page).locator('[data-screen]').count()).toBe(0)
    await page.close()
  })

  it('a Solana connection is restored after a reload with a silent Wallet Standard connect', async () => {
    await stack.createApp({ name: 'Reconnect Solana', loginMethods: { email: true, wallet: true }, walletChainType: 'solana-only' })
    const wallet = newSolanaWallet()
    const page = await browser.newPage()
    await injectSolanaWallet(page, wallet)
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#connect-wallet').click()
    await modal(page)
      .getByRole('button', { name: /Test Solana Wallet/ })
      .click()
    await waitForHostEvent(page, 'wallet-connected')
    await waitForHostEvent(page, 'modal-close')

    await page.reload()
    const again = await waitForHostEvent(page, 'wallet-connected', { timeout: 20000 })
    expect(again.detail.wallet).toMatchObject({ address: wallet.address, chainType: 'solana' })
    expect(await walletRequests(page, '__testSolWallet')).toEqual(['connect:silent'])
    await page.close()
  })

  it('error: a wallet that forgot the site is not reconnected, and the stored connection is dropped', async () => {
    await stack.createApp({ name: 'Forgotten', loginMethods: { email: true, wallet: true } })
    const wallet = newEthereumWallet()
    const page = await browser.newPage()
    await injectEthereumWallet(page, wallet)
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#connect-wallet').click()
    await modal(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await waitForHostEvent(page, 'wallet-connected')
    // The user revokes the site in the wallet (its own storage), then reloads.
    await page.evaluate((address) => localStorage.removeItem(`__testwallet:eth:${address}`), wallet.address)
    await page.reload()
    await waitForHostEvent(page, 'auth-ready')
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith(':wallet-connection')).length), { timeout: 15000 }).toBe(0)
    expect(await hostWallets(page)).toEqual([])
    expect(await walletRequests(page, '__testEthWallet')).not.toContain('eth_requestAccounts')
    await page.close()
  })

  it("mobile: a wallet that is not installed offers Continue (the app's link), then 'Still here?' with 'Go to App Store' after 1 s", async () => {
    await stack.createApp({ name: 'Mobile Host', loginMethods: { email: true, wallet: true } })
    const context = await browser.newContext({ userAgent: IPHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    // Opening a wallet app leaves the page where it is: the deep link answers 204 (no navigation).
    const opened: string[] = []
    await page.route('https://metamask.app.link/**', (route) => {
      opened.push(route.request().url())
      return route.fulfill({ status: 204 })
    })
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login-wallet').click()
    await modal(page)
      .getByRole('button', { name: /MetaMask/ })
      .click()
    await modal(page).getByRole('heading', { name: 'Open or install MetaMask' }).waitFor()
    expect(await modal(page).getByRole('link', { name: 'Install MetaMask' }).count()).toBe(0)
    const clicked = Date.now()
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    expect(await modal(page).getByText('Still here?').count()).toBe(0)
    await modal(page).getByText('Still here?').waitFor()
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(950)
    const store = modal(page).getByRole('link', { name: 'Go to App Store' })
    expect(await store.getAttribute('href')).toBe('https://apps.apple.com/app/metamask/id1438144202')
    const host = new URL(stack.demoUrl).host
    expect(opened).toEqual([`https://metamask.app.link/dapp/${host}/`])
    await context.close()
  })

  it('wallet-first: web3-first puts "Continue with a wallet" before e-mail; a wallet-only app shows it alone', async () => {
    const entries = async (config: Record<string, unknown>) => {
      await stack.createApp(config)
      const page = await browser.newPage()
      await page.goto(`${stack.demoUrl}/`)
      await waitForHostEvent(page, 'auth-ready')
      await page.locator('#login').click()
      await modal(page).locator('[data-screen="landing"]').waitFor()
      const labels = await modal(page)
        .locator('[part="methods"] > *')
        .evaluateAll((nodes) => nodes.map((n) => (n.querySelector('input[type="email"]') ? 'email-input' : (n.textContent ?? '').trim())))
      await page.close()
      return labels
    }
    expect(await entries({ loginMethods: { email: true, google: true, wallet: true }, loginGroupPriority: 'web3-first' })).toEqual([
      'Continue with a wallet',
      'email-input',
      expect.stringMatching(/Google/),
    ])
    expect(await entries({ loginMethods: { email: true, google: true, wallet: true } })).toEqual([
      'email-input',
      expect.stringMatching(/Google/),
      'Continue with a wallet',
    ])
    expect(await entries({ loginMethods: { email: false, wallet: true } })).toEqual(['Continue with a wallet'])
  })

  it("error: Phantom failing to connect without a rejection shows 'Could not connect with wallet' with 'Try again' and 'Cancel'", async () => {
    await stack.createApp({ name: 'Phantom Host', loginMethods: { email: true, wallet: true } })
    const wallet = newEthereumWallet()
    const page = await browser.newPage()
    await injectEthereumWallet(page, wallet, {
      name: 'Phantom',
      rdns: 'app.phantom',
      failConnect: { code: -32603, message: 'Ethereum is turned off in Phantom' },
    })
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login-wallet').click()
    await modal(page)
      .getByRole('button', { name: /Phantom/ })
      .click()
    await modal(page).getByRole('heading', { name: 'Could not connect with wallet' }).waitFor()
    expect(await modal(page).getByRole('button', { name: 'Cancel' }).count()).toBe(1)
    // The user turns Ethereum on in Phantom, then tries again.
    await page.evaluate(() => ((window as any).__testEthWallet.failConnect = null))
    await modal(page).getByRole('button', { name: 'Try again' }).click()
    await modal(page).getByRole('heading', { name: 'Sign to verify' }).waitFor()
    await page.locator('auth-modal').evaluate((el: any) => el.close())
    await waitForHostEvent(page, 'modal-close')

    await page.close()

    // Cancel closes the modal.
    const second = await browser.newPage()
    await injectEthereumWallet(second, newEthereumWallet(), {
      name: 'Phantom',
      rdns: 'app.phantom',
      failConnect: { code: -32603, message: 'Ethereum is turned off in Phantom' },
    })
    await second.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(second, 'auth-ready')
    await second.locator('#login-wallet').click()
    await modal(second)
      .getByRole('button', { name: /Phantom/ })
      .click()
    await modal(second).getByRole('heading', { name: 'Could not connect with wallet' }).waitFor()
    await modal(second).getByRole('button', { name: 'Cancel' }).click()
    await waitForHostEvent(second, 'modal-close')
    await second.close()
  })

  it("connect-only landing: 'Connect your wallet' offers only wallets, loads no wallet code until chosen, and connects without logging in", async () => {
    await stack.createApp({ name: 'Connect Only', loginMethods: { email: true, google: true, wallet: true } })
    const wallet = newEthereumWallet()
    const page = await browser.newPage()
    const scripts: string[] = []
    page.on('response', (response) => {
      if ((response.headers()['content-type'] ?? '').includes('javascript')) scripts.push(new URL(response.url()).pathname)
    })
    await injectEthereumWallet(page, wallet)
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('auth-modal').evaluate((el: any) => el.connectWallet({ landing: true }))
    await modal(page).getByRole('heading', { name: 'Connect your wallet' }).waitFor()
    expect(await modal(page).getByText('Connect Only').count()).toBe(1)
    expect(await modal(page).locator('[part="methods"] > *').allTextContents()).toEqual(['Continue with a wallet'])
    expect(await modal(page).getByRole('textbox').count()).toBe(0)
    // Chunk names: the connector manager and the list screen (openWalletList- is the tiny opener).
    expect(scripts.some((s) => /\/(manager|WalletListScreen)-/.test(s))).toBe(false)

    await modal(page).getByRole('button', { name: 'Continue with a wallet' }).click()
    await modal(page).getByRole('heading', { name: 'Connect wallet' }).waitFor()
    await modal(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await modal(page).getByText('Successfully connected with Test Wallet').first().waitFor()
    expect((await waitForHostEvent(page, 'wallet-connected')).detail.wallet.address).toBe(wallet.address)
    await waitForHostEvent(page, 'modal-close')
    expect(await page.evaluate(() => document.querySelector('auth-modal')!.authenticated)).toBe(false)
    await page.close()
  })
})
