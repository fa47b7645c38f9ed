/**
 * Passkeys end to end: the demo page in Chromium with a CDP virtual authenticator (a real CTAP2
 * authenticator in the browser, real signatures) against the real server: sign-up through the
 * choice screen, logging in again, linking to an e-mail user, unlinking, and failure texts.
 */
import type { Browser, CDPSession, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { modal, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'

let stack: Stack
let browser: Browser
let appId: string

beforeAll(async () => {
  ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
  appId = (await stack.createApp({ name: 'Passkeys', loginMethods: { email: true, passkey: true }, passkeysForSignupEnabled: true })).id
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
})

/** A fresh page with its own virtual authenticator (resident keys, user verification, auto-approve). */
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
  await waitForHostEvent(page, 'auth-ready')
  return { page, cdp, authenticatorId }
}

/** Waits for the modal to close itself after a success (1400 ms), then clears the recorded events. */
async function settle(page: Page) {
  await waitForHostEvent(page, 'modal-close')
  // The modal's screens reset 500 ms after it closes (spec §9).
  await page.waitForTimeout(700)
  await page.evaluate(() => (window.gatehouseEvents = []))
}

const openPasskeyEntry = async (page: Page) => {
  await page.evaluate(() => document.querySelector('auth-modal')!.open())
  await modal(page).getByRole('button', { name: 'I have a passkey' }).click()
}

/** The `authenticator_response` of every POST the page makes to `path` (after /api/v1), as sent. */
function credentialsSentTo(page: Page, path: string): Record<string, unknown>[] {
  const sent: Record<string, unknown>[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === `/api/v1${path}`) sent.push(r.postDataJSON().authenticator_response)
  })
  return sent
}

/** Every key of a credential, nested ones as `response.client_data_json`. */
const keysOf = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value).flatMap(([k, v]) => [prefix + k, ...keysOf(v, `${prefix}${k}.`)]) : []

/** The spec's wire shape (part 2 §7, part 3 §3): snake_case at every level, no WebAuthn camelCase. */
function expectSpecShape(credential: Record<string, unknown> | undefined, response: string[]) {
  const keys = keysOf(credential)
  expect(keys).toEqual(expect.arrayContaining(['id', 'raw_id', 'type', 'client_extension_results', ...response.map((k) => `response.${k}`)]))
  expect(keys.filter((k) => /[A-Z]/.test(k))).toEqual([])
}

const passkeysOf = (page: Page) => page.evaluate(() => document.querySelector('auth-modal')!.user!.linkedAccounts.filter((a) => a.type === 'passkey') as any[])

