/**
 * OAuth in Chromium against the real server and a real OpenID provider: the development IdP the
 * server mounts under /dev/idp (oidc-provider), as the demo uses it. Popup and full-page
 * redirect, consent and denial, a tampered state, linking and unlinking.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startHostIssuer, type HostIssuer } from '../host-issuer.ts'
import { startStack, type Stack } from '../stack.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { modal, waitForHostEvent } from './helpers.ts'

let stack: Stack
let browser: Browser
let host: HostIssuer
let appId: string

beforeAll(async () => {
  ;[stack, browser, host] = await Promise.all([startStack(), launchBrowser(), startHostIssuer()])
  appId = (
    await stack.createApp({
      name: 'OAuth',
      loginMethods: { email: true, google: true },
      oauth: { google: { clientId: 'gatehouse-dev', clientSecret: 'gatehouse-dev-idp-secret', issuer: `${stack.apiUrl}/dev/idp` } },
      oauthProviderLabels: { google: 'Google (local dev)' },
      customAuth: { issuer: host.issuer, jwksUrl: host.jwksUrl },
    })
  ).id
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
  await host?.close()
})

async function demoPage(): Promise<Page> {
  const page = await browser.newPage()
  await page.goto(`${stack.demoUrl}/`)
  await waitForHostEvent(page, 'auth-ready')
  return page
}

/** The IdP's own pages: sign in with any name, then consent (or cancel: the user's denial). */
async function atIdp(idp: Page, login: string, { deny = false } = {}) {
  await idp.waitForURL(/\/dev\/idp\/interaction\//, { timeout: 20_000 })
  if (deny) return idp.getByText('[ Cancel ]').click()
  await idp.locator('input[name=login]').fill(login)
  await idp.locator('input[name=password]').fill('any')
  await idp.getByRole('button', { name: 'Sign-in' }).click()
  await idp.getByRole('button', { name: 'Continue' }).click()
}

async function clickGoogle(page: Page): Promise<Page> {
  await page.evaluate(() => document.querySelector('auth-modal')!.open())
  const button = modal(page).locator('button[data-method=google]')
  await expect(button.textContent()).resolves.toContain('Google (local dev)')
  const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()])
  return popup
}

describe('OAuth login', () => {
  it('logs in through the 440×680 popup: verifying, connected, closes after 1.4 s; google_oauth account', async () => {
    const page = await demoPage()
    const popup = await clickGoogle(page)
    expect(popup.viewportSize()).toEqual({ width: 440, height: 680 })
    await modal(page).getByText('Verifying connection to Google (local dev)').waitFor()
    await atIdp(popup, 'ada@example.com')
    await modal(page).getByText('Successfully connected with Google (local dev)').waitFor()
    await modal(page).getByText("You're good to go!").waitFor()
    const success = await waitForHostEvent(page, 'auth-success')
    expect(success.detail.user.linkedAccounts).toEqual([
      expect.objectContaining({ type: 'google_oauth', subject: 'ada@example.com', email: 'ada@example.com' }),
    ])
    await page.waitForFunction(() => !document.querySelector('auth-modal')!.hasAttribute('open'), null, { timeout: 5000 })
    expect(popup.isClosed()).toBe(true)
    await page.close()
  })

  it("error: denying at the provider shows 'Authentication failed' with the retry text; Retry starts again", async () => {
    const page = await demoPage()
    const popup = await clickGoogle(page)
    await atIdp(popup, '', { deny: true })
    await modal(page).getByText('Authentication failed').waitFor()
    await modal(page).getByText('Retry and check Google (local dev) to finish connecting your account.').waitFor()
    await expectNoAxeViolations(page, 'OAuth authentication failed')
    const [again] = await Promise.all([page.waitForEvent('popup'), modal(page).getByRole('button', { name: 'Retry' }).click()])
    await atIdp(again, 'retry@example.com')
    await modal(page).getByText('Successfully connected with Google (local dev)').waitFor()
    await page.close()
  })

  it('logs in by full-page redirect; the code, state and provider are removed from the address', async () => {
    const page = await demoPage()
    await page.evaluate(() => ((document.querySelector('auth-modal') as any).oauthMode = 'redirect'))
    await page.evaluate(() => document.querySelector('auth-modal')!.open())
    await modal(page).locator('button[data-method=google]').click()
    await atIdp(page, 'redirected@example.com')
    await modal(page).getByText('Successfully connected with Google (local dev)').waitFor({ timeout: 20_000 })
    const success = await waitForHostEvent(page, 'auth-success')
    expect(success.detail.user.linkedAccounts[0]).toMatchObject({ type: 'google_oauth', subject: 'redirected@example.com' })
    const url = new URL(page.url())
    expect([...url.searchParams.keys()]).toEqual([])
    await page.close()
  })

  it("error: a returned state that differs from the stored one is 'Unexpected auth flow. This may be a phishing attempt.'", async () => {
    const page = await demoPage()
    await page.evaluate(() => ((document.querySelector('auth-modal') as any).oauthMode = 'redirect'))
    await page.evaluate(() => document.querySelector('auth-modal')!.open())
    await modal(page).locator('button[data-method=google]').click()
    await page.waitForURL(/\/dev\/idp\//)
    // An attacker's link back to the page, with a code and a state of their own.
    await page.goto(`${stack.demoUrl}/?code=attacker-code&state=attacker-state-000000000000&provider=google`)
    await modal(page).getByText('Unexpected auth flow. This may be a phishing attempt.').waitFor({ timeout: 20_000 })
    await modal(page).getByText('Authentication failed').waitFor()
    expect(await modal(page).getByRole('button', { name: 'Retry' }).count()).toBe(0)
    await expectNoAxeViolations(page, 'Unexpected auth flow')
    await page.close()
  })
})

describe('OAuth button and provider refusals', () => {
  it('the provider button stays disabled for 2 s after a click, also when the user comes straight back', async () => {
    const page = await demoPage()
    // The page's clock stands still from just before the click: "straight back" stays within the
    // 2 s however slow the machine (the popup's start alone has taken longer here), and the test
    // moves time on itself to see the button come back at 2 s, not before.
    await page.clock.install()
    await page.evaluate(() => document.querySelector('auth-modal')!.open())
    const button = modal(page).locator('button[data-method=google]')
    await button.waitFor()
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
    const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()])
    await modal(page).getByText('Verifying connection to Google (local dev)').waitFor()
    await modal(page).locator('[part~=back-button]:not([hidden])').click()
    await button.waitFor()
    expect(await button.isDisabled()).toBe(true)
    await page.clock.runFor(1900)
    expect(await button.isDisabled()).toBe(true)
    await page.clock.runFor(200)
    await expect.poll(() => button.isDisabled()).toBe(false)
    if (!popup.isClosed()) await popup.close()
    await page.close()
  })

  it("error: the provider reporting the account suspended shows 'Your Google (local dev) account is suspended. Please try another login method.'", async () => {
    const page = await demoPage()
    // The dev IdP answers userinfo 403 "This account is suspended." for such login names, as X/Twitter does.
    await atIdp(await clickGoogle(page), 'suspended-sam')
    await modal(page).getByText('Your Google (local dev) account is suspended. Please try another login method.').waitFor()
    await modal(page).getByText('Authentication failed').waitFor()
    expect(await modal(page).getByRole('button', { name: 'Retry' }).count()).toBe(0)
    expect(await page.evaluate(() => document.querySelector('auth-modal')!.user)).toBeNull()
    await page.close()
  })

  it("error: the provider rate-limiting us (HTTP 429) shows 'Request limit reached for Google (local dev). Please wait a moment and try again.'", async () => {
    const page = await demoPage()
    await atIdp(await clickGoogle(page), 'rate-limited-rita')
    await modal(page).getByText('Request limit reached for Google (local dev). Please wait a moment and try again.').waitFor()
    await modal(page).getByText('Authentication failed').waitFor()
    await page.close()
  })
})

