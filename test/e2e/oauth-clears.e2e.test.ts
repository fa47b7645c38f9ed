/**
 * Spec part 1 §4 (OAuth): "authenticate then clears the stored values". The code verifier and the
 * state code kept under `gatehouse:<appId>:oauth` while the user is at the provider are gone after a
 * login (popup and full-page redirect), a denial at the provider, and a returned state that differs
 * from the stored one. Against the development IdP the server mounts (oidc-provider), as oauth.e2e.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { modal, waitForHostEvent } from './helpers.ts'

let stack: Stack
let browser: Browser
let appId: string

beforeAll(async () => {
  ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
  appId = (
    await stack.createApp({
      name: 'OAuth Clears',
      loginMethods: { email: true, google: true },
      oauth: { google: { clientId: 'gatehouse-dev', clientSecret: 'gatehouse-dev-idp-secret', issuer: `${stack.apiUrl}/dev/idp` } },
      oauthProviderLabels: { google: 'Google (local dev)' },
    })
  ).id
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
})

async function demoPage(): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await page.goto(`${stack.demoUrl}/`)
  await waitForHostEvent(page, 'auth-ready')
  return page
}

/** The stored flow (verifier and state) as the host page's localStorage holds it, or null. */
const stored = (page: Page) =>
  page.evaluate((key) => {
    const value = localStorage.getItem(key)
    return value === null ? null : (JSON.parse(value) as { codeVerifier: string; stateCode: string })
  }, `gatehouse:${appId}:oauth`)

/** Every OAuth flow key left in the host page's localStorage. */
const oauthKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith(':oauth')))

/** While the user is at the provider, the verifier and the state are stored. */
async function expectStored(page: Page) {
  const flow = await stored(page)
  expect(flow?.codeVerifier).toMatch(/^[\w-]{43,}$/)
  expect(flow?.stateCode.length).toBeGreaterThan(10)
}

/** The IdP's page is on the API origin: reads the demo origin's storage from a second tab. */
async function expectStoredFromAnotherTab(page: Page) {
  const other = await page.context().newPage()
  await other.goto(`${stack.demoUrl}/`)
  await expectStored(other)
  await other.close()
}

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
  const [popup] = await Promise.all([page.waitForEvent('popup'), modal(page).locator('button[data-method=google]').click()])
  return popup
}

describe('OAuth clears its stored verifier and state', () => {
  it('after a popup login', async () => {
    const page = await demoPage()
    const popup = await clickGoogle(page)
    await popup.waitForURL(/\/dev\/idp\/interaction\//, { timeout: 20_000 })
    await expectStored(page)
    await atIdp(popup, 'clears.popup@example.com')
    await waitForHostEvent(page, 'auth-success')
    expect(await oauthKeys(page)).toEqual([])
    await page.context().close()
  })

  it('after a full-page redirect login', async () => {
    const page = await demoPage()
    await page.evaluate(() => ((document.querySelector('auth-modal') as any).oauthMode = 'redirect'))
    await page.evaluate(() => document.querySelector('auth-modal')!.open())
    await modal(page).locator('button[data-method=google]').click()
    await page.waitForURL(/\/dev\/idp\/interaction\//, { timeout: 20_000 })
    await expectStoredFromAnotherTab(page)
    await atIdp(page, 'clears.redirect@example.com')
    await waitForHostEvent(page, 'auth-success', { timeout: 20_000 })
    expect(await oauthKeys(page)).toEqual([])
    await page.context().close()
  })

  it('after the user denies at the provider', async () => {
    const page = await demoPage()
    const popup = await clickGoogle(page)
    await popup.waitForURL(/\/dev\/idp\/interaction\//, { timeout: 20_000 })
    await expectStored(page)
    await atIdp(popup, '', { deny: true })
    await modal(page).getByText('Authentication failed').waitFor()
    expect(await oauthKeys(page)).toEqual([])
    await page.context().close()
  })

  it('after a returned state that differs from the stored one', async () => {
    const page = await demoPage()
    await page.evaluate(() => ((document.querySelector('auth-modal') as any).oauthMode = 'redirect'))
    await page.evaluate(() => document.querySelector('auth-modal')!.open())
    await modal(page).locator('button[data-method=google]').click()
    await page.waitForURL(/\/dev\/idp\/interaction\//, { timeout: 20_000 })
    await expectStoredFromAnotherTab(page)
    await page.goto(`${stack.demoUrl}/?code=attacker-code&state=attacker-state-000000000000&provider=google`)
    await modal(page).getByText('Unexpected auth flow. This may be a phishing attempt.').waitFor({ timeout: 20_000 })
    expect(await oauthKeys(page)).toEqual([])
    await page.context().close()
  })
})
