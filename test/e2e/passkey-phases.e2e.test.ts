/**
 * Spec part 1 §4: "Passkey authentication internal states: generating-challenge, awaiting-passkey,
 * done or error." The passkey status screen shows them as `data-phase`; the page records every
 * value it takes (a MutationObserver on the modal's shadow root), with a CDP virtual authenticator
 * against the real server, as passkeys.e2e does.
 */
import type { Browser, CDPSession, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { modal, waitForHostEvent } from './helpers.ts'

declare global {
  interface Window {
    /** Each `data-phase` the passkey status screen showed, in order (repeats collapsed). */
    __phases: string[]
  }
}

let stack: Stack
let browser: Browser

beforeAll(async () => {
  ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
  await stack.createApp({ name: 'Passkey Phases', loginMethods: { email: true, passkey: true }, passkeysForSignupEnabled: true })
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
})

async function pageWithAuthenticator(): Promise<{ page: Page; cdp: CDPSession; authenticatorId: string }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  await page.goto(`${stack.demoUrl}/`)
  await recordPhases(page)
  return { page, cdp, authenticatorId }
}

/** Waits for the widget, then records each `data-phase` of the passkey status screen in `__phases`. */
async function recordPhases(page: Page) {
  await waitForHostEvent(page, 'auth-ready')
  await page.evaluate(() => {
    window.__phases = []
    const root = document.querySelector('auth-modal')!.shadowRoot!
    const record = () => {
      const phase = root.querySelector('[data-screen="passkey-status"]')?.getAttribute('data-phase')
      if (phase && window.__phases.at(-1) !== phase) window.__phases.push(phase)
    }
    new MutationObserver(record).observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] })
  })
}

const phases = (page: Page) => page.evaluate(() => window.__phases.splice(0))
const screenPhase = (page: Page) => modal(page).locator('[data-screen="passkey-status"]').getAttribute('data-phase')
const openPasskeyEntry = async (page: Page) => {
  await page.evaluate(() => document.querySelector('auth-modal')!.open())
  await modal(page).getByRole('button', { name: 'I have a passkey' }).click()
}

/** Signs up with a new passkey (the phases of that are checked too), then logs out. */
async function signUpAndLogOut(page: Page) {
  await openPasskeyEntry(page)
  await modal(page).getByRole('button', { name: 'Create new account' }).click()
  await waitForHostEvent(page, 'auth-success')
  expect(await phases(page)).toEqual(['idle', 'generating-challenge', 'awaiting-passkey', 'done'])
  await waitForHostEvent(page, 'modal-close')
  await page.evaluate(() => document.querySelector('auth-modal')!.logout())
  // A fresh page: the modal starts again from its landing screen.
  await page.reload()
  await recordPhases(page)
}

describe('passkey authentication internal states (data-phase on the passkey status screen)', () => {
  it('login: generating-challenge while the init call runs, awaiting-passkey at the prompt, then done', async () => {
    const { page } = await pageWithAuthenticator()
    await signUpAndLogOut(page)

    // Hold the challenge: the screen stays in generating-challenge until the server answers.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/v1/passkeys/authenticate/init', async (route) => {
      await held
      await route.continue()
    })
    await openPasskeyEntry(page)
    await modal(page).getByRole('button', { name: 'Log in with a passkey' }).click()
    await expect.poll(() => screenPhase(page)).toBe('generating-challenge')
    release()
    await waitForHostEvent(page, 'auth-success')
    expect(await phases(page)).toEqual(['idle', 'generating-challenge', 'awaiting-passkey', 'done'])
    expect(await screenPhase(page)).toBe('done')
    await page.context().close()
  })

  it('awaiting-passkey lasts while the browser waits for the authenticator', async () => {
    const { page, cdp, authenticatorId } = await pageWithAuthenticator()
    await signUpAndLogOut(page)
    // No user presence: the prompt waits until the test answers it.
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false })
    await openPasskeyEntry(page)
    await modal(page).getByRole('button', { name: 'Log in with a passkey' }).click()
    await expect.poll(() => screenPhase(page)).toBe('awaiting-passkey')
    expect(await page.evaluate(() => window.__phases)).toEqual(['idle', 'generating-challenge', 'awaiting-passkey'])
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: true })
    await page.evaluate(() => document.querySelector('auth-modal')!.close())
    await page.context().close()
  })

  it('error: a signature the server refuses ends in error; Retry runs the phases again to done', async () => {
    const { page, cdp, authenticatorId } = await pageWithAuthenticator()
    await signUpAndLogOut(page)
    await cdp.send('WebAuthn.setResponseOverrideBits', { authenticatorId, isBogusSignature: true })
    await openPasskeyEntry(page)
    await modal(page).getByRole('button', { name: 'Log in with a passkey' }).click()
    await modal(page).getByText('An unknown error occurred.').waitFor()
    expect(await phases(page)).toEqual(['idle', 'generating-challenge', 'awaiting-passkey', 'error'])
    await cdp.send('WebAuthn.setResponseOverrideBits', { authenticatorId, isBogusSignature: false })
    await modal(page).getByRole('button', { name: 'Retry' }).click()
    await waitForHostEvent(page, 'auth-success')
    expect(await phases(page)).toEqual(['generating-challenge', 'awaiting-passkey', 'done'])
    await page.context().close()
  })
})
