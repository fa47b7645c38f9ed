/**
 * Every login-side error this flow can show, produced by the real server's rules (terms, allowlist,
 * user limit, sign-up disabled, plus-addresses, throttles, wrong codes) and seen in Chromium.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { eventCount, modal, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'

let stack: Stack
let browser: Browser

beforeAll(async () => {
  // A per-address limit of 2 codes per window makes the throttle reachable in a test.
  ;[stack, browser] = await Promise.all([startStack({ env: { GATEHOUSE_RATE_LIMIT_EMAIL: '2' } }), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
})

/** A fresh page of the demo for a new app configured with `config`, modal open on the landing screen. */
async function openFor(config: Record<string, unknown>): Promise<Page> {
  await stack.createApp(config)
  const page = await browser.newPage()
  await page.goto(`${stack.demoUrl}/`)
  await waitForHostEvent(page, 'auth-ready')
  await page.locator('#login').click()
  await modal(page).getByRole('textbox', { name: 'Email address' }).waitFor()
  return page
}

const screen = (page: Page) => modal(page).locator('[data-screen]')
const digits = (page: Page) =>
  Promise.all(
    [1, 2, 3, 4, 5, 6].map((n) =>
      modal(page)
        .getByRole('textbox', { name: `Digit ${n}` })
        .inputValue(),
    ),
  )

describe('code screen', () => {
  it('error: a wrong code shows the catalogue text, resets the boxes, and the right code still works', async () => {
    const page = await openFor({})
    const email = 'wrong.code@example.com'
    await submitEmail(page, email)
    const code = await stack.nextCode(email)
    const wrong = code === '000000' ? '111111' : '000000'
    await typeCode(page, wrong)
    await modal(page).getByText('Invalid or expired verification code').waitFor()
    const error = await waitForHostEvent(page, 'auth-error')
    expect(error.detail.message).toBe('Invalid or expired verification code')
    // Boxes are cleared 1400 ms after a failure so the user can type again.
    await expect.poll(() => digits(page), { timeout: 5000 }).toEqual(['', '', '', '', '', ''])
    await typeCode(page, code)
    expect((await waitForHostEvent(page, 'auth-success')).detail.user.email.address).toBe(email)
  })

  it('error: a non-digit is refused with "Code should be numeric"', async () => {
    const page = await openFor({})
    await submitEmail(page, 'letters@example.com')
    await stack.nextCode('letters@example.com')
    await modal(page).getByRole('textbox', { name: 'Digit 1' }).click()
    await page.keyboard.type('4x')
    await modal(page).getByText('Code should be numeric').waitFor()
    await expectNoAxeViolations(page, 'code (non-digit error)')
    expect(await digits(page)).toEqual(['4', '', '', '', '', ''])
  })

  it('resend sends a new code over SMTP and shows the "Code sent" badge', async () => {
    const page = await openFor({})
    const email = 'resend@example.com'
    await submitEmail(page, email)
    const first = await stack.nextCode(email)
    await modal(page).getByRole('button', { name: 'Resend code' }).click()
    await modal(page).getByText('Code sent').waitFor()
    const second = await stack.nextCode(email)
    // The first code was replaced by the new one.
    if (first !== second) {
      await typeCode(page, first)
      await modal(page).getByText('Invalid or expired verification code').waitFor()
      await expect.poll(() => digits(page), { timeout: 5000 }).toEqual(['', '', '', '', '', ''])
    }
    await typeCode(page, second)
    await waitForHostEvent(page, 'auth-success')
  })
})

