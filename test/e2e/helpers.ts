import type { Page } from 'playwright-core'
import { expect } from 'vitest'

export interface HostEvent {
  type: string
  detail: any
}

declare global {
  interface Window {
    gatehouseEvents: HostEvent[]
  }
}

/** Resolves with the first event of `type` the demo page recorded after `after` earlier ones. */
export async function waitForHostEvent(page: Page, type: string, { after = 0, timeout = 15000 } = {}): Promise<HostEvent> {
  const handle = await page.waitForFunction(([t, n]) => (window.gatehouseEvents ?? []).slice(n as number).find((e) => e.type === t), [type, after] as const, {
    timeout,
  })
  return (await handle.jsonValue()) as HostEvent
}

export const eventCount = (page: Page) => page.evaluate(() => (window.gatehouseEvents ?? []).length)

/** The tag on the host page; Playwright's locators pierce its open shadow root. */
export const modal = (page: Page) => page.locator('auth-modal')

export async function submitEmail(page: Page, email: string) {
  const input = modal(page).getByRole('textbox', { name: 'Email address' })
  await input.fill(email)
  await input.press('Enter')
}

/**
 * The phone form's number field: the real one, not the disabled stand-in shown while the form's
 * code loads (src/screens/sms/LazyPhoneForm.tsx), where typed keys go nowhere, as for a person.
 */
export const phoneField = (page: Page) => modal(page).getByRole('textbox', { name: 'Phone number' }).and(modal(page).locator('input[part~="phone-input"]'))

/** The phone form's Submit button. */
export const phoneSubmit = (page: Page) => modal(page).locator('[part="phone-form"]').getByRole('button', { name: 'Submit' })

/**
 * Types a number into the phone form and presses Enter once the form has taken it as valid (Submit
 * enabled): pressed before, on a slow machine, Enter reaches a form still holding a partial number
 * and does nothing.
 */
export async function enterPhone(page: Page, digits: string) {
  await phoneField(page).pressSequentially(digits)
  await expect
    .poll(async () => ((await phoneSubmit(page).isEnabled()) ? 'enabled' : `Submit disabled with "${await phoneField(page).inputValue()}" in the field`))
    .toBe('enabled')
  await phoneField(page).press('Enter')
}

export async function typeCode(page: Page, code: string) {
  await modal(page).getByRole('textbox', { name: 'Digit 1' }).click()
  await page.keyboard.type(code)
}

/**
 * The WalletConnect QR screen (or, with its `selector`, the phone redirect screen) once its pairing
 * URI is there. The spec gives the pairing 1.5 s, then 'Wallet request timed out' with Retry; on a
 * slow machine the first try (which also loads the WalletConnect code) can pass that, so this
 * clicks Retry as a person would, a few times at most. walletconnect-timing.e2e.test.ts checks the time-out itself.
 */
export async function walletConnectQr(page: Page, selector = '[data-screen="wallet-connect-qr"][data-uri]') {
  const qr = modal(page).locator(selector)
  const retry = modal(page).getByRole('button', { name: 'Retry' })
  for (let attempt = 0; attempt < 5; attempt++) {
    await qr.or(retry).first().waitFor()
    if (await qr.isVisible()) return qr
    await retry.click()
  }
  await qr.waitFor()
  return qr
}
