/**
 * The MFA screens as a user meets them (issue #26), in Chromium against the real server: the
 * chooser styled from the theme with a confirmation after enrolling, an authenticator code used a
 * second time within its window told to wait for the next code, and phone fields wide enough for a
 * US number (the SMS MFA field and the login's phone form).
 */
import { TOTP_CODE_REUSED_MESSAGE } from '@gatehouse/contract'
import { Secret, TOTP } from 'otpauth'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { axeViolations } from './a11y.ts'
import { enterPhone, eventCount, modal, phoneField, typeCode, waitForHostEvent } from './helpers.ts'
import { login, prompt } from './wallet-helpers.ts'

const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' })

let stack: Stack
let browser: Browser

beforeAll(async () => {
  ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
  await stack.createApp({
    name: 'MFA Polish',
    loginMethods: { email: true, sms: true },
    embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
  })
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
})

async function userWithWallet(email: string): Promise<Page> {
  // bypassCSP: the wallet frames' CSP (script-src 'self') would refuse the injected axe script.
  const page = await (await browser.newContext({ bypassCSP: true })).newPage()
  await login(page, stack, email)
  await waitForHostEvent(page, 'wallet-created', { timeout: 60000 })
  await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
  return page
}

async function axeClean(page: Page, screen: string) {
  expect(await axeViolations(page, 'auth-modal'), `axe on '${screen}'`).toEqual([])
}

/** How a chooser row and its button look: computed styles a person sees. */
const rowLook = (page: Page, method: string) =>
  page.evaluate((m) => {
    const row = document.querySelector('auth-modal')!.shadowRoot!.querySelector<HTMLElement>(`[data-method="${m}"]`)!
    const button = row.querySelector('button')!
    const r = getComputedStyle(row)
    const b = getComputedStyle(button)
    return {
      listStyle: getComputedStyle(row.parentElement!).listStyleType,
      rowBorder: r.borderTopStyle,
      rowRadius: parseFloat(r.borderTopLeftRadius),
      buttonBackground: b.backgroundColor,
      buttonBorder: b.borderTopStyle,
      buttonWeight: b.fontWeight,
      buttonWidth: button.getBoundingClientRect().width,
      rowWidth: row.getBoundingClientRect().width,
    }
  }, method)

/** Whether the text in a field fits its box (nothing scrolled out of sight). */
const fits = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const input = document.querySelector('auth-modal')!.shadowRoot!.querySelector<HTMLInputElement>(s)!
    return { scroll: input.scrollWidth, client: input.clientWidth, value: input.value }
  }, selector)