describe('app rules', () => {
  it('terms: "One last step" then Accept completes the login with terms accepted', async () => {
    const page = await openFor({
      legal: { requireUsersAcceptTerms: true, termsAndConditionsUrl: 'https://example.com/terms', privacyPolicyUrl: 'https://example.com/privacy' },
    })
    // The consent line is only for apps that do not require explicit acceptance.
    expect(await modal(page).getByText('By logging in I agree to the').count()).toBe(0)
    const email = 'terms@example.com'
    await submitEmail(page, email)
    await typeCode(page, await stack.nextCode(email))
    await modal(page).getByText('One last step').waitFor()
    expect(await modal(page).getByRole('link', { name: 'View Terms' }).getAttribute('href')).toBe('https://example.com/terms')
    await expectNoAxeViolations(page, 'terms (One last step)')
    expect(await page.evaluate(() => window.gatehouseEvents.some((e) => e.type === 'auth-success'))).toBe(false)
    await modal(page).getByRole('button', { name: 'Accept' }).click()
    const success = await waitForHostEvent(page, 'auth-success')
    expect(success.detail.user.hasAcceptedTerms).toBe(true)
  })

  it('error: terms refused with "No thanks" logs the user out and reports USER_EXITED_AUTH_FLOW', async () => {
    const page = await openFor({
      legal: { requireUsersAcceptTerms: true, termsAndConditionsUrl: 'https://example.com/t', privacyPolicyUrl: 'https://example.com/p' },
    })
    await submitEmail(page, 'refuses@example.com')
    await typeCode(page, await stack.nextCode('refuses@example.com'))
    await modal(page).getByRole('button', { name: 'No thanks' }).click()
    const error = await waitForHostEvent(page, 'auth-error')
    expect(error.detail.code).toBe('USER_EXITED_AUTH_FLOW')
    // auth-error comes first; the logout finishes after the server answered (a busy machine can lag).
    await expect.poll(() => page.evaluate(() => document.querySelector('auth-modal')!.authenticated)).toBe(false)
  })

  it('consent line: shown with its links when terms need no explicit acceptance', async () => {
    const page = await openFor({ legal: { termsAndConditionsUrl: 'https://example.com/t', privacyPolicyUrl: 'https://example.com/p' } })
    const line = modal(page).getByText(/By logging in I agree to the/)
    await line.waitFor()
    expect((await line.textContent())?.replace(/\s+/g, ' ')).toContain('By logging in I agree to the Terms & Privacy Policy')
    expect(await modal(page).getByRole('link', { name: 'Terms' }).getAttribute('target')).toBe('_blank')
    await expectNoAxeViolations(page, 'landing with the consent line')
  })

  it('error: an address off the allowlist sees the allowlist screen with its default texts', async () => {
    const page = await openFor({ allowlist: ['@invited.example'] })
    await submitEmail(page, 'stranger@example.com')
    await modal(page).getByText("You don't have access to this app").waitFor()
    await modal(page).getByText('Have you been invited?').waitFor()
    await expectNoAxeViolations(page, 'allowlist')
    await modal(page).getByRole('button', { name: 'Try another account' }).click()
    // Back on the landing screen, the address typed before is still there to correct.
    expect(await modal(page).getByRole('textbox', { name: 'Email address' }).inputValue()).toBe('stranger@example.com')
  })

  it('error: the allowlist screen shows the texts and link the app owner set', async () => {
    const page = await openFor({
      allowlist: ['@invited.example'],
      allowlistConfig: {
        errorTitle: 'Members only',
        errorDetail: 'Ask Ada for an invite.',
        errorCtaText: 'Use another e-mail',
        errorCtaLink: 'https://example.com/waitlist',
      },
    })
    await submitEmail(page, 'stranger@example.com')
    await modal(page).getByText('Members only').waitFor()
    await modal(page).getByText('Ask Ada for an invite.').waitFor()
    // With a link set, the call to action leads there.
    expect(await modal(page).getByRole('link', { name: 'Use another e-mail' }).getAttribute('href')).toBe('https://example.com/waitlist')
    await expectNoAxeViolations(page, 'allowlist with a link')
  })

  it('an allowlisted address logs in', async () => {
    const page = await openFor({ allowlist: ['@invited.example'] })
    await submitEmail(page, 'guest@invited.example')
    await typeCode(page, await stack.nextCode('guest@invited.example'))
    await waitForHostEvent(page, 'auth-success')
  })

  it('error: an app at its user limit shows "Unable to sign in" with "Go back"', async () => {
    const page = await openFor({ userLimit: 0 })
    await submitEmail(page, 'late@example.com')
    await typeCode(page, await stack.nextCode('late@example.com'))
    await modal(page).getByText('Unable to sign in').waitFor()
    await modal(page).getByRole('button', { name: 'Go back' }).waitFor()
    await expectNoAxeViolations(page, 'user limit (Unable to sign in)')
  })

  it('error: sign-up disabled shows "Account not found" with "Try logging in again"', async () => {
    const page = await openFor({ disableSignup: true })
    await submitEmail(page, 'nobody@example.com')
    await typeCode(page, await stack.nextCode('nobody@example.com'))
    await modal(page).getByText('Account not found').waitFor()
    await expectNoAxeViolations(page, 'Account not found')
    await modal(page).getByRole('button', { name: 'Try logging in again' }).click()
    await modal(page).getByRole('textbox', { name: 'Email address' }).waitFor()
  })

  it('error: a plus-address is refused inline when the app disallows them', async () => {
    const page = await openFor({ disablePlusEmails: true })
    await submitEmail(page, 'ada+promo@example.com')
    await modal(page).getByText("Please enter a valid email address without a '+'.").waitFor()
    expect(await screen(page).getAttribute('data-screen')).toBe('landing')
    await expectNoAxeViolations(page, 'landing with an inline e-mail error')
  })

  it('error: too many codes for one address shows "Request failed" / "Too many attempts."', async () => {
    const page = await openFor({})
    const email = 'eager@example.com'
    for (let i = 0; i < 2; i++) {
      await submitEmail(page, email)
      await stack.nextCode(email)
      await modal(page).getByRole('button', { name: 'Back' }).click()
    }
    await submitEmail(page, email)
    await modal(page).getByText('Request failed').waitFor()
    await modal(page).getByText('Too many attempts.').waitFor()
    await modal(page).getByRole('button', { name: 'Try again later' }).waitFor()
    await expectNoAxeViolations(page, 'Request failed (throttled)')
  })
})

describe('failures of the network and the server', () => {
  it('error: a server that keeps failing gets 3 retries, then "Something went wrong" / "Try again later"', async () => {
    const page = await openFor({})
    let calls = 0
    await page.route('**/api/v1/passwordless/init', (route) => {
      calls++
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Service unavailable","code":"internal_error"}' })
    })
    const before = await eventCount(page)
    await submitEmail(page, 'outage@example.com')
    await modal(page).getByText('Something went wrong').waitFor({ timeout: 15000 })
    await modal(page).getByText('Try again later').first().waitFor()
    expect(calls).toBe(4)
    await expectNoAxeViolations(page, 'Something went wrong')
    const error = await waitForHostEvent(page, 'auth-error', { after: before })
    expect(error.detail.code).toBeTruthy()
  })

  it('error: an e-mail login the app switched off answers "Not allowed" / "Try another method"', async () => {
    const page = await openFor({})
    // The app owner switches e-mail login off while the modal is already open.
    const appId = await page.evaluate(() => document.querySelector('auth-modal')!.getAttribute('app-id'))
    await stack.patchApp(appId!, { loginMethods: { email: false, google: true } })
    await submitEmail(page, 'switched.off@example.com')
    await modal(page).getByRole('heading', { name: 'Not allowed' }).waitFor()
    await modal(page).getByRole('button', { name: 'Try another method' }).waitFor()
    await expectNoAxeViolations(page, 'Not allowed')
  })
})
