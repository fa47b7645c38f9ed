/**
 * The states of the wallet connection and wallet screens a person sees only while something waits,
 * in Chromium against the real server: spec part 2 §2 'Waiting for X' (with 'Connecting'),
 * 'Switching networks', 'Signing'; the wallet-created screen's 'All set!' for a user who already
 * had an account; spec part 3 'Connect-wallet interstitial' (its spinner, and 'Something went wrong'
 * / "We're on it. Please try again later." with Close). The test wallet holds a request open
 * (`hold` / `release()` in test/wallets.ts) as a person would leave a wallet prompt unanswered.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { injectEthereumWallet, newEthereumWallet } from '../wallets.ts'
import { modal, waitForHostEvent } from './helpers.ts'
import { login, wallets } from './wallet-helpers.ts'

/** The test wallet's state in the page (test/wallets.ts). */
const walletState = (page: Page) =>
  page.evaluate(() => {
    const w = (window as any).__testEthWallet
    return { waiting: w.waiting as string | null, chainId: w.chainId as string }
  })
const hold = (page: Page, methods: string[]) => page.evaluate((m) => void ((window as any).__testEthWallet.hold = m), methods)
const release = (page: Page) => page.evaluate(() => (window as any).__testEthWallet.release())

describe('wallet connection states, the wallet-created screen for a returning user, the connect interstitial', () => {
  let stack: Stack
  let browser: Browser
  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  it("'Waiting for X' with a busy 'Connecting', 'Switching networks' off an unsupported chain, 'Sign to verify', 'Signing', then 'Successfully connected with X'", async () => {
    await stack.createApp({ name: 'States Host', loginMethods: { email: true, wallet: true } })
    const page = await browser.newPage()
    // The wallet is on BNB Smart Chain (56), which the widget does not support: it must be moved.
    await injectEthereumWallet(page, newEthereumWallet(), { chainId: '0x38' })
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login-wallet').click()
    await modal(page).getByRole('heading', { name: 'Connect wallet' }).waitFor()

    // The connect prompt stays unanswered: 'Waiting for Test Wallet', and 'Connecting' cannot be pressed.
    await hold(page, ['eth_requestAccounts', 'wallet_requestPermissions'])
    await modal(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await expect.poll(async () => (await walletState(page)).waiting).toMatch(/^(eth_requestAccounts|wallet_requestPermissions)$/)
    await modal(page).getByRole('heading', { name: 'Waiting for Test Wallet' }).waitFor()
    const connecting = modal(page).getByRole('button', { name: 'Connecting' })
    expect(await connecting.isDisabled()).toBe(true)
    expect(await connecting.getAttribute('aria-busy')).toBe('true')

    // Connected on chain 56: the widget asks the wallet to switch; the prompt stays open meanwhile.
    await hold(page, ['wallet_switchEthereumChain'])
    await release(page)
    await expect.poll(async () => (await walletState(page)).waiting).toBe('wallet_switchEthereumChain')
    await modal(page).getByRole('heading', { name: 'Switching networks' }).waitFor()
    expect(await modal(page).getByRole('heading', { name: 'Waiting for Test Wallet' }).count()).toBe(0)
    await release(page)

    // On mainnet: 'Sign to verify'; the signature prompt stays open: 'Signing', its button busy.
    await modal(page).getByRole('heading', { name: 'Sign to verify' }).waitFor()
    expect((await walletState(page)).chainId).toBe('0x1')
    await hold(page, ['personal_sign'])
    await modal(page).getByRole('button', { name: 'Sign with your wallet' }).click()
    await expect.poll(async () => (await walletState(page)).waiting).toBe('personal_sign')
    await modal(page).getByRole('heading', { name: 'Signing' }).waitFor()
    const signButton = modal(page).getByRole('button', { name: 'Sign with your wallet' })
    expect(await signButton.isDisabled()).toBe(true)
    expect(await signButton.getAttribute('aria-busy')).toBe('true')
    expect(await modal(page).getByRole('button', { name: 'Use a different wallet' }).isVisible()).toBe(true)
    await release(page)

    const success = await waitForHostEvent(page, 'auth-success')
    expect(success.detail).toMatchObject({ isNewUser: true, loginMethod: 'siwe' })
    await modal(page).getByRole('heading', { name: 'Successfully connected with Test Wallet' }).waitFor()
    await page.close()
  })

  it("'All set!' with 'Your account is secured.' when a user who already had an account gets a wallet; it closes by itself after 2.5 s", async () => {
    const email = 'returning.user@example.com'
    // First the app creates no wallets: the user signs up without one.
    const { id } = await stack.createApp({ name: 'Returning Host' })
    const page = await browser.newPage()
    const first = await login(page, stack, email)
    expect(first.detail.isNewUser).toBe(true)
    await waitForHostEvent(page, 'modal-close')
    expect(await wallets(page)).toEqual([])
    await page.locator('#logout').click()
    await waitForHostEvent(page, 'logout')

    // The operator turns wallet creation on; the user comes back and gets a wallet at login.
    await stack.patchApp(id, { embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } } })
    const again = await login(page, stack, email)
    expect(again.detail.isNewUser).toBe(false)
    expect(again.detail.user.id).toBe(first.detail.user.id)
    const title = modal(page).getByRole('heading', { name: 'All set!' })
    await title.waitFor({ timeout: 30000 })
    const shownAt = Date.now()
    await modal(page).getByText('Your account is secured.').waitFor()
    expect(
      await modal(page)
        .getByText(/^Welcome/)
        .count(),
    ).toBe(0)
    expect(await wallets(page)).toEqual([expect.objectContaining({ chainType: 'ethereum', walletIndex: 0, recoveryMethod: 'privy' })])
    // Nobody clicks anything: the screen closes itself, not before its 2.5 s.
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2000)
    await title.waitFor({ state: 'detached' })
    await page.close()
  })

  describe('the connect-wallet interstitial before an export, on a new device', () => {
    const email = 'interstitial.owner@example.com'
    beforeAll(async () => {
      await stack.createApp({ name: 'Interstitial Host', embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } } })
      const page = await browser.newPage()
      await login(page, stack, email)
      await waitForHostEvent(page, 'wallet-created', { timeout: 30000 })
      await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
      await page.close()
    })

    /** A fresh browser context (no device share), signed in as the owner. */
    const onNewDevice = async () => {
      const page = await (await browser.newContext()).newPage()
      await login(page, stack, email)
      await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
      return page
    }

    it('shows a spinner while it recovers the wallet, at least 1 s, then the export screen', async () => {
      const page = await onNewDevice()
      const clickedAt = Date.now()
      await page.locator('#export').click()
      const interstitial = modal(page).locator('[data-screen="embedded-wallet-connect"]')
      await interstitial.getByRole('progressbar').waitFor()
      await modal(page).getByText('Never share your private key or seed phrase with anyone.').waitFor({ timeout: 30000 })
      // Spec part 3 §4, §9: the way to the export screen shows the interstitial for at least 1 s.
      expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1000)
      expect(await interstitial.count()).toBe(0)
      await page.context().close()
    })

    it("error: the server cannot be reached while recovering: 'Something went wrong', \"We're on it. Please try again later.\", and Close ends the export", async () => {
      const page = await onNewDevice()
      // The wallet frame cannot fetch the wallet's key material (the network to the server is down).
      await page.context().route('**/embedded_wallets/*/recovery/key_material', (route) => route.abort('connectionrefused'))
      const exported = page.evaluate(() =>
        document
          .querySelector('auth-modal')!
          .exportWallet()
          .then(() => 'closed'),
      )
      // The failure replaces the spinner at once (only the way to the export waits its 1 s).
      await modal(page).getByRole('heading', { name: 'Something went wrong' }).waitFor({ timeout: 30000 })
      expect(await modal(page).locator('[data-screen="embedded-wallet-connect"]').count()).toBe(0)
      await modal(page).getByText("We're on it. Please try again later.").waitFor()
      expect(await modal(page).getByText('Never share your private key or seed phrase with anyone.').count()).toBe(0)
      // The screen's own Close button (not the modal's close icon).
      await modal(page).locator('[data-screen="error"]').getByRole('button', { name: 'Close' }).click()
      expect(await exported).toBe('closed')
      await waitForHostEvent(page, 'modal-close')
      await page.context().close()
    })
  })
})
