/**
 * The login's error paths and screen changes as a user meets them (issue #26), in Chromium against
 * the real server: a code used up by 5 wrong guesses says so and leads to 'Resend code'; a resend
 * clears the old error and focuses the first box; an invalid e-mail says why Submit is disabled;
 * after the right code one progress state runs to 'Welcome' without empty 'Loading' screens; focus
 * lands in each new screen so Tab and Escape work; closing the modal aborts a pending passkey prompt.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CODE_USED_UP_MESSAGE } from '@gatehouse/contract'
import { MODAL_RESET_DELAY_MS } from '../../src/stores/modal.ts'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { eventCount, modal, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'

let stack: Stack
let browser: Browser

beforeAll(async () => {
  ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
})

/** A fresh page of the demo for a new app configured with `config`, modal open on the landing screen. */
async function openFor(config: Record<string, unknown>, page?: Page): Promise<Page> {
  await stack.createApp(config)
  page ??= await browser.newPage()
  await page.goto(`${stack.demoUrl}/`)
  await waitForHostEvent(page, 'auth-ready')
  await page.locator('#login').click()
  await modal(page).getByRole('textbox', { name: 'Email address' }).waitFor()
  return page
}

/** The focused element inside `<auth-modal>`'s shadow root: its tag, accessible name and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const host = document.querySelector('auth-modal')
    const el = document.activeElement === host ? host?.shadowRoot?.activeElement : null
    return el ? { tag: el.tagName.toLowerCase(), name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() } : null
  })

const digits = (page: Page) =>
  Promise.all(
    [1, 2, 3, 4, 5, 6].map((n) =>
      modal(page)
        .getByRole('textbox', { name: `Digit ${n}` })
        .inputValue(),
    ),
  )
const boxesEmpty = (page: Page) => expect.poll(() => digits(page), { timeout: 5000 }).toEqual(['', '', '', '', '', ''])

describe('code screen', () => {
  it("error: after 5 wrong codes even the right code is refused with 'used up' and a pointer to 'Resend code'; the resend clears it, focuses the first box, and its code works", async () => {
    const page = await openFor({})
    const email = 'used.up@example.com'
    await submitEmail(page, email)
    const code = await stack.nextCode(email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 4; i++) {
      await typeCode(page, wrong)
      await modal(page).getByText('Invalid or expired verification code').waitFor()
      await boxesEmpty(page)
    }
    // The 5th wrong guess spends the code: the screen says so rather than 'Invalid or expired'.
    await typeCode(page, wrong)
    await modal(page).getByText(CODE_USED_UP_MESSAGE).waitFor()
    expect(await modal(page).getByRole('alert').textContent()).toContain("'Resend code'")
    // Retyping cannot help, so focus waits on 'Resend code'.
    await expect.poll(() => focused(page)).toEqual({ tag: 'button', name: 'Resend code' })
    await expectNoAxeViolations(page, 'code (used up)')
    await boxesEmpty(page)
    // The right code now gets the same answer, never the bare 'Invalid or expired'.
    await typeCode(page, code)
    await expect.poll(() => modal(page).getByRole('alert').textContent()).toBe(CODE_USED_UP_MESSAGE)
    expect(await modal(page).getByText('Invalid or expired verification code').count()).toBe(0)

    await modal(page).getByRole('button', { name: 'Resend code' }).click()
    await modal(page).getByText('Code sent').waitFor()
    // The old error is gone and the first box has focus, ready for the new code.
    await expect.poll(() => modal(page).getByText(CODE_USED_UP_MESSAGE).count()).toBe(0)
    await expect.poll(() => focused(page)).toEqual({ tag: 'input', name: 'Digit 1' })
    const fresh = await stack.nextCode(email)
    await page.keyboard.type(fresh)
    expect((await waitForHostEvent(page, 'auth-success')).detail.user.email.address).toBe(email)
    await page.close()
  })

  it("after a wrong code, 'Resend code' clears the error and focuses the first box at once", async () => {
    const page = await openFor({})
    const email = 'resend.clears@example.com'
    await submitEmail(page, email)
    const code = await stack.nextCode(email)
    await typeCode(page, code === '000000' ? '111111' : '000000')
    await modal(page).getByText('Invalid or expired verification code').waitFor()
    await modal(page).getByRole('button', { name: 'Resend code' }).click()
    await expect.poll(() => modal(page).getByText('Invalid or expired verification code').count()).toBe(0)
    await expect.poll(() => focused(page)).toEqual({ tag: 'input', name: 'Digit 1' })
    await page.close()
  })
})

describe('e-mail form', () => {
  it('error: an invalid address says why Submit is disabled (visible, and the description of the field and the button)', async () => {
    const page = await openFor({})
    const input = modal(page).getByRole('textbox', { name: 'Email address' })
    const submit = modal(page).getByRole('button', { name: 'Submit' })
    await input.fill('name@')
    expect(await submit.isDisabled()).toBe(true)
    const hint = modal(page).getByText('Enter a full email address, like name@example.com, to continue.')
    await hint.waitFor()
    expect(await hint.isVisible()).toBe(true)
    const hintId = await hint.getAttribute('id')
    expect(await input.getAttribute('aria-describedby')).toBe(hintId)
    expect(await submit.getAttribute('aria-describedby')).toBe(hintId)
    await expectNoAxeViolations(page, 'landing (invalid e-mail)')
    await input.fill('name@example.com')
    await expect.poll(() => hint.count()).toBe(0)
    expect(await submit.isEnabled()).toBe(true)
    expect(await input.getAttribute('aria-describedby')).toBeNull()
    await page.close()
  })
})

describe('after the right code', () => {
  it("one progress state to 'Welcome': no empty 'Loading' screen, every step shows more than its title, the spec's delays kept", async () => {
    const page = await browser.newPage()
    // Every step the modal shows, from the first frame of the code screen on.
    await page.addInitScript(() => {
      ;(window as any).stepsSeen = []
      const record = () => {
        const root = document.querySelector('auth-modal')?.shadowRoot
        if (!root) return
        for (const step of root.querySelectorAll<HTMLElement>('[data-screen]')) {
          if (step.getClientRects().length === 0) continue
          const seen = (window as any).stepsSeen as { screen: string; title: string; texts: number; at: number }[]
          const title = step.querySelector('h2')?.textContent ?? ''
          const texts = [...step.querySelectorAll('p, [role="progressbar"], svg')].length
          const last = seen.at(-1)
          if (!last || last.screen !== step.dataset.screen || last.title !== title)
            seen.push({ screen: step.dataset.screen!, title, texts, at: performance.now() })
        }
      }
      new MutationObserver(record).observe(document, { childList: true, subtree: true })
      const attach = () => {
        const root = document.querySelector('auth-modal')?.shadowRoot
        if (root && !(root as any).watched) {
          ;(root as any).watched = true
          new MutationObserver(record).observe(root, { childList: true, subtree: true, characterData: true })
        }
      }
      setInterval(attach, 5)
    })
    await openFor({ name: 'Progress App', embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } } }, page)
    const email = 'one.progress@example.com'
    await submitEmail(page, email)
    const code = await stack.nextCode(email)
    await modal(page).getByRole('textbox', { name: 'Digit 1' }).waitFor()
    await page.evaluate(() => ((window as any).stepsSeen = []))
    await typeCode(page, code)
    await modal(page).getByRole('heading', { name: 'Welcome to Progress App' }).waitFor({ timeout: 30000 })
    // No Back arrow to the finished code screen (the header's Back is hidden, not merely disabled).
    expect(await modal(page).getByRole('button', { name: 'Back' }).count()).toBe(0)
    await expectNoAxeViolations(page, "'Welcome' (progress done)")
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    const steps = (await page.evaluate(() => (window as any).stepsSeen)) as { screen: string; title: string; texts: number; at: number }[]
    const names = steps.map((s) => s.screen)
    expect(names, JSON.stringify(steps)).not.toContain('loading')
    expect(names.filter((n, i) => n !== names[i - 1])).toEqual(['code', 'embedded-wallet-create', 'embedded-wallet-created'])
    // Each step shows an indicator or a line besides its title.
    for (const step of steps) expect(step.texts, `${step.screen} '${step.title}' is title-only`).toBeGreaterThan(0)
    // The spec's 900 ms before wallet creation stands.
    const success = steps.find((s) => s.screen === 'embedded-wallet-create')!.at - steps[0]!.at
    expect(success).toBeGreaterThanOrEqual(800)
    await page.close()
  })
})

describe('focus after a screen change', () => {
  it("the new screen's title takes focus (screen readers hear it), Tab reaches its controls and Escape closes", async () => {
    const page = await openFor({
      legal: { requireUsersAcceptTerms: true, termsAndConditionsUrl: 'https://example.com/terms', privacyPolicyUrl: 'https://example.com/privacy' },
    })
    const email = 'focus.moves@example.com'
    await submitEmail(page, email)
    await expect.poll(() => focused(page)).toEqual({ tag: 'input', name: 'Digit 1' })
    await typeCode(page, await stack.nextCode(email))
    await modal(page).getByText('One last step').waitFor({ timeout: 15000 })
    // The code boxes are gone with their screen; focus is on the new title, not lost to the page.
    await expect.poll(() => focused(page)).toEqual({ tag: 'h2', name: 'One last step' })
    await page.keyboard.press('Tab')
    const next = await focused(page)
    expect(next?.tag).toMatch(/^(a|button)$/)
    const before = await eventCount(page)
    await page.keyboard.press('Escape')
    await waitForHostEvent(page, 'modal-close', { after: before })
    await page.close()
  })
})

describe('passkey prompt', () => {
  /** A page whose modal waits on 'Log in with a passkey' (the virtual key is never touched), with the WebAuthn call's signal kept. */
  async function pendingPasskeyPrompt(name: string): Promise<Page> {
    await stack.createApp({ name, loginMethods: { email: true, passkey: true }, passkeysForSignupEnabled: true })
    const context = await browser.newContext()
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    // No automatic presence: the prompt waits as it would for a person who has not touched the key.
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: false,
      },
    })
    await page.addInitScript(() => {
      const credentials = navigator.credentials
      const get = credentials.get.bind(credentials)
      ;(window as any).passkeySignals = []
      credentials.get = (options?: CredentialRequestOptions) => {
        ;(window as any).passkeySignals.push(options?.signal)
        return get(options)
      }
    })
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.evaluate(() => document.querySelector('auth-modal')!.open())
    await modal(page).getByRole('button', { name: 'I have a passkey' }).click()
    await modal(page).getByRole('button', { name: 'Log in with a passkey' }).click()
    await page.waitForFunction(() => (window as any).passkeySignals.length === 1)
    return page
  }

  it('× cancels a pending passkey prompt: the WebAuthn call is aborted, and the modal opens again on a usable screen', async () => {
    const page = await pendingPasskeyPrompt('Passkey Cancel')
    expect(await page.evaluate(() => (window as any).passkeySignals[0].aborted)).toBe(false)

    const before = await eventCount(page)
    await modal(page).getByRole('button', { name: 'Close' }).click()
    await waitForHostEvent(page, 'modal-close', { after: before })
    await expect.poll(() => page.evaluate(() => (window as any).passkeySignals[0].aborted)).toBe(true)

    // Opened again after the spec's reset delay (within it a reopened modal keeps its screen, by
    // design), the modal is on its landing screen and works.
    await modal(page).getByRole('dialog').waitFor({ state: 'hidden' })
    await page.waitForTimeout(MODAL_RESET_DELAY_MS + 100)
    await page.evaluate(() => document.querySelector('auth-modal')!.open())
    await modal(page).getByRole('textbox', { name: 'Email address' }).waitFor()
    await modal(page).getByRole('button', { name: 'I have a passkey' }).waitFor()
    await page.close()
  })

  it('Escape cancels it too', async () => {
    const page = await pendingPasskeyPrompt('Passkey Escape')
    const before = await eventCount(page)
    // Focus is inside the dialog (the new screen took it), so Escape reaches it.
    await page.keyboard.press('Escape')
    await waitForHostEvent(page, 'modal-close', { after: before })
    await expect.poll(() => page.evaluate(() => (window as any).passkeySignals[0].aborted)).toBe(true)
    await page.close()
  })
})
