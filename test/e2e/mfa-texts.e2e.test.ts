/**
 * Spec texts of MFA enrollment and wallet creation as a user meets them, in Chromium against the
 * real server (issue #31, spec part 1 §3, part 2 §2): 'Add more security' with Close for an app that
 * offers no MFA method; passkeys linked on two devices (Chromium's virtual authenticator) listed on
 * 'Set up passkey verification' by their titles ('browser on OS' from the browser they were made
 * in, 'Unknown device' from one the server cannot tell) with 'Last used', and 'Enable passkeys'
 * enrolling them; 'All set!' / 'Your account is secured.' when a returning user gets a wallet.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { eventCount, modal, waitForHostEvent } from './helpers.ts'
import { login } from './wallet-helpers.ts'

let stack: Stack
let browser: Browser

beforeAll(async () => {
  ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
})

/** A browser user agent naming neither a browser nor an OS the server knows ('Unknown device'). */
const UNKNOWN_AGENT = 'GatehouseTestAgent/1.0'

/** A device: a browser context with a virtual platform authenticator, signed in as `email`. */
async function device(email: string, userAgent?: string): Promise<Page> {
  const context: BrowserContext = await browser.newContext(userAgent ? { userAgent } : {})
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  await login(page, stack, email)
  await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
  return page
}

const auth = (page: Page, method: 'showMfaEnrollmentModal' | 'openPasskeyManagement' | 'close') =>
  void page.evaluate((m) => (document.querySelector('auth-modal') as any)[m](), method).catch(() => {})

/** Links a passkey on this device through 'Secure your account with a passkey'. */
async function linkPasskey(page: Page) {
  auth(page, 'openPasskeyManagement')
  await modal(page).getByText('Secure your account with a passkey').waitFor()
  await modal(page).getByRole('button', { name: 'Add new passkey' }).click()
  await modal(page).getByText('Passkeys updated').waitFor({ timeout: 30000 })
  const after = await eventCount(page)
  auth(page, 'close')
  await waitForHostEvent(page, 'modal-close', { after })
}

/** Intro → chooser → 'Passkey'. */
async function openPasskeyEnrollment(page: Page) {
  auth(page, 'showMfaEnrollmentModal')
  await modal(page).getByText('Transaction Protection').waitFor()
  await modal(page).getByRole('button', { name: 'Continue' }).click()
  await modal(page).getByRole('button', { name: 'Passkey', exact: true }).click()
  await modal(page).getByText('Set up passkey verification').waitFor()
}

describe('MFA and wallet texts', () => {
  it("an app offering no MFA method: 'Add more security' with Close, instead of 'Transaction Protection'", async () => {
    await stack.createApp({ name: 'No MFA App', mfa: { methods: [] } })
    const page = await device('no-mfa@example.com')
    const after = await eventCount(page)
    auth(page, 'showMfaEnrollmentModal')
    const screen = modal(page).locator('[data-screen="mfa-enroll-none"]')
    await screen.getByText('Add more security').waitFor()
    expect(await modal(page).getByText('Transaction Protection').count()).toBe(0)
    await screen.getByRole('button', { name: 'Close' }).click()
    await waitForHostEvent(page, 'modal-close', { after })
    await page.context().close()
  })

  it("'Set up passkey verification' lists real passkeys by title ('Chrome on Linux', 'Unknown device') with 'Last used'; 'Enable passkeys' enrolls them", async () => {
    await stack.createApp({ name: 'Passkey Texts', loginMethods: { passkey: true } })
    const email = 'passkey-texts@example.com'
    const first = await device(email)
    await linkPasskey(first)
    await first.context().close()
    const page = await device(email, UNKNOWN_AGENT)
    await linkPasskey(page)

    await openPasskeyEnrollment(page)
    const rows = modal(page).locator('[data-passkey]')
    await expect.poll(() => rows.count()).toBe(2)
    expect(await rows.locator('.label').allTextContents()).toEqual(['Chrome on Linux', 'Unknown device'])
    const today = await page.evaluate(() => new Date().toLocaleDateString())
    expect(await rows.locator('.detail').allTextContents()).toEqual([`Last used ${today}`, `Last used ${today}`])
    expect(await modal(page).getByRole('button', { name: 'Add new passkey' }).count()).toBe(1)
    expect(await modal(page).getByRole('button', { name: 'Add a new passkey' }).count()).toBe(0)

    const after = await eventCount(page)
    await modal(page).getByRole('button', { name: 'Enable passkeys' }).click()
    expect((await waitForHostEvent(page, 'mfa-enrolled', { after, timeout: 30000 })).detail.method).toBe('passkey')
    await modal(page).getByText('Passkey verification added.').waitFor()
    await modal(page).locator('[data-method="passkey"][data-enabled]').getByText('Enabled').waitFor()
    const user = await page.evaluate(() => (document.querySelector('auth-modal') as any).user)
    expect(user.mfaMethods).toEqual(['passkey'])
    expect(user.linkedAccounts.filter((a: any) => a.type === 'passkey').map((a: any) => a.enrolledInMfa)).toEqual([true, true])
    // Both are in MFA now: nothing left to enable.
    await modal(page).getByRole('button', { name: 'Passkey', exact: true }).click()
    await modal(page).getByText('Set up passkey verification').waitFor()
    await expect.poll(() => rows.count()).toBe(2)
    expect(await modal(page).getByRole('button', { name: 'Enable passkeys' }).count()).toBe(0)
    await page.context().close()
  })

  it("a returning user given a wallet at login sees 'All set!' and 'Your account is secured.', not 'Welcome'", async () => {
    const app = await stack.createApp({ name: 'Returning App' })
    const email = 'returning@example.com'
    const first = await device(email)
    expect(await first.evaluate(() => document.querySelector('auth-modal')!.wallets.length)).toBe(0)
    await first.context().close()
    await stack.patchApp(app.id, { embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } } })

    const page = await (await browser.newContext()).newPage()
    await login(page, stack, email)
    await modal(page).getByText('All set!').waitFor({ timeout: 60000 })
    await modal(page).getByText('Your account is secured.').waitFor()
    expect(await modal(page).getByText('Welcome', { exact: false }).count()).toBe(0)
    await waitForHostEvent(page, 'wallet-created')
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    await page.context().close()
  })
})
