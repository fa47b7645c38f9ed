/**
 * The wallet list in Chromium against the real server: search (above 6 wallets, case-insensitive
 * substring), the two empty states, 'Select network' for a wallet on both chains, the install
 * guide, connect-only, and the landing screen's bundle staying free of wallet code.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { injectEthereumWallet, injectSolanaWallet, newEthereumWallet, newSolanaWallet } from '../wallets.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { modal, waitForHostEvent } from './helpers.ts'

describe('wallet list', () => {
  let stack: Stack
  let browser: Browser
  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  const open = async (page: Page, button = '#login-wallet') => {
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator(button).click()
    await modal(page).getByRole('heading', { name: 'Connect wallet' }).waitFor()
  }
  const rowNames = (page: Page) => modal(page).locator('[part="wallet-row"] .wallet-name').allTextContents()

  it('search shows above 6 wallets and filters by a case-insensitive substring; no match says so', async () => {
    const walletList = ['metamask', 'coinbase_wallet', 'rainbow', 'phantom', 'rabby', 'zerion', 'okx_wallet', 'trust']
    await stack.createApp({ loginMethods: { email: true, wallet: true }, walletList })
    const page = await browser.newPage()
    await open(page)
    const search = modal(page).getByRole('searchbox', { name: 'Search wallets' })
    await search.waitFor()
    expect(await rowNames(page)).toEqual(['MetaMask', 'Coinbase Wallet', 'Rainbow', 'Phantom', 'Rabby', 'Zerion', 'OKX Wallet', 'Trust Wallet'])
    await search.fill('WALLET')
    expect(await rowNames(page)).toEqual(['Coinbase Wallet', 'OKX Wallet', 'Trust Wallet'])
    await search.fill('zzz')
    await modal(page).getByText('No wallets found. Try another search.').waitFor()
    await expectNoAxeViolations(page, 'wallet search without a match')
    // The bar stays while a search is active, so the user can fix it.
    expect(await search.isVisible()).toBe(true)
    await search.fill('')
    expect(await rowNames(page)).toHaveLength(8)
    await page.close()
  })

  it('6 wallets or fewer: no search bar; a wallet that is not installed shows the install guide', async () => {
    await stack.createApp({ loginMethods: { email: true, wallet: true } })
    const page = await browser.newPage()
    await open(page)
    await modal(page).locator('[part="wallet-row"]').first().waitFor()
    expect(await rowNames(page)).toEqual(['MetaMask', 'Coinbase Wallet', 'Rainbow'])
    expect(await modal(page).getByRole('searchbox').count()).toBe(0)
    await modal(page)
      .getByRole('button', { name: /MetaMask/ })
      .click()
    await modal(page).getByRole('heading', { name: 'Open or install MetaMask' }).waitFor()
    expect(await modal(page).getByRole('link', { name: 'Install MetaMask' }).getAttribute('href')).toBe('https://metamask.io/download/')
    await expectNoAxeViolations(page, 'install guide')
    await modal(page).getByRole('button', { name: 'Use a different wallet' }).click()
    await modal(page).getByRole('heading', { name: 'Connect wallet' }).waitFor()
    await page.close()
  })

  it("error: an app listing only detected wallets, in a browser without any, shows 'No wallets available'", async () => {
    await stack.createApp({ loginMethods: { email: true, wallet: true }, walletList: ['detected_wallets'] })
    const page = await browser.newPage()
    await open(page)
    await modal(page).getByText('No wallets available').waitFor({ timeout: 10_000 })
    await expectNoAxeViolations(page, 'No wallets available')
    await page.close()
  })

  it("ethereum-and-solana: a wallet on both chains asks 'Select network'; choosing Solana logs in with SIWS", async () => {
    await stack.createApp({ loginMethods: { email: true, wallet: true }, walletList: ['detected_wallets'], walletChainType: 'ethereum-and-solana' })
    const page = await browser.newPage()
    await injectEthereumWallet(page, newEthereumWallet(), { name: 'Duo' })
    const solana = newSolanaWallet()
    await injectSolanaWallet(page, solana, { name: 'Duo' })
    await open(page)
    await modal(page).getByRole('button', { name: /Duo/ }).click()
    await modal(page).getByRole('heading', { name: 'Select network' }).waitFor()
    expect(await modal(page).locator('.actions button').allTextContents()).toEqual(['Ethereum', 'Solana'])
    await expectNoAxeViolations(page, 'Select network')
    await modal(page).getByRole('button', { name: 'Solana' }).click()
    await modal(page).getByRole('button', { name: 'Sign with your wallet' }).click()
    const success = await waitForHostEvent(page, 'auth-success')
    expect(success.detail.loginMethod).toBe('siws')
    expect(success.detail.user.linkedAccounts[0].address).toBe(solana.address)
    await page.close()
  })

  it('ethereum-only (default) lists only the Ethereum side of the same wallets', async () => {
    await stack.createApp({ loginMethods: { email: true, wallet: true }, walletList: ['detected_wallets'] })
    const page = await browser.newPage()
    await injectEthereumWallet(page, newEthereumWallet(), { name: 'Duo' })
    await injectSolanaWallet(page, newSolanaWallet(), { name: 'Solo' })
    await open(page)
    await modal(page).getByRole('button', { name: /Duo/ }).waitFor()
    expect(await rowNames(page)).toEqual(['Duo'])
    await page.close()
  })

  it('connectWallet() connects without logging in and announces wallet-connected', async () => {
    await stack.createApp({ loginMethods: { email: true, wallet: true } })
    const wallet = newEthereumWallet()
    const page = await browser.newPage()
    await injectEthereumWallet(page, wallet)
    await open(page, '#connect-wallet')
    await modal(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await modal(page).getByText('Successfully connected with Test Wallet').first().waitFor()
    const event = await waitForHostEvent(page, 'wallet-connected')
    expect(event.detail.wallet.address).toBe(wallet.address)
    await waitForHostEvent(page, 'modal-close')
    expect(await page.evaluate(() => document.querySelector('auth-modal')!.authenticated)).toBe(false)
    // Disconnecting through the host API announces wallet-disconnected and empties `wallets`.
    await page.evaluate(() =>
      document
        .querySelector('auth-modal')!
        .wallets.find((w) => 'disconnect' in w)!
        .disconnect(),
    )
    await waitForHostEvent(page, 'wallet-disconnected')
    expect(await page.evaluate(() => document.querySelector('auth-modal')!.wallets.length)).toBe(0)
    await page.close()
  })

  it('the tags-only entry: the landing fetches no host-method code; a method fetches its action on first call', async () => {
    await stack.createApp({ loginMethods: { email: true, wallet: true } })
    const page = await browser.newPage()
    const scripts: string[] = []
    page.on('response', (response) => {
      if ((response.headers()['content-type'] ?? '').includes('javascript')) scripts.push(new URL(response.url()).pathname)
    })
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login').click()
    await modal(page).getByRole('textbox', { name: 'Email address' }).waitFor()
    expect(scripts).toContain('/dist/elements.js')
    expect(scripts).not.toContain('/dist/gatehouse.js')
    const actionChunk = /\/chunks\/(createWallet|exportWallet|signMessage|linkEmail|linkPasskey|loginAsGuest|signing)-/
    expect(scripts.filter((s) => actionChunk.test(s))).toEqual([])
    // Signed out, linkEmail() rejects — after fetching its own chunk, not before.
    const code = await page.locator('auth-modal').evaluate((el: any) =>
      el.linkEmail().then(
        () => 'resolved',
        (e: { code?: string }) => e.code,
      ),
    )
    expect(code).toBe('MUST_BE_AUTHENTICATED')
    expect(scripts.some((s) => /\/chunks\/linkEmail-/.test(s))).toBe(true)
    await page.close()
  })

  it('the landing screen fetches no wallet code; opening the wallet list does', async () => {
    await stack.createApp({ loginMethods: { email: true, wallet: true } })
    const page = await browser.newPage()
    const scripts: string[] = []
    page.on('response', (response) => {
      if ((response.headers()['content-type'] ?? '').includes('javascript')) scripts.push(new URL(response.url()).pathname)
    })
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login').click()
    await modal(page).getByRole('textbox', { name: 'Email address' }).waitFor()
    const atLanding = [...scripts]
    expect(atLanding.some((s) => /manager|WalletList|siwe/.test(s))).toBe(false)
    await page.locator('auth-modal').evaluate((el: any) => el.close())
    await page.locator('#login-wallet').click()
    await modal(page).getByRole('heading', { name: 'Connect wallet' }).waitFor()
    await modal(page).locator('[part="wallet-row"]').first().waitFor()
    expect(scripts.some((s) => /manager-/.test(s))).toBe(true)
    await page.close()
  })
})
