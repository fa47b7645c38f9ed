/**
 * Accessibility in Chromium: axe-core (WCAG 2.1 A/AA) inside the tags' shadow roots on every screen
 * this suite reaches through the demo page, the login modal as a focus-trapping labelled dialog,
 * and a whole e-mail login and message signing done with the keyboard alone.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { axeViolations } from './a11y.ts'
import { eventCount, modal, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'
import { prompt } from './wallet-helpers.ts'

let stack: Stack
let browser: Browser

beforeAll(async () => {
  ;[stack, browser] = await Promise.all([startStack({ env: { GATEHOUSE_SMS_COUNTRIES: 'US,GB,DE' } }), launchBrowser()])
  await stack.createApp({
    name: 'Accessible App',
    loginMethods: { email: true, sms: true, passkey: true },
    embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
  })
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
})

async function openDemo(): Promise<Page> {
  const page = await browser.newPage()
  await page.goto(`${stack.demoUrl}/`)
  await waitForHostEvent(page, 'auth-ready')
  return page
}

/** Every screen's axe result, by name, so one failure lists all that needs fixing. */
async function sweep(page: Page, screens: Record<string, string>, name: string, selector = 'auth-modal') {
  const violations = await axeViolations(page, selector)
  if (violations.length) screens[name] = JSON.stringify(violations, null, 2)
}

describe('axe (WCAG 2.1 A/AA) inside the shadow roots', () => {
  it('reports no violation on the login, code, SMS, wallet list, sign and export screens', async () => {
    const found: Record<string, string> = {}
    const page = await openDemo()
    await page.locator('#login').click()
    await modal(page).locator('[data-screen="landing"]').waitFor()
    await sweep(page, found, 'landing')

    await modal(page).getByRole('button', { name: 'Continue with SMS' }).click()
    await modal(page).getByText('Log in with SMS').waitFor()
    await sweep(page, found, 'sms')
    await modal(page).getByRole('button', { name: 'Back' }).click()

    const email = 'axe.user@example.com'
    await submitEmail(page, email)
    await modal(page).getByRole('textbox', { name: 'Digit 1' }).waitFor()
    await sweep(page, found, 'email code')
    await typeCode(page, await stack.nextCode(email))
    await waitForHostEvent(page, 'auth-success')
    await waitForHostEvent(page, 'modal-close', { timeout: 30000 })

    await page.locator('#sign').click()
    await prompt(page).getByRole('button', { name: 'Sign and continue' }).waitFor()
    await sweep(page, found, 'sign message', 'sign-prompt')
    await prompt(page).getByRole('button', { name: 'Not now' }).click()

    await page.locator('#export').click()
    await modal(page).getByText('Never share your private key or seed phrase with anyone.').waitFor({ timeout: 15000 })
    await sweep(page, found, 'export')
    await modal(page).getByRole('button', { name: 'Close' }).click()

    await page.locator('#connect-wallet').click()
    await modal(page).locator('[data-screen="wallet-list"]').waitFor()
    await sweep(page, found, 'wallet list')

    expect(found).toEqual({})
  })
})

/** The focused element, looked up through open shadow roots: which tag's shadow root holds it, and its name. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement
    let host: string | null = null
    while (el?.shadowRoot) {
      host ??= el.tagName.toLowerCase()
      if (!el.shadowRoot.activeElement) break
      el = el.shadowRoot.activeElement
    }
    const root = el?.getRootNode()
    const label = el?.id && root instanceof ShadowRoot ? root.querySelector(`label[for="${el.id}"]`)?.textContent : null
    return { host, id: el?.id ?? '', name: (el?.getAttribute('aria-label') ?? label ?? el?.textContent ?? '').trim() }
  })

/** Presses `key` until the focused element matches, at most `limit` times (the keyboard's way to reach a control). */
async function pressUntil(page: Page, key: 'Tab' | 'Shift+Tab', match: (f: Awaited<ReturnType<typeof focused>>) => boolean, limit = 30) {
  for (let i = 0; i < limit; i++) {
    if (match(await focused(page))) return
    await page.keyboard.press(key)
  }
  throw new Error(`${key} never reached the control; focus is on ${JSON.stringify(await focused(page))}`)
}

describe('the login modal and the sign prompt with the keyboard alone', () => {
  it('is a labelled modal dialog that traps Tab, closes on Escape, and gives focus back to its opener', async () => {
    const page = await openDemo()
    await pressUntil(page, 'Tab', (f) => f.id === 'login')
    await page.keyboard.press('Enter')
    await waitForHostEvent(page, 'modal-open')
    const dialog = modal(page).getByRole('dialog', { name: 'Log in or sign up' })
    await dialog.waitFor()
    expect(await dialog.getAttribute('aria-modal')).toBe('true')
    await expect.poll(() => focused(page)).toMatchObject({ host: 'auth-modal', name: 'Email address' })

    // Tab and Shift+Tab go round the dialog's controls and never reach the page behind it.
    const seen = new Set<string>()
    for (const key of ['Tab', 'Shift+Tab'] as const) {
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press(key)
        const now = await focused(page)
        expect(now.host, `${key} #${i + 1} left the dialog: ${JSON.stringify(now)}`).toBe('auth-modal')
        seen.add(now.name)
      }
    }
    expect(seen).toContain('Close')
    expect(seen).toContain('Email address')

    const before = await eventCount(page)
    await page.keyboard.press('Escape')
    await waitForHostEvent(page, 'modal-close', { after: before })
    await expect.poll(() => focused(page)).toMatchObject({ host: null, id: 'login' })
    await page.close()
  })

  it('logs in by e-mail code and signs a message with key presses only', async () => {
    const page = await openDemo()
    await pressUntil(page, 'Tab', (f) => f.id === 'login')
    await page.keyboard.press('Enter')
    await expect.poll(() => focused(page)).toMatchObject({ host: 'auth-modal', name: 'Email address' })
    const email = 'keyboard.only@example.com'
    await page.keyboard.type(email)
    await page.keyboard.press('Enter')
    await expect.poll(() => focused(page)).toMatchObject({ host: 'auth-modal', name: 'Digit 1' })
    await page.keyboard.type(await stack.nextCode(email))
    const success = await waitForHostEvent(page, 'auth-success')
    expect(success.detail.user.email.address).toBe(email)
    await waitForHostEvent(page, 'modal-close', { timeout: 30000 })
    // Focus is back on the button that opened the modal.
    await expect.poll(() => focused(page)).toMatchObject({ host: null, id: 'login' })

    await pressUntil(page, 'Tab', (f) => f.id === 'sign')
    const before = await eventCount(page)
    await page.keyboard.press('Enter')
    await prompt(page).getByRole('dialog', { name: 'Sign message' }).waitFor()
    await expect.poll(() => focused(page).then((f) => f.host)).toBe('sign-prompt')
    await pressUntil(page, 'Tab', (f) => f.host === 'sign-prompt' && f.name === 'Sign and continue')
    await page.keyboard.press('Enter')
    const signed = await waitForHostEvent(page, 'sign-success', { after: before, timeout: 60000 })
    expect(signed.detail.signature).toMatch(/^0x[0-9a-f]{130}$/)
    await page.close()
  })
})
