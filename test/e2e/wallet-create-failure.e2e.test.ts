/**
 * Spec part 1 §4, part 2 §4 / §8: "If creation fails during login, the user is logged out". The
 * wallet frame's registration call (POST /api/v1/wallets) answers 500 for real here, so the
 * creation at login fails: the modal says so, the host gets `auth-error` FAILED_TO_CREATE_WALLET
 * and `logout`, and the session is gone.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { eventCount, modal, waitForHostEvent } from './helpers.ts'
import { login } from './wallet-helpers.ts'

describe('a wallet creation failing at login', () => {
  let stack: Stack
  let browser: Browser
  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
    await stack.createApp({ name: 'Failing Wallets', embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } } })
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  it("logs the user out: 'Failed to create wallet', auth-error FAILED_TO_CREATE_WALLET, logout, authenticated false", async () => {
    const page = await browser.newPage()
    let refused = 0
    // Every frame of the page: the wallet frame registers the derived wallet with this call.
    await page.route('**/api/v1/wallets', async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      refused++
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'internal_error', message: 'Internal Server Error' }) })
    })
    const success = await login(page, stack, 'creation.fails@example.com')
    expect(success.detail.isNewUser).toBe(true)
    const after = await eventCount(page)

    await modal(page).getByRole('heading', { name: 'Failed to create wallet' }).waitFor({ timeout: 30_000 })
    await modal(page).getByText('Something went wrong. Please log in and try again.').waitFor()
    const error = await waitForHostEvent(page, 'auth-error', { after })
    expect(error.detail.code).toBe('FAILED_TO_CREATE_WALLET')
    expect(error.detail.message).toBe('Failed to create wallet')
    await waitForHostEvent(page, 'logout', { after })
    expect(refused).toBeGreaterThan(0)
    expect(await page.evaluate(() => document.querySelector('auth-modal')!.authenticated)).toBe(false)
    expect(await page.evaluate(() => document.querySelector('auth-modal')!.wallets)).toEqual([])
    expect(await page.evaluate(() => window.gatehouseEvents.slice(0).filter((e) => e.type === 'wallet-created'))).toEqual([])

    // Close ends the modal; the user is still logged out (a reload restores no session).
    await modal(page).locator('[part="primary-button"]', { hasText: 'Close' }).click()
    await waitForHostEvent(page, 'modal-close', { after })
    await page.reload()
    const ready = await waitForHostEvent(page, 'auth-ready')
    expect(ready.detail.authenticated).toBe(false)
    await page.close()
  })
})