describe('passkeys', () => {
  it('signs up with a new passkey, then logs in again with it after logging out', async () => {
    const { page, cdp, authenticatorId } = await pageWithAuthenticator()
    const registered = credentialsSentTo(page, '/passkeys/register')
    const asserted = credentialsSentTo(page, '/passkeys/authenticate')
    await openPasskeyEntry(page)
    await modal(page).getByText('Log in or create a new account?').waitFor()
    await modal(page).getByRole('button', { name: 'Create new account' }).click()
    const signup = await waitForHostEvent(page, 'auth-success')
    expect(signup.detail.isNewUser).toBe(true)
    expect(signup.detail.loginMethod).toBe('passkey')
    const [passkey] = await passkeysOf(page)
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(credentials).toHaveLength(1)
    // The server's credential id is the authenticator's (base64 ↔ base64url).
    expect(passkey.credentialId).toBe(credentials[0].credentialId.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''))
    expect(passkey).toMatchObject({ createdWithBrowser: 'Chrome', enrolledInMfa: false })
    const userId = signup.detail.user.id
    await settle(page)

    await page.evaluate(() => document.querySelector('auth-modal')!.logout())
    await openPasskeyEntry(page)
    await modal(page).getByRole('button', { name: 'Log in with a passkey' }).click()
    const again = await waitForHostEvent(page, 'auth-success')
    expect(again.detail.isNewUser).toBe(false)
    expect(again.detail.user.id).toBe(userId)
    // The signature counter moved forward on the authenticator and the server kept it.
    const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(after.credentials[0].signCount).toBeGreaterThan(0)
    expectSpecShape(registered[0], ['client_data_json', 'attestation_object', 'transports'])
    expectSpecShape(asserted[0], ['client_data_json', 'authenticator_data', 'signature', 'user_handle'])
    await page.context().close()
  })

  it('links a passkey to an e-mail user (linkPasskey), logs in with it, then unlinks it (unlinkPasskey)', async () => {
    const { page } = await pageWithAuthenticator()
    const linkedWith = credentialsSentTo(page, '/passkeys/link')
    await page.evaluate(() => document.querySelector('auth-modal')!.open())
    await submitEmail(page, 'passkey-linker@example.com')
    await typeCode(page, await stack.nextCode('passkey-linker@example.com'))
    const login = await waitForHostEvent(page, 'auth-success')
    await settle(page)

    const linked = await page.evaluate(
      async () => (await document.querySelector('auth-modal')!.linkPasskey()).linkedAccounts.filter((a) => a.type === 'passkey') as any[],
    )
    expect(linked).toHaveLength(1)
    const linkEvent = await waitForHostEvent(page, 'link-success')
    expect(linkEvent.detail.linkMethod).toBe('passkey')
    expect(linkEvent.detail.linkedAccount.credentialId).toBe(linked[0].credentialId)
    expectSpecShape(linkedWith[0], ['client_data_json', 'attestation_object'])
    await settle(page)

    // The linked passkey logs in to the same user.
    await page.evaluate(() => document.querySelector('auth-modal')!.logout())
    await openPasskeyEntry(page)
    await modal(page).getByRole('button', { name: 'Log in with a passkey' }).click()
    const again = await waitForHostEvent(page, 'auth-success')
    expect(again.detail.user.id).toBe(login.detail.user.id)
    await settle(page)

    const remaining = await page.evaluate(
      async (id) => (await document.querySelector('auth-modal')!.unlinkPasskey(id)).linkedAccounts.map((a) => a.type),
      linked[0].credentialId,
    )
    expect(remaining).toEqual(['email'])
    const unlinkEvent = await waitForHostEvent(page, 'unlink-success')
    expect(unlinkEvent.detail.unlinkMethod).toBe('passkey')
    await page.context().close()
  })

  it('error: a passkey whose signature does not verify shows "An unknown error occurred." with Retry, and Retry then succeeds', async () => {
    const { page, cdp, authenticatorId } = await pageWithAuthenticator()
    await openPasskeyEntry(page)
    await modal(page).getByRole('button', { name: 'Create new account' }).click()
    await waitForHostEvent(page, 'auth-success')
    await settle(page)
    await page.evaluate(() => document.querySelector('auth-modal')!.logout())

    await cdp.send('WebAuthn.setResponseOverrideBits', { authenticatorId, isBogusSignature: true })
    await openPasskeyEntry(page)
    await modal(page).getByRole('button', { name: 'Log in with a passkey' }).click()
    await modal(page).getByText('An unknown error occurred.').waitFor()
    expect(await page.evaluate(() => document.querySelector('auth-modal')!.user)).toBeNull()
    await expectNoAxeViolations(page, 'passkey error (An unknown error occurred.)')

    await cdp.send('WebAuthn.setResponseOverrideBits', { authenticatorId, isBogusSignature: false })
    await modal(page).getByRole('button', { name: 'Retry' }).click()
    await waitForHostEvent(page, 'auth-success')
    await page.context().close()
  })

  it('error: without passkey sign-up the entry goes straight to login; a cancelled prompt says "Passkey request timed out or rejected by user."', async () => {
    const { id } = await stack.createApp({ name: 'Passkey login only', loginMethods: { email: true, passkey: true } })
    const { page, cdp, authenticatorId } = await pageWithAuthenticator()
    // No credential on this authenticator and no user presence: Chromium rejects the request (NotAllowedError).
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId })
    await page.evaluate(() => {
      // The browser has no authenticator at all now; Chromium answers NotAllowedError once the request's timeout passes,
      // so shorten it the way a user cancelling would end it.
      const get = navigator.credentials.get.bind(navigator.credentials)
      navigator.credentials.get = (options?: CredentialRequestOptions) => {
        const aborter = new AbortController()
        setTimeout(() => aborter.abort(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')), 300)
        return get({ ...options, signal: aborter.signal })
      }
    })
    await openPasskeyEntry(page)
    await modal(page).getByText('Passkey request timed out or rejected by user.').waitFor()
    await expectNoAxeViolations(page, 'passkey request rejected')
    await expect(modal(page).getByText('Log in or create a new account?').count()).resolves.toBe(0)
    expect(id).toHaveLength(25)
    await page.context().close()
  })
})
