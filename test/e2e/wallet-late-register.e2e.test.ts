/**
 * Spec part 2 §4: "Uninstalled known wallets get placeholder connectors, replaced when a real
 * Solana connector appears." The wallet list is open with Phantom not installed (the listing's
 * placeholder row: the install guide); the Phantom extension then registers (Wallet Standard
 * `register`), and the same row becomes the real connector: 'Installed', and a click logs in with
 * SIWS instead of the install guide.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { injectSolanaWallet, newSolanaWallet } from '../wallets.ts'
import { modal, waitForHostEvent } from './helpers.ts'

describe('a Solana wallet registering after the list opened', () => {
  let stack: Stack
  let browser: Browser
  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  it('the not-installed Phantom row (install guide) turns into the real connector when Phantom registers; it then logs in with SIWS', async () => {
    await stack.createApp({ loginMethods: { email: true, wallet: true }, walletList: ['phantom'], walletChainType: 'solana-only' })
    const phantom = newSolanaWallet()
    const page = await browser.newPage()
    await injectSolanaWallet(page, phantom, { name: 'Phantom', registerLater: true })
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login-wallet').click()
    await modal(page).getByRole('heading', { name: 'Connect wallet' }).waitFor()

    const rows = modal(page).locator('[part="wallet-row"]')
    await rows.first().waitFor()
    expect(await rows.locator('.wallet-name').allTextContents()).toEqual(['Phantom'])
    expect(await rows.locator('.wallet-tag').count()).toBe(0)
    // The placeholder: not installed, so the install guide.
    await rows.first().click()
    await modal(page).getByRole('heading', { name: 'Open or install Phantom' }).waitFor()
    await modal(page).getByRole('button', { name: 'Use a different wallet' }).click()
    await modal(page).getByRole('heading', { name: 'Connect wallet' }).waitFor()

    // The extension loads now: the same single row is the installed wallet.
    await page.evaluate(() => (window as any).__registerTestSolWallet())
    await rows.locator('.wallet-tag', { hasText: 'Installed' }).waitFor()
    expect(await rows.locator('.wallet-name').allTextContents()).toEqual(['Phantom'])
    await rows.first().click()
    // Phantom signs transactions, so it is first asked whether a Ledger is behind it.
    await modal(page).getByRole('button', { name: 'Continue without Ledger' }).click()
    await modal(page).getByRole('button', { name: 'Sign with your wallet' }).click()
    const success = await waitForHostEvent(page, 'auth-success')
    expect(success.detail.loginMethod).toBe('siws')
    expect(success.detail.user.linkedAccounts[0].address).toBe(phantom.address)
    expect(await page.evaluate(() => (window as any).__testSolWallet.requests)).toContain('signMessage')
    await page.close()
  })
})