describe('MFA chooser and codes', () => {
  it("the chooser is themed rows, not bulleted grey native buttons; enrolling an authenticator says 'Authenticator app added.'; its code reused says to wait for the next one", async () => {
    const page = await userWithWallet('mfa-polish-totp@example.com')
    void page.evaluate(() => (document.querySelector('auth-modal') as any).showMfaEnrollmentModal()).catch(() => {})
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    await modal(page).getByText('How would you like to verify your identity?').waitFor()
    // As it looks at rest (the pointer off the rows: hovering tints a row from the theme).
    await page.mouse.move(1, 1)
    const look = await rowLook(page, 'totp')
    expect(look.listStyle).toBe('none')
    expect(look.rowBorder).toBe('solid')
    expect(look.rowRadius).toBeGreaterThan(0)
    // Not a native grey button: transparent on the theme's background, bold, as wide as the row allows.
    expect(look.buttonBackground).toBe('rgba(0, 0, 0, 0)')
    expect(look.buttonBorder).toBe('none')
    expect(Number(look.buttonWeight)).toBeGreaterThanOrEqual(600)
    expect(look.buttonWidth).toBeGreaterThan(look.rowWidth / 2)
    await axeClean(page, 'Choose a verification method (themed)')

    await modal(page).getByRole('button', { name: 'Authenticator app' }).click()
    await modal(page).getByText('Scan QR code').waitFor({ timeout: 30000 })
    const secret = (await modal(page).locator('[data-setup-key]').textContent())!.trim()
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    await modal(page).getByText('Enter enrollment code').waitFor()
    const enrolled = totp(secret).generate()
    const after = await eventCount(page)
    await typeCode(page, enrolled)
    await waitForHostEvent(page, 'mfa-enrolled', { after, timeout: 30000 })
    // The confirmation, on the chooser beside the Enabled chip.
    await modal(page).getByRole('status').filter({ hasText: 'Authenticator app added.' }).waitFor()
    await modal(page).locator('[data-method="totp"]').getByText('Enabled').waitFor()
    await axeClean(page, "Choose a verification method ('Authenticator app added.')")
    await page.evaluate(() => (document.querySelector('auth-modal') as any).close())

    // Signing asks for a code; the enrollment's code again is refused as used, with what to do.
    const signing = await eventCount(page)
    await page.locator('#sign').click()
    await prompt(page).getByRole('button', { name: 'Sign and continue' }).click()
    await modal(page).getByText('Enter verification code').waitFor({ timeout: 30000 })
    await typeCode(page, enrolled)
    await modal(page).getByText(TOTP_CODE_REUSED_MESSAGE).waitFor()
    expect(await modal(page).getByText('The code you entered is not valid').count()).toBe(0)
    await axeClean(page, 'Enter verification code (code already used)')
    await expect.poll(() => modal(page).getByRole('textbox', { name: 'Digit 1' }).inputValue(), { timeout: 5000 }).toBe('')
    // The next step's code passes.
    await typeCode(page, totp(secret).generate({ timestamp: Date.now() + 30_000 }))
    await waitForHostEvent(page, 'sign-success', { after: signing, timeout: 60000 })
  })

  it('the SMS MFA phone field shows a whole US number; the login phone form does too', async () => {
    const page = await userWithWallet('mfa-polish-sms@example.com')
    const phone = '+14155550188'
    const linked = await eventCount(page)
    await page.locator('#link-phone').click()
    await modal(page).getByText('Connect your phone').waitFor()
    await enterPhone(page, '4155550188')
    await typeCode(page, await outboxCode(phone, 0, page))
    await waitForHostEvent(page, 'link-success', { after: linked })
    void page.evaluate(() => (document.querySelector('auth-modal') as any).showMfaEnrollmentModal()).catch(() => {})
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    await modal(page).getByRole('button', { name: 'SMS' }).click()
    await modal(page).getByText('Enter your phone number').waitFor()
    const field = modal(page).getByRole('textbox', { name: 'Phone number' })
    await field.fill('+1 (415) 555-0188')
    const mfa = await fits(page, '[data-screen="mfa-enroll-sms"] input')
    expect(mfa.scroll, JSON.stringify(mfa)).toBeLessThanOrEqual(mfa.client)
    expect(mfa.client).toBeGreaterThan(200)
    await axeClean(page, 'Enter your phone number (themed field)')
    await page.evaluate(() => (document.querySelector('auth-modal') as any).close())

    // The login's phone form (country picker, number, Submit) on a fresh page.
    const landing = await browser.newPage()
    await landing.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(landing, 'auth-ready')
    await landing.evaluate(() => (document.querySelector('auth-modal') as any).open())
    await modal(landing).getByRole('button', { name: 'Continue with SMS' }).click()
    const number = phoneField(landing)
    await number.waitFor()
    await number.pressSequentially('4155550188')
    await expect.poll(() => number.inputValue()).toBe('(415) 555-0188')
    const form = await fits(landing, 'input[part~="phone-input"]')
    expect(form.scroll, JSON.stringify(form)).toBeLessThanOrEqual(form.client)
    await landing.close()
  })
})

/** The code of the `index`-th code message (oldest first) the dev outbox holds for `phone`. */
async function outboxCode(phone: string, index: number, page: Page): Promise<string> {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    const list = (await (await fetch(`${stack.apiUrl}/dev/outbox?to=${encodeURIComponent(phone)}`)).json()) as { code: string | null }[]
    const codes = list.flatMap((m) => (m.code ? [m.code] : [])).reverse()
    if (codes.length > index) return codes[index]!
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no SMS code #${index} for ${phone}; the modal shows: ${await modal(page).innerText()}`)
}
