/**
 * Custom-token sync in Chromium against the real server: the host hands <auth-modal> its
 * `getCustomAccessToken`; our session follows the host's (token → logged in, none → logged out),
 * with the sync states on `customTokenSyncState`.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startHostIssuer, type HostIssuer } from '../host-issuer.ts'
import { startStack, type Stack } from '../stack.ts'
import { waitForHostEvent } from './helpers.ts'

let stack: Stack
let browser: Browser
let host: HostIssuer

beforeAll(async () => {
  ;[stack, browser, host] = await Promise.all([startStack(), launchBrowser(), startHostIssuer()])
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

/** Sets the host's token source (null: the host's user is signed out) and waits for the sync. */
const sync = (page: Page, token: string | null) =>
  page.evaluate(async (t) => {
    const el = document.querySelector('auth-modal') as any
    el.getCustomAccessToken = async () => t
    const state = await el.syncCustomToken()
    return { state, user: el.user ? { types: el.user.linkedAccounts.map((a: any) => `${a.type}:${a.address}`) } : null }
  }, token)

it("the host's token logs in (done), no token logs out; the state starts initial", async () => {
  await stack.createApp({ name: 'Synced', customAuth: { issuer: host.issuer, jwksUrl: host.jwksUrl } })
  const page = await demoPage()
  expect(await page.evaluate(() => (document.querySelector('auth-modal') as any).customTokenSyncState)).toBe('initial')
  expect(await sync(page, await host.sign('host-user-1'))).toEqual({ state: 'done', user: { types: ['custom_auth:host-user-1'] } })
  await waitForHostEvent(page, 'auth-success')
  expect(await sync(page, null)).toEqual({ state: 'done', user: null })
  await page.close()
})

it('error: a token the server refuses ends in error, signed out, reported as auth-error', async () => {
  await stack.createApp({ name: 'Synced errors', customAuth: { issuer: host.issuer, jwksUrl: host.jwksUrl } })
  const page = await demoPage()
  const other = await (await import('../host-issuer.ts')).startHostIssuer('https://other-host.example')
  expect(await sync(page, await other.sign('stranger'))).toEqual({ state: 'error', user: null })
  const reported = await waitForHostEvent(page, 'auth-error')
  expect(reported.detail.code).toBe('invalid_credentials')
  await other.close()
  await page.close()
})

it('not-enabled when the app has no custom auth', async () => {
  await stack.createApp({ name: 'No custom auth' })
  const page = await demoPage()
  expect(await sync(page, 'any-token')).toEqual({ state: 'not-enabled', user: null })
  await page.close()
})
