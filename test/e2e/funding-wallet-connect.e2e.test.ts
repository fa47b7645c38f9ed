/**
 * 'Transfer from wallet' when no wallet is connected (issue #26), on demo/fund.html against the real
 * server and the local chain: the screen offers 'Connect a wallet', the login's wallet list (connect
 * only) with WalletConnect's QR code and the install links; a wallet connected there comes back to
 * the transfer screen and sends; the amount field names its currency.
 */
import type { Browser, Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startLocalChain, type LocalChain } from '../evm.ts'
import { startStack, type Stack } from '../stack.ts'
import { startFakeRelay, type FakeRelay } from '../walletconnect-relay.ts'
import { injectEthereumWallet, newEthereumWallet } from '../wallets.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { fundWallet } from './eth-helpers.ts'
import { modal, submitEmail, typeCode, waitForHostEvent, walletConnectQr } from './helpers.ts'

describe("'Transfer from wallet' with no wallet connected", () => {
  let stack: Stack
  let browser: Browser
  let chain: LocalChain
  let relay: FakeRelay
  const source = newEthereumWallet()

  beforeAll(async () => {
    ;[stack, browser, chain, relay] = await Promise.all([startStack(), launchBrowser(), startLocalChain(), startFakeRelay()])
    await fundWallet(chain, privateKeyToAccount(chain.deployerKey).address, source.address, 10n ** 18n)
    await stack.createApp({
      name: 'Fund Connect',
      loginMethods: { email: true, wallet: true },
      walletList: ['detected_wallets', 'metamask', 'wallet_connect'],
      externalWallets: { walletConnect: { projectId: 'gatehouse-e2e', relayUrl: relay.url } },
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
      chains: [{ id: 31337, name: 'Local chain', rpcUrl: chain.url }],
      funding: { enabled: true, options: [{ method: 'wallets' }], defaultRecommendedAmount: '0.05' },
    })
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    await chain?.close()
    await relay?.close()
  })

  /** Logs a new user in through the fund button and opens 'Transfer from wallet'. */
  async function openTransfer(page: Page, email: string) {
    await page.goto(`${stack.demoUrl}/fund.html`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('fund-button').getByRole('button').click()
    await submitEmail(page, email)
    await typeCode(page, await stack.nextCode(email))
    await modal(page).getByRole('button', { name: 'Transfer from wallet' }).click({ timeout: 30000 })
  }

  it("no browser wallet: 'Connect a wallet' offers WalletConnect's QR code; the amount names its currency", async () => {
    const page = await browser.newPage()
    await openTransfer(page, 'no-wallet-funder@example.com')
    const amount = modal(page).getByRole('textbox', { name: 'Amount in ETH' })
    expect(await amount.inputValue()).toBe('0.05')
    expect(await modal(page).locator('#gh-amount-currency').textContent()).toBe('ETH')
    await modal(page).getByText('No wallet is connected.', { exact: false }).waitFor()
    await expectNoAxeViolations(page, 'Transfer from wallet (no wallet)')
    await modal(page).getByRole('button', { name: 'Connect a wallet' }).click()

    // The login's wallet list, connect only: WalletConnect's QR code.
    await modal(page).getByRole('heading', { name: 'Connect wallet' }).waitFor()
    await modal(page)
      .getByRole('button', { name: /WalletConnect/ })
      .click()
    await modal(page).getByRole('heading', { name: 'Scan code to connect to WalletConnect' }).waitFor()
    const qr = await walletConnectQr(page)
    expect(await qr.getAttribute('data-uri')).toMatch(/^wc:/)
    await modal(page).getByRole('img', { name: 'QR code for WalletConnect' }).waitFor()
    await page.close()
  })

  it('a wallet connected from there comes back to the transfer screen, and the transfer goes through', async () => {
    const page = await (await browser.newContext()).newPage()
    // Installed in the browser but not connected to this site yet.
    await injectEthereumWallet(page, source, { rpcUrl: chain.url })
    await openTransfer(page, 'connect-then-fund@example.com')
    await modal(page).getByRole('button', { name: 'Connect a wallet' }).click()
    await modal(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await waitForHostEvent(page, 'wallet-connected', { timeout: 15000 })
    // Back on 'Transfer from wallet' (not closed), with the wallet listed.
    await modal(page).locator('[data-screen="funding-wallets"]').waitFor({ timeout: 15000 })
    const row = modal(page).locator('[part="wallet-row"]', { hasText: 'Test Wallet' })
    await row.waitFor()
    const address = await page.evaluate(
      () => document.querySelector('auth-modal')!.wallets.find((w) => w.chainType === 'ethereum' && 'walletIndex' in w)!.address,
    )
    await row.click()
    await waitForHostEvent(page, 'fund-success', { timeout: 60000 })
    expect(BigInt((await chain.request('eth_getBalance', [address, 'latest'])) as string)).toBe(5n * 10n ** 16n)
    await page.close()
  })

  it("without WalletConnect in the app, the list's install links: 'Install MetaMask'", async () => {
    await stack.createApp({
      name: 'Fund Install',
      loginMethods: { email: true, wallet: true },
      walletList: ['detected_wallets', 'metamask'],
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
      chains: [{ id: 31337, name: 'Local chain', rpcUrl: chain.url }],
      funding: { enabled: true, options: [{ method: 'wallets' }], defaultRecommendedAmount: '0.05' },
    })
    const page = await browser.newPage()
    await openTransfer(page, 'install-funder@example.com')
    await modal(page).getByRole('button', { name: 'Connect a wallet' }).click()
    await modal(page)
      .getByRole('button', { name: /MetaMask/ })
      .click()
    await modal(page).getByRole('heading', { name: 'Open or install MetaMask' }).waitFor()
    expect(await modal(page).getByRole('link', { name: 'Install MetaMask' }).getAttribute('href')).toBe('https://metamask.io/download/')
    await expectNoAxeViolations(page, 'install guide (from funding)')
    // 'Use a different wallet' goes back to the list, and Back again to the transfer screen.
    await modal(page).getByRole('button', { name: 'Use a different wallet' }).click()
    await modal(page).getByRole('heading', { name: 'Connect wallet' }).waitFor()
    await modal(page).getByRole('button', { name: 'Back' }).click()
    await modal(page).locator('[data-screen="funding-wallets"]').waitFor()
    await page.close()
  })
})