/** A host's own "Link Google" button (the popup needs the click's user gesture); the outcome lands in window.linkResult. */
async function addLinkButton(page: Page) {
  await page.evaluate(() => {
    const w = window as any
    w.linkResult = 'pending'
    const button = document.body.appendChild(document.createElement('button'))
    button.id = 'link-google'
    button.textContent = 'Link Google'
    button.onclick = () =>
      (document.querySelector('auth-modal') as any).linkOAuth('google').then(
        (u: any) =>
          (w.linkResult = u.linkedAccounts
            .map((a: any) => a.type)
            .sort()
            .join(',')),
        (e: any) => (w.linkResult = `error:${e.code}`),
      )
  })
}

describe('OAuth link and unlink', () => {
  it("error: linking a second account of the same provider shows 'You cannot authorize more than one account for this user.'", async () => {
    const page = await demoPage()
    await page.evaluate((t) => document.querySelector('auth-modal')!.loginWithCustomToken(t), await host.sign('oauth-twice'))
    await addLinkButton(page)
    const [first] = await Promise.all([page.waitForEvent('popup'), page.click('#link-google')])
    await atIdp(first, 'first.google@example.com')
    await page.waitForFunction(() => (window as any).linkResult !== 'pending', null, { timeout: 20_000 })
    expect(await page.evaluate(() => (window as any).linkResult)).toBe('custom_auth,google_oauth')
    await page.waitForFunction(() => !document.querySelector('auth-modal')!.hasAttribute('open'), null, { timeout: 5000 })
    await page.evaluate(() => ((window as any).linkResult = 'pending'))
    // Sign out of the IdP (its session cookies) so the second popup asks who is signing in.
    await page.context().clearCookies({ name: /^_session/ })
    const [second] = await Promise.all([page.waitForEvent('popup'), page.click('#link-google')])
    await atIdp(second, 'second.google@example.com')
    await modal(page).getByText('You cannot authorize more than one account for this user.').waitFor({ timeout: 20_000 })
    await modal(page).getByText('Authentication failed').waitFor()
    await page.evaluate(() => document.querySelector('auth-modal')!.close())
    await page.waitForFunction(() => (window as any).linkResult !== 'pending', null, { timeout: 5000 })
    // Closed after the link failed: the flow reports the failure, not a plain exit.
    expect(await page.evaluate(() => (window as any).linkResult)).toBe('error:FAILED_TO_LINK_ACCOUNT')
    await page.close()
  })

  it('linkOAuth resolves with the user holding google_oauth; unlinkOAuth removes it', async () => {
    const page = await demoPage()
    const token = await host.sign('oauth-linker')
    await page.evaluate((t) => document.querySelector('auth-modal')!.loginWithCustomToken(t), token)
    await addLinkButton(page)
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.click('#link-google')])
    await atIdp(popup, 'linked@example.com')
    await page.waitForFunction(() => (window as any).linkResult !== 'pending', null, { timeout: 20_000 })
    expect(await page.evaluate(() => (window as any).linkResult)).toBe('custom_auth,google_oauth')
    const after = await page.evaluate(async () => {
      const user = await (document.querySelector('auth-modal') as any).unlinkOAuth('google', 'linked@example.com')
      return user.linkedAccounts.map((a: any) => a.type)
    })
    expect(after).toEqual(['custom_auth'])
    await waitForHostEvent(page, 'unlink-success')
    await page.close()
  })
})
