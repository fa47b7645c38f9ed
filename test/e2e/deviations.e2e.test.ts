/**
 * Spec rows a user sees that the rest of the suite does not reach (issue 31 point 4), on the demo
 * page against the real server in Chromium: the password flow's host callbacks (success, and
 * 'Exited before password was added to wallet'), and the footer's logo.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { modal, waitForHostEvent } from './helpers.ts'
import { login, wallets } from './wallet-helpers.ts'

const PASSWORD = 'Blue-Canyon-77!'

/** Starts `setWalletPassword()` in the page; the returned handle settles with its outcome. */
function startSetWalletPassword(page: Page) {
  return page.evaluate(() => {
    const element = document.querySelector('auth-modal') as any
    ;(window as any).__passwordOutcome = element.setWalletPassword().then(
      (value: any) => ({ ok: true, address: value.wallet.address, recoveryMethod: value.wallet.recoveryMethod }),
      (error: any) => ({ ok: false, message: error.shortMessage, code: error.code }),
    )
  })
}
const passwordOutcome = (page: Page) => page.evaluate(() => (window as any).__passwordOutcome)

describe('spec deviations a user sees', () => {
  let stack: Stack
  let browser: Browser
  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
    await stack.createApp({ name: 'Deviation App', embeddedWallets: { userOwnedRecoveryOptions: ['user-passcode'] } })
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  it("the password flow reports to the host: leaving early rejects 'Exited before password was added to wallet', setting one resolves with the wallet", async () => {
    const page = await (await browser.newContext()).newPage()
    await login(page, stack, 'password-callbacks@example.com')
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    const created = await page.evaluate(() => (document.querySelector('auth-modal') as any).createWallet().then((w: any) => w.address))

    await startSetWalletPassword(page)
    await modal(page).getByText('Set your password').waitFor({ timeout: 15000 })
    await modal(page).getByRole('button', { name: 'Close' }).click()
    expect(await passwordOutcome(page)).toEqual({ ok: false, message: 'Exited before password was added to wallet', code: 'USER_EXITED_SET_PASSWORD_FLOW' })
    expect((await wallets(page))[0]?.recoveryMethod).toBe('privy')

    await startSetWalletPassword(page)
    await modal(page).getByText('Set your password').waitFor({ timeout: 15000 })
    await modal(page).getByPlaceholder('Password', { exact: true }).fill(PASSWORD)
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    await modal(page).getByText('Save your password').waitFor()
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    await modal(page).getByPlaceholder('Confirm password').fill(PASSWORD)
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    await modal(page).getByRole('checkbox').check()
    await modal(page).getByRole('button', { name: 'Set Password' }).click()
    await modal(page).getByText('Success').waitFor({ timeout: 60000 })
    expect(await passwordOutcome(page)).toEqual({ ok: true, address: created, recoveryMethod: 'user-passcode' })
    await page.context().close()
  })

  it("the footer shows the logo, an image named 'Gatehouse'", async () => {
    const page = await (await browser.newContext()).newPage()
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login').click()
    const logo = modal(page).locator('[part="footer"]').getByRole('img', { name: 'Gatehouse' })
    await logo.waitFor()
    expect((await logo.boundingBox())!.width).toBeGreaterThan(20)
    await page.context().close()
  })
})
