/**
 * Accessibility in Chromium: axe-core (WCAG 2.1 A/AA) inside the tags' shadow roots on every screen
 * this suite reaches through the demo page, the login modal as a focus-trapping labelled dialog,
 * and a whole e-mail login and message signing done with the keyboard alone.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { launchBrowser } from '../browser.ts'
import { startLocalChain } from '../evm.ts'
import { fundWallet, startTx, txPrompt } from './eth-helpers.ts'
import { startStack, type Stack } from '../stack.ts'
import { startFakeRelay, type FakeRelay } from '../walletconnect-relay.ts'
import { axeViolations, expectNoAxeViolations } from './a11y.ts'
import { eventCount, modal, submitEmail, typeCode, waitForHostEvent, walletConnectQr } from './helpers.ts'
import { login, prompt, wallets } from './wallet-helpers.ts'

let stack: Stack
let browser: Browser
let relay: FakeRelay

beforeAll(async () => {
  ;[stack, browser, relay] = await Promise.all([startStack({ env: { GATEHOUSE_SMS_COUNTRIES: 'US,GB,DE' } }), launchBrowser(), startFakeRelay()])
  await stack.createApp({
    name: 'Accessible App',
    loginMethods: { email: true, sms: true, passkey: true },
    embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
  })
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
  await relay?.close()
})

async function openDemo(): Promise<Page> {
  // bypassCSP: the wallet frames' CSP (script-src 'self') would refuse the injected axe script.
  const page = await browser.newPage({ bypassCSP: true })
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
    // The key's copy buttons live in the API-origin frame: axe runs inside it too.
    const exportFrame = page.frames().find((f) => f.url().includes('/embedded-wallets/export'))!
    await page.frameLocator('auth-modal iframe[title="Exported key"]').getByRole('button', { name: 'Copy key' }).waitFor({ timeout: 30000 })
    const inFrame = await axeViolations(exportFrame, 'body')
    if (inFrame.length) found['export frame'] = JSON.stringify(inFrame, null, 2)
    await modal(page).getByRole('button', { name: 'Close' }).click()

    await page.locator('#connect-wallet').click()
    await modal(page).locator('[data-screen="wallet-list"]').waitFor()
    await sweep(page, found, 'wallet list')

    expect(found).toEqual({})
  })

  it('error: a violation put into a screen fails the check the suites call (expectNoAxeViolations)', async () => {
    const page = await openDemo()
    await page.locator('#login').click()
    await modal(page).locator('[data-screen="landing"]').waitFor()
    await expectNoAxeViolations(page, 'landing')
    // An icon button without a name and an image without alt text, as a careless change would add.
    await page.evaluate(() => {
      const screen = document.querySelector('auth-modal')!.shadowRoot!.querySelector('[data-screen="landing"]')!
      screen.insertAdjacentHTML('beforeend', '<button type="button" data-broken><svg width="8" height="8"></svg></button><img src="data:," data-broken>')
    })
    const failure = await expectNoAxeViolations(page, 'landing (broken)').then(
      () => null,
      (error: Error) => error.message,
    )
    expect(failure).toContain('landing (broken)')
    expect(failure).toContain('button-name')
    expect(failure).toContain('image-alt')
    await page.close()
  })

  it("reports no violation on the 'Something went wrong' interstitial (a screen's code failed to load)", async () => {
    const page = await openDemo()
    // The SMS screen's chunk does not arrive: the modal's error boundary shows the generic error.
    await page.route(/\/chunks\/PhoneLoginScreen-[^/]*\.js$/, (route) => route.abort())
    await page.locator('#login').click()
    await modal(page).getByRole('button', { name: 'Continue with SMS' }).click()
    await modal(page).getByText('Something went wrong').waitFor()
    await modal(page).getByRole('button', { name: 'Go back' }).waitFor()
    await expectNoAxeViolations(page, "'Something went wrong' interstitial")
    await page.close()
  })

  it('reports no violation on the passkey, OAuth status and WalletConnect QR screens (dark theme)', async () => {
    await stack.createApp({
      name: 'Accessible Methods',
      theme: 'dark',
      loginMethods: { email: true, passkey: true, google: true, wallet: true },
      passkeysForSignupEnabled: true,
      oauth: { google: { clientId: 'gatehouse-dev', clientSecret: 'gatehouse-dev-idp-secret', issuer: `${stack.apiUrl}/dev/idp` } },
      walletList: ['detected_wallets', 'wallet_connect'],
      externalWallets: { walletConnect: { projectId: 'gatehouse-e2e', relayUrl: relay.url } },
    })
    const found: Record<string, string> = {}
    const page = await openDemo()
    await page.locator('#login').click()
    await modal(page).locator('[data-screen="landing"]').waitFor()
    await sweep(page, found, 'landing (dark, every method)')

    await modal(page).getByRole('button', { name: 'I have a passkey' }).click()
    await modal(page).getByText('Log in or create a new account?').waitFor()
    await sweep(page, found, 'passkey')
    await modal(page).getByRole('button', { name: 'Back' }).click()

    const [popup] = await Promise.all([page.waitForEvent('popup'), modal(page).locator('button[data-method=google]').click()])
    await modal(page).locator('[data-screen="oauth-status"]').waitFor()
    await sweep(page, found, 'OAuth status')
    await popup.close()
    await modal(page).getByRole('button', { name: 'Close' }).click()

    await page.locator('#login-wallet').click()
    await modal(page)
      .getByRole('button', { name: /WalletConnect/ })
      .click()
    await walletConnectQr(page)
    await sweep(page, found, 'WalletConnect QR')

    expect(found).toEqual({})
  })

  it('reports no violation on the recovery screens (password at wallet creation)', async () => {
    await stack.createApp({
      name: 'Accessible Recovery',
      embeddedWallets: {
        ethereum: { createOnLogin: 'users-without-wallets' },
        requireUserOwnedRecoveryOnCreate: true,
        userOwnedRecoveryOptions: ['user-passcode'],
      },
    })
    const found: Record<string, string> = {}
    const page = await openDemo()
    await page.locator('#login').click()
    const email = 'axe.recovery@example.com'
    await submitEmail(page, email)
    await typeCode(page, await stack.nextCode(email))
    await modal(page).getByText('Secure Your Account').waitFor({ timeout: 15000 })
    await sweep(page, found, 'secure your account')
    await modal(page).getByRole('button', { name: 'Add password' }).click()
    await modal(page).getByText('Set your password').waitFor()
    await modal(page).getByPlaceholder('Password', { exact: true }).fill('abc')
    await modal(page).getByPlaceholder('Password', { exact: true }).blur()
    await modal(page).getByText('Password must be at least 6 characters').waitFor()
    await sweep(page, found, 'set password (with its error)')
    await modal(page).getByPlaceholder('Password', { exact: true }).fill('Correct-Horse-42!')
    await modal(page).getByText('Strong').waitFor()
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    await modal(page).getByText('Save your password').waitFor()
    await sweep(page, found, 'save password')

    expect(found).toEqual({})
  })

  it('reports no violation on the transaction confirmation and completion screens', async () => {
    const chain = await startLocalChain()
    try {
      await stack.createApp({
        name: 'Accessible Tx',
        embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
        chains: [{ id: 31337, name: 'Local chain', rpcUrl: chain.url }],
        defaultChain: 31337,
      })
      const found: Record<string, string> = {}
      const page = await browser.newPage()
      await login(page, stack, 'axe.tx@example.com')
      await waitForHostEvent(page, 'modal-close', { timeout: 30000 })
      const address = (await wallets(page))[0]!.address
      await fundWallet(chain, privateKeyToAccount(chain.deployerKey).address, address, 10n ** 18n)
      await startTx(page, `modal.sendTransaction({ to: '0x000000000000000000000000000000000000bEEF', value: 10n ** 15n })`)
      await txPrompt(page).getByRole('heading', { name: 'Confirm action' }).waitFor({ timeout: 30000 })
      await txPrompt(page).locator('[part="balance-card"]').getByText('Balance 1 ETH').waitFor()
      await sweep(page, found, 'transaction confirmation', 'sign-prompt')
      await txPrompt(page).getByRole('button', { name: 'Details' }).click()
      await txPrompt(page).getByText('Total (including fees)').waitFor()
      await sweep(page, found, 'transaction details', 'sign-prompt')
      await txPrompt(page).getByRole('button', { name: 'Approve' }).click()
      await txPrompt(page).getByText('Transaction complete!').waitFor({ timeout: 30000 })
      await sweep(page, found, 'transaction complete', 'sign-prompt')
      expect(found).toEqual({})
    } finally {
      await chain.close()
    }
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
