/**
 * MFA end to end (demo page, real server, Chromium): enrolling an authenticator app from the setup
 * key the screen shows (codes computed with otpauth), signing and exporting then asking for a code,
 * the wrong-code and 4-attempt texts, SMS MFA with the dev outbox, passkey MFA with Chromium's
 * virtual authenticator, the headless `mfa-required` path, and the passkey management screen.
 */
import { Secret, TOTP } from 'otpauth'
import type { Browser, CDPSession, Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { axeViolations } from './a11y.ts'
import { enterPhone, eventCount, modal, typeCode, waitForHostEvent } from './helpers.ts'
import { copyExportedKey, login, prompt } from './wallet-helpers.ts'

const STEP_MS = 30_000
const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' })
/** The code of the step `offset` steps from now (the server takes ±1 step, each step once). */
const codeAt = (secret: string, offset = 0) => totp(secret).generate({ timestamp: Date.now() + offset * STEP_MS })
const stepNow = () => Math.floor(Date.now() / STEP_MS)
/** Waits (at most one step) until the clock is in a step after `step`. */
const afterStep = async (page: Page, step: number) => {
  while (stepNow() <= step) await page.waitForTimeout(250)
}
const wrong = (code: string) => (code === '000000' ? '111111' : '000000')

let stack: Stack
let browser: Browser

beforeAll(async () => {
  ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
  await stack.createApp({
    name: 'MFA App',
    loginMethods: { passkey: true, sms: true },
    embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
  })
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
})

async function userWithWallet(email: string): Promise<{ page: Page; cdp: CDPSession; authenticatorId: string; address: `0x${string}` }> {
  // bypassCSP: the wallet frames' CSP (script-src 'self') would refuse the injected axe script.
  const context = await browser.newContext({ bypassCSP: true })
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
  await login(page, stack, email)
  const created = await waitForHostEvent(page, 'wallet-created', { timeout: 60000 })
  await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
  return { page, cdp, authenticatorId, address: created.detail.wallet.address }
}

/** axe-core (WCAG 2.1 A/AA, test/e2e/a11y.ts) inside `<auth-modal>`'s shadow root on the screen shown now. */
async function axeClean(page: Page, screen: string) {
  expect(await axeViolations(page, 'auth-modal'), `axe on '${screen}'`).toEqual([])
}

/** Enrolls TOTP through the screens; returns the setup key shown and the step its code used. `audit`: axe on each screen. */
async function enrollTotp(page: Page, audit = false): Promise<{ secret: string; step: number }> {
  void page.evaluate(() => (document.querySelector('auth-modal') as any).showMfaEnrollmentModal()).catch(() => {})
  await modal(page).getByText('Transaction Protection').waitFor()
  if (audit) await axeClean(page, 'Transaction Protection')
  await modal(page).getByRole('button', { name: 'Continue' }).click()
  await modal(page).getByText('How would you like to verify your identity?').waitFor()
  if (audit) await axeClean(page, 'Choose a verification method (none enabled)')
  await modal(page).getByRole('button', { name: 'Authenticator app' }).click()
  await modal(page).getByText('Scan QR code').waitFor({ timeout: 30000 })
  await modal(page).getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
  if (audit) await axeClean(page, 'Scan QR code')
  const secret = (await modal(page).locator('[data-setup-key]').textContent())!.trim()
  await modal(page).getByRole('button', { name: 'Continue' }).click()
  await modal(page).getByText('Enter enrollment code').waitFor()
  if (audit) await axeClean(page, 'Enter enrollment code (TOTP)')
  const step = stepNow()
  const after = await eventCount(page)
  await typeCode(page, codeAt(secret))
  expect((await waitForHostEvent(page, 'mfa-enrolled', { after, timeout: 30000 })).detail.method).toBe('totp')
  await modal(page).getByText('Enabled').waitFor()
  await modal(page).getByText('To add or delete verification methods, verification is required.').waitFor()
  if (audit) await axeClean(page, 'Choose a verification method (TOTP enabled)')
  await page.evaluate(() => (document.querySelector('auth-modal') as any).close())
  await waitForHostEvent(page, 'modal-close', { after })
  return { secret, step }
}

const mfaMethods = (page: Page) => page.evaluate(() => (document.querySelector('auth-modal') as any).user.mfaMethods as string[])

describe('MFA', () => {
  it('TOTP: enroll by the setup key, then signing asks for the code (wrong code, then right), export asks again', async () => {
    const { page, address } = await userWithWallet('mfa-totp@example.com')
    const { secret, step } = await enrollTotp(page, true)
    expect(await mfaMethods(page)).toEqual(['totp'])

    const after = await eventCount(page)
    await page.locator('#sign').click()
    await prompt(page).getByRole('button', { name: 'Sign and continue' }).click()
    await modal(page).getByText('Enter verification code').waitFor({ timeout: 30000 })
    await modal(page).getByText('To continue, please enter the 6-digit code generated from your authenticator app.').waitFor()
    await modal(page).getByText('Message').waitFor()
    await axeClean(page, "Enter verification code ('txn', with the pending message)")
    await typeCode(page, wrong(codeAt(secret, 1)))
    await modal(page).getByText('The code you entered is not valid').waitFor()
    await axeClean(page, "Enter verification code: 'The code you entered is not valid'")
    // The boxes reset; then the next step's code (newer than the enrollment's, so not a replay).
    await expect.poll(() => modal(page).getByRole('textbox', { name: 'Digit 1' }).inputValue(), { timeout: 5000 }).toBe('')
    await typeCode(page, codeAt(secret, 1))
    const signed = await waitForHostEvent(page, 'sign-success', { after, timeout: 60000 })
    expect(await verifyMessage({ address, message: await page.evaluate(() => (window as any).demoMessage), signature: signed.detail.signature })).toBe(true)

    // Export forces a new verification even with a live proof.
    await afterStep(page, step + 1)
    await page.evaluate((a) => void (document.querySelector('auth-modal') as any).exportWallet({ address: a }), address)
    await modal(page).getByText('Enter verification code').waitFor({ timeout: 30000 })
    await typeCode(page, codeAt(secret, 1))
    await modal(page).getByText('Never share your private key or seed phrase with anyone.').waitFor({ timeout: 30000 })
    const key = await copyExportedKey(page)
    expect(key).toMatch(/^0x[0-9a-f]{64}$/)
  })

  it('headless: the host gets mfa-required and signs with submitMfa; error: 4 wrong codes end in the max-attempts text', async () => {
    const { page, address } = await userWithWallet('mfa-headless@example.com')
    const { secret } = await enrollTotp(page)

    // The prompt is off: the host answers mfa-required itself.
    const after = await eventCount(page)
    const signing = page.evaluate(
      ([a]) => {
        const element = document.querySelector('auth-modal') as any
        element.setMfaPrompt(false)
        return element.getEthereumProvider(a, { showWalletUIs: false }).request({ method: 'personal_sign', params: ['headless mfa', a] })
      },
      [address],
    )
    const required = await waitForHostEvent(page, 'mfa-required', { after, timeout: 30000 })
    expect(required.detail.mfaMethods).toEqual(['totp'])
    expect(await modal(page).getAttribute('open')).toBeNull()
    const submit = (code: string) =>
      page.evaluate(
        (c) =>
          (document.querySelector('auth-modal') as any).submitMfa({ method: 'totp', code: c }).then(
            () => 'ok',
            (e: any) => e.shortMessage,
          ),
        code,
      )
    expect(await submit(wrong(codeAt(secret, 1)))).toBe('The code you entered is not valid')
    expect(await submit(codeAt(secret, 1))).toBe('ok')
    const signature = (await signing) as `0x${string}`
    expect(await verifyMessage({ address, message: 'headless mfa', signature })).toBe(true)

    // The prompt again: 4 wrong codes in the verification screen.
    await page.evaluate(() => (document.querySelector('auth-modal') as any).setMfaPrompt(true))
    void page.evaluate(() => (document.querySelector('auth-modal') as any).verifyMfa().catch(() => {})).catch(() => {})
    await modal(page).getByText('Enter verification code').waitFor()
    for (let i = 0; i < 4; i++) {
      await expect.poll(() => modal(page).getByRole('textbox', { name: 'Digit 1' }).inputValue(), { timeout: 5000 }).toBe('')
      await typeCode(page, wrong(codeAt(secret)))
      if (i < 3) await modal(page).getByText('The code you entered is not valid').waitFor()
    }
    await modal(page).getByText('You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.').waitFor()
    await axeClean(page, 'Verify your identity: max attempts')
  })

  it('SMS: Disabled without a phone; with the phone linked, enroll with the last four digits shown, then signing asks for the code', async () => {
    const { page, address } = await userWithWallet('mfa-sms@example.com')
    const phone = '+14155550177'
    // No phone on the account: the SMS row shows 'Disabled' and does nothing.
    void page.evaluate(() => (document.querySelector('auth-modal') as any).showMfaEnrollmentModal()).catch(() => {})
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    const smsRow = modal(page).locator('[data-method="sms"]')
    await smsRow.getByText('Disabled').waitFor()
    expect(await smsRow.getByRole('button', { name: 'SMS' }).getAttribute('aria-disabled')).toBe('true')
    await axeClean(page, "Choose a verification method (SMS 'Disabled')")
    // A click reaches it (Playwright's click() refuses aria-disabled elements) and changes nothing.
    await smsRow.getByRole('button', { name: 'SMS' }).dispatchEvent('click')
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
    expect(await modal(page).locator('[data-screen]').getAttribute('data-screen')).toBe('mfa-enroll-chooser')
    const linked = await eventCount(page)
    await page.evaluate(() => (document.querySelector('auth-modal') as any).close())
    await waitForHostEvent(page, 'modal-close', { after: linked })

    // Link the phone ('Connect your phone'), then SMS enrolls with the number prefilled.
    await page.locator('#link-phone').click()
    await modal(page).getByText('Connect your phone').waitFor()
    await enterPhone(page, '4155550177')
    await typeCode(page, await outboxCode(phone, 0, page))
    await waitForHostEvent(page, 'link-success', { after: linked })
    void page.evaluate(() => (document.querySelector('auth-modal') as any).showMfaEnrollmentModal()).catch(() => {})
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    await modal(page).getByRole('button', { name: 'SMS' }).click()
    await modal(page).getByText('Enter your phone number').waitFor()
    expect(await modal(page).getByRole('textbox', { name: 'Phone number' }).inputValue()).toBe(phone)
    await axeClean(page, 'Enter your phone number')
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    await modal(page).getByText('Enter the 6-digit code sent to the number ending in 0177.').waitFor({ timeout: 30000 })
    await axeClean(page, 'Enter enrollment code (SMS)')
    await typeCode(page, await outboxCode(phone, 1, page))
    await modal(page).getByText('SMS verification added').waitFor({ timeout: 30000 })
    await axeClean(page, 'SMS verification added')
    await modal(page).getByRole('button', { name: 'Done' }).click()
    await modal(page).getByText('Enabled').waitFor()
    await page.evaluate(() => (document.querySelector('auth-modal') as any).close())
    expect(await mfaMethods(page)).toEqual(['sms'])

    const after = await eventCount(page)
    await page.locator('#sign').click()
    await prompt(page).getByRole('button', { name: 'Sign and continue' }).click()
    await modal(page).getByText('To continue, please enter the 6-digit code sent to your mobile device.').waitFor({ timeout: 30000 })
    await axeClean(page, 'Enter verification code (SMS)')
    await typeCode(page, await outboxCode(phone, 2, page))
    const signed = await waitForHostEvent(page, 'sign-success', { after, timeout: 60000 })
    expect(await verifyMessage({ address, message: await page.evaluate(() => (window as any).demoMessage), signature: signed.detail.signature })).toBe(true)
  })

  it('passkey MFA with the virtual authenticator; the management screen adds, lists and removes passkeys', async () => {
    const { page, address, cdp, authenticatorId } = await userWithWallet('mfa-passkey@example.com')
    void page.evaluate(() => (document.querySelector('auth-modal') as any).showMfaEnrollmentModal()).catch(() => {})
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    await modal(page).getByRole('button', { name: 'Passkey' }).click()
    await modal(page).getByText('Set up passkey verification').waitFor()
    await axeClean(page, 'Set up passkey verification')
    await modal(page).getByRole('button', { name: 'Add a new passkey' }).click()
    await modal(page).getByText('Enabled').waitFor({ timeout: 30000 })
    await page.evaluate(() => (document.querySelector('auth-modal') as any).close())
    expect(await mfaMethods(page)).toEqual(['passkey'])

    const after = await eventCount(page)
    const signing = page.evaluate(
      ([a]) =>
        (document.querySelector('auth-modal') as any)
          .getEthereumProvider(a, { showWalletUIs: false })
          .request({ method: 'personal_sign', params: ['passkey mfa', a] }),
      [address],
    )
    expect(await verifyMessage({ address, message: 'passkey mfa', signature: (await signing) as `0x${string}` })).toBe(true)
    expect(await eventCount(page)).toBeGreaterThan(after)

    // Management: 'Secure your account with a passkey', add a second one, remove the MFA one after verifying.
    // A second passkey comes from another authenticator (this one already holds the user's, which
    // the creation options exclude); then that authenticator also gets the first key back.
    const { credentials: first } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId })
    const { authenticatorId: second } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    })
    void page.evaluate(() => (document.querySelector('auth-modal') as any).openPasskeyManagement()).catch(() => {})
    await modal(page).getByText('Secure your account with a passkey').waitFor()
    await expect.poll(() => modal(page).locator('[data-passkey]').count()).toBe(1)
    await axeClean(page, 'Secure your account with a passkey')
    await modal(page).getByRole('button', { name: 'Add new passkey' }).click()
    await modal(page).getByText('Passkeys updated').waitFor({ timeout: 30000 })
    for (const credential of first) await cdp.send('WebAuthn.addCredential', { authenticatorId: second, credential })
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId: second })).credentials).toHaveLength(2)
    await expect.poll(() => modal(page).locator('[data-passkey]').count()).toBe(2)
    await modal(page)
      .getByRole('button', { name: /^Remove / })
      .first()
      .click()
    await modal(page).getByText('Are you sure you want to remove this passkey?').waitFor()
    await axeClean(page, 'Are you sure you want to remove this passkey?')
    await modal(page).getByRole('button', { name: 'Remove', exact: true }).click()
    await modal(page).getByText('Are you sure you want to remove this passkey?').waitFor({ state: 'detached' })
    await modal(page).getByText('Passkeys updated').waitFor({ timeout: 30000 })
    await expect.poll(() => modal(page).locator('[data-passkey]').count()).toBe(1)
    await axeClean(page, 'Passkeys updated')
  })
})

/** The code of the `index`-th SMS the dev outbox holds for `phone` (oldest first). */
/**
 * The code of the `index`-th code message (oldest first) the dev outbox holds for `phone`; notices
 * carry no code. Waits up to two minutes (a busy machine); then says what the modal shows.
 */
async function outboxCode(phone: string, index: number, page: Page): Promise<string> {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    const list = (await (await fetch(`${stack.apiUrl}/dev/outbox?to=${encodeURIComponent(phone)}`)).json()) as { code: string | null }[]
    const codes = list.flatMap((m) => (m.code ? [m.code] : [])).reverse()
    if (codes.length > index) return codes[index]!
    await new Promise((r) => setTimeout(r, 200))
  }
  const shown = await modal(page)
    .innerText()
    .catch(() => '(no modal)')
  throw new Error(`no SMS code #${index} for ${phone} within 120 s; the modal shows: ${shown}`)
}
