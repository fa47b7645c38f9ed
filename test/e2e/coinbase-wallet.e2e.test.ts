/**
 * Coinbase Wallet and Base account through the Coinbase Wallet SDK, in headless Chromium against
 * the real server. With the extension hook present (`window.coinbaseWalletExtension`, a test
 * provider backed by a viem local account) the SDK uses it and SIWE logs in with connectorType
 * 'coinbase_wallet'. Without it the SDK opens a popup to the keys site; Coinbase's site cannot be
 * reached here, so the app's `keysUrl` points at a local page and the test checks the popup.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { injectEthereumWallet, newEthereumWallet } from '../wallets.ts'
import { modal, waitForHostEvent } from './helpers.ts'

describe('Coinbase Wallet / Base account', () => {
  let stack: Stack
  let browser: Browser
  let keys: Server
  let keysUrl = ''
  beforeAll(async () => {
    keys = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>keys</title>'))
    await new Promise<void>((r) => keys.listen(0, '127.0.0.1', r))
    keysUrl = `http://127.0.0.1:${(keys.address() as AddressInfo).port}/connect`
    ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    await new Promise<void>((r) => keys?.close(() => r()))
  })

  it('the extension hook: Coinbase Wallet connects through the SDK and signs in with connectorType coinbase_wallet', async () => {
    await stack.createApp({ name: 'Coinbase Host', loginMethods: { email: true, wallet: true } })
    const wallet = newEthereumWallet()
    const page = await browser.newPage()
    await injectEthereumWallet(page, wallet, { as: 'coinbase-extension' })
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login-wallet').click()
    await modal(page)
      .getByRole('button', { name: /Coinbase Wallet/ })
      .click()
    await modal(page).getByRole('heading', { name: 'Sign to verify' }).waitFor({ timeout: 30000 })
    const connected = await waitForHostEvent(page, 'wallet-connected')
    expect(connected.detail.wallet).toMatchObject({ address: wallet.address, connectorType: 'coinbase_wallet', walletClientType: 'coinbase_wallet' })
    // The SDK told the extension who is asking.
    expect(await page.evaluate(() => (window as any).coinbaseWalletExtension.appInfo?.[0])).toBe('Coinbase Host')

    await modal(page).getByRole('button', { name: 'Sign with your wallet' }).click()
    const success = await waitForHostEvent(page, 'auth-success', { timeout: 30000 })
    expect(success.detail).toMatchObject({ isNewUser: true, loginMethod: 'siwe' })
    expect(success.detail.user.linkedAccounts).toEqual([
      expect.objectContaining({ type: 'wallet', address: wallet.address, connectorType: 'coinbase_wallet', walletClientType: 'coinbase_wallet' }),
    ])
    await page.close()
  })

  it("error: the extension rejects the connection (4001) → 'You rejected the request' with Retry", async () => {
    await stack.createApp({ name: 'Coinbase Reject Host', loginMethods: { email: true, wallet: true } })
    const page = await browser.newPage()
    await injectEthereumWallet(page, newEthereumWallet(), { as: 'coinbase-extension', failConnect: { code: 4001, message: 'User rejected the request.' } })
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login-wallet').click()
    await modal(page)
      .getByRole('button', { name: /Coinbase Wallet/ })
      .click()
    await modal(page).getByRole('heading', { name: 'You rejected the request' }).waitFor({ timeout: 30000 })
    await modal(page).getByRole('button', { name: 'Retry' }).waitFor()
    await page.close()
  })

  for (const [row, type, options] of [
    ['Coinbase Wallet', 'coinbase_wallet', 'all'],
    ['Base Account', 'base_account', 'smartWalletOnly'],
  ] as const) {
    it(`popup: ${row} opens the SDK popup at the configured keys URL (preference ${options})`, async () => {
      await stack.createApp({
        name: `Popup ${type}`,
        loginMethods: { email: true, wallet: true },
        walletList: [type],
        externalWallets: { coinbaseWallet: { keysUrl } },
      })
      const page = await browser.newPage()
      // Base account is smart-wallet-only: even with the Coinbase extension installed it goes to the keys site.
      if (type === 'base_account') await injectEthereumWallet(page, newEthereumWallet(), { as: 'coinbase-extension' })
      await page.goto(`${stack.demoUrl}/`)
      await waitForHostEvent(page, 'auth-ready')
      await page.locator('#login-wallet').click()
      const popup = page.waitForEvent('popup', { timeout: 30000 })
      await modal(page)
        .getByRole('button', { name: new RegExp(row) })
        .click()
      const opened = await popup
      const url = new URL(opened.url())
      expect(`${url.origin}${url.pathname}`).toBe(keysUrl)
      expect(url.searchParams.get('sdkName')).toBe('@coinbase/wallet-sdk')
      expect(url.searchParams.get('origin')).toBe(stack.demoUrl)
      if (type === 'base_account') expect(await page.evaluate(() => (window as any).__testEthWallet.requests)).toEqual([])
      await opened.close()
      await page.close()
    })
  }

  it('eoaOnly on a phone: Coinbase Wallet reopens the page in the app by its deep link', async () => {
    await stack.createApp({ name: 'Coinbase Mobile', loginMethods: { email: true, wallet: true }, externalWallets: { coinbaseWallet: { options: 'eoaOnly' } } })
    const phone = await browser.newContext({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148' })
    const page = await phone.newPage()
    const opened: string[] = []
    await page.route(
      /^https:\/\/go\.cb-w\.com\//,
      (route) => (opened.push(route.request().url()), route.fulfill({ status: 200, contentType: 'text/html', body: 'app' })),
    )
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    const here = page.url()
    await page.locator('#login-wallet').click()
    await modal(page)
      .getByRole('button', { name: /Coinbase Wallet/ })
      .click()
    await page.waitForURL(/go\.cb-w\.com/)
    expect(opened).toEqual([`https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(here)}`])
    await phone.close()
  })
})
