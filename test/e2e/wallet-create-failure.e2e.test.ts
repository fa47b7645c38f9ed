/**
 * Spec part 1 §4, part 2 §4 / §8: "If creation fails during login, the user is logged out". The
 * wallet frame's registration call (POST /api/v1/wallets) answers 500 for real here, so the
 * creation at login fails: the modal says so, the host gets `auth-error` FAILED_TO_CREATE_WALLET
 * and `logout`, and the session is gone.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { modal, waitForHostEvent } from './helpers.ts'
import { login } from './wallet-helpers.ts'

/** The wallet frame's registration call answers 500; answers how many times it was refused. */
async function refuseWalletCreation(page: Page): Promise<() => number> {
  let refused = 0
  // Every frame of the page: the wallet frame registers the derived wallet with this call.
  await page.route('**/api/v1/wallets', async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    refused++
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'internal_error', message: 'Internal Server Error' }) })
  })
  return () => refused
}

/** The index of the login's `auth-success` among the page's events: what follows it is this login's. */
const sinceLogin = (page: Page) => page.evaluate(() => window.gatehouseEvents.findIndex((e) => e.type === 'auth-success'))

/** The failure screen, the host's auth-error and logout, and no session left. */
async function expectLoggedOut(page: Page, after: number) {
  await modal(page).getByRole('heading', { name: 'Failed to create wallet' }).waitFor({ timeout: 30_000 })
  await modal(page).getByText('Something went wrong. Please log in and try again.').waitFor()
  const error = await waitForHostEvent(page, 'auth-error', { after })
  expect(error.detail.code).toBe('FAILED_TO_CREATE_WALLET')
  expect(error.detail.message).toBe('Failed to create wallet')
  await waitForHostEvent(page, 'logout', { after })
  expect(await page.evaluate(() => document.querySelector('auth-modal')!.authenticated)).toBe(false)
  expect(await page.evaluate(() => document.querySelector('auth-modal')!.wallets)).toEqual([])
  expect(await page.evaluate(() => window.gatehouseEvents.filter((e) => e.type === 'wallet-created'))).toEqual([])
}

describe('a wallet creation failing at login', () => {
  let stack: Stack
  let browser: Browser
  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
    await stack.createApp({
      name: 'Failing Wallets',
      loginMethods: { email: true, google: true },
      oauth: { google: { clientId: 'gatehouse-dev', clientSecret: 'gatehouse-dev-idp-secret', issuer: `${stack.apiUrl}/dev/idp` } },
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
    })
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  it("logs the user out: 'Failed to create wallet', auth-error FAILED_TO_CREATE_WALLET, logout, authenticated false", async () => {
    const page = await browser.newPage()
    const refused = await refuseWalletCreation(page)
    const success = await login(page, stack, 'creation.fails@example.com')
    expect(success.detail.isNewUser).toBe(true)
    const after = await sinceLogin(page)
    await expectLoggedOut(page, after)
    expect(refused()).toBeGreaterThan(0)

    // Close ends the modal; the user is still logged out (a reload restores no session).
    await modal(page).locator('[part="primary-button"]', { hasText: 'Close' }).click()
    await waitForHostEvent(page, 'modal-close', { after })
    await page.reload()
    const ready = await waitForHostEvent(page, 'auth-ready')
    expect(ready.detail.authenticated).toBe(false)
    await page.close()
  })

  it('the same after an OAuth login (Google through the development IdP)', async () => {
    const page = await browser.newPage()
    const refused = await refuseWalletCreation(page)
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.evaluate(() => document.querySelector('auth-modal')!.open())
    const [popup] = await Promise.all([page.waitForEvent('popup'), modal(page).locator('button[data-method=google]').click()])
    await popup.waitForURL(/\/dev\/idp\/interaction\//, { timeout: 20_000 })
    await popup.locator('input[name=login]').fill('oauth.creation.fails@example.com')
    await popup.locator('input[name=password]').fill('any')
    await popup.getByRole('button', { name: 'Sign-in' }).click()
    await popup.getByRole('button', { name: 'Continue' }).click()
    const success = await waitForHostEvent(page, 'auth-success')
    expect(success.detail.loginMethod).toBe('google')
    await expectLoggedOut(page, await sinceLogin(page))
    expect(refused()).toBeGreaterThan(0)
    await page.close()
  })
})
