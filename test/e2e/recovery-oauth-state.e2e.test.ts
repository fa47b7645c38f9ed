/**
 * Spec part 2 §4 / §5: "The returned state must equal the stored state, otherwise treated as a
 * possible phishing attempt". The recovery OAuth popup (Google Drive, through the development IdP
 * the server mounts) comes back to the page with another `state` than the widget stored: the
 * backup fails with the phishing text, nothing is written to the Drive stand-in and the wallet keeps
 * its method; 'Try again' with an honest return then backs up.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startDriveStandIn, userinfoVerifier } from '../cloud-stand-ins.ts'
import { startStack, type Stack } from '../stack.ts'
import { modal, waitForHostEvent } from './helpers.ts'
import { login, wallets } from './wallet-helpers.ts'

let stack: Stack
let browser: Browser
let drive: Awaited<ReturnType<typeof startDriveStandIn>>

beforeAll(async () => {
  ;[drive, browser] = await Promise.all([startDriveStandIn(), launchBrowser()])
  stack = await startStack({ env: { GATEHOUSE_GOOGLE_DRIVE_URL: drive.url } })
  drive.setTokenVerifier(userinfoVerifier(`${stack.apiUrl}/dev/idp`))
  await stack.createApp({
    name: 'State App',
    embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' }, userOwnedRecoveryOptions: ['user-passcode', 'google-drive'] },
    recoveryOAuth: { 'google-drive': { clientId: 'gatehouse-dev', clientSecret: 'gatehouse-dev-idp-secret', issuer: `${stack.apiUrl}/dev/idp` } },
  })
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
  await drive?.close()
})

/** The IdP's own pages in the popup: sign in with any name, then consent if asked. */
async function atGoogle(popup: Page, account: string) {
  await popup.waitForURL(/\/dev\/idp\/interaction\//, { timeout: 20_000 })
  await popup.locator('input[name=login]').fill(account)
  await popup.locator('input[name=password]').fill('any')
  await popup.getByRole('button', { name: 'Sign-in' }).click()
  // Consent is asked once per account (a retry skips it), and the widget closes the popup as soon
  // as it is back on the page.
  const consent = popup.getByRole('button', { name: 'Continue' })
  await Promise.race([popup.waitForEvent('close'), consent.click({ noWaitAfter: true })]).catch((error) => {
    if (!popup.isClosed()) throw error
  })
}

describe('recovery OAuth state check', () => {
  it("a returned state other than the stored one fails as a possible phishing attempt; no share is written; 'Try again' then backs up", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await login(page, stack, 'state.check@example.com')
    await waitForHostEvent(page, 'wallet-created', { timeout: 30_000 })
    await waitForHostEvent(page, 'modal-close', { timeout: 15_000 })
    expect((await wallets(page))[0].recoveryMethod).toBe('privy')

    // The popup's way back to the page (the server's callback redirects it there with code and
    // state, a redirect a route cannot rewrite): as the page loads in the popup, before the widget
    // reads its address, someone else's state is swapped in (once: while the opener's flag is set).
    await context.addInitScript(() => {
      const opener = window.opener as (Window & { __forgeState?: boolean; __returns?: string[] }) | null
      const url = new URL(location.href)
      const state = url.searchParams.get('state')
      if (!opener || !state || !url.searchParams.has('code')) return
      opener.__returns?.push(state)
      if (!opener.__forgeState) return
      opener.__forgeState = false
      url.searchParams.set('state', `forged-${state}`)
      history.replaceState(null, '', url.href)
    })
    await page.evaluate(() => Object.assign(window, { __forgeState: true, __returns: [] }))
    const returns = () => page.evaluate(() => (window as unknown as { __returns: string[] }).__returns)

    await page.evaluate(() => document.querySelector('auth-modal')!.openRecoverySettings())
    await modal(page).getByText('Update backup method').waitFor()
    const [popup] = await Promise.all([page.waitForEvent('popup'), modal(page).getByRole('button', { name: 'Back up to Google Drive' }).click()])
    await atGoogle(popup, 'state-user@example.com')
    await modal(page).getByText('Back up with Google Drive unsuccessful').waitFor({ timeout: 30_000 })
    await modal(page).getByText('Unexpected auth flow. This may be a phishing attempt.').waitFor()
    expect(await returns()).toHaveLength(1)
    expect(drive.filesOf('state-user@example.com')).toHaveLength(0)
    expect((await wallets(page))[0].recoveryMethod).toBe('privy')

    // The honest return goes through.
    const [again] = await Promise.all([page.waitForEvent('popup'), modal(page).getByRole('button', { name: 'Try again' }).click()])
    await atGoogle(again, 'state-user@example.com')
    await modal(page).getByText('Successfully backed up with Google Drive.').waitFor({ timeout: 30_000 })
    expect(await returns()).toHaveLength(2)
    expect(drive.filesOf('state-user@example.com')).toHaveLength(1)
    await waitForHostEvent(page, 'modal-close', { timeout: 15_000 })
    expect((await wallets(page))[0].recoveryMethod).toBe('google-drive')
    await context.close()
  })
})
