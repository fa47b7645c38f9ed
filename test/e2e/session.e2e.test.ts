/**
 * Sessions across tabs and against theft: refresh tokens rotate on every refresh, and presenting a
 * rotated one revokes the session. Several tabs of one host must therefore never trip that alarm.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { submitEmail, typeCode, waitForHostEvent } from './helpers.ts'

let stack: Stack
let browser: Browser

beforeAll(async () => {
  // A short reuse grace (default 5 s) keeps the theft test quick; it still covers the tabs.
  ;[stack, browser] = await Promise.all([startStack({ env: { GATEHOUSE_REFRESH_REUSE_GRACE_SECONDS: '2' } }), launchBrowser()])
  await stack.createApp({ name: 'Tabs' })
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
})

async function loggedInContext(email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${stack.demoUrl}/`)
  await waitForHostEvent(page, 'auth-ready')
  await page.locator('#login').click()
  await submitEmail(page, email)
  await typeCode(page, await stack.nextCode(email))
  await waitForHostEvent(page, 'auth-success')
  return { context, page }
}

const storedRefreshToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith(':session'))!
    return JSON.parse(localStorage.getItem(key)!).refreshToken as string
  })

describe('sessions', () => {
  it('tabs opened at the same moment all stay logged in (refreshes are serialised across tabs)', async () => {
    const { context, page } = await loggedInContext('tabs@example.com')
    const tabs = await Promise.all([context.newPage(), context.newPage(), context.newPage()])
    await Promise.all(tabs.map((tab) => tab.goto(`${stack.demoUrl}/`)))
    // Generous: the tabs' refreshes run one after another by design, on a possibly busy machine.
    for (const tab of tabs) expect((await waitForHostEvent(tab, 'auth-ready', { timeout: 30000 })).detail.authenticated).toBe(true)
    // Had two tabs presented the same refresh token, the server would have revoked the session.
    await page.reload()
    expect((await waitForHostEvent(page, 'auth-ready')).detail.authenticated).toBe(true)
    await context.close()
  })

  it('error: a stolen refresh token used after the owner refreshed ends the session for both', async () => {
    const { context, page } = await loggedInContext('theft@example.com')
    const stolen = await storedRefreshToken(page)
    const appId = await page.evaluate(() => document.querySelector('auth-modal')!.getAttribute('app-id')!)
    // The owner's page refreshes (a reload does), rotating the token the thief copied.
    await page.reload()
    expect((await waitForHostEvent(page, 'auth-ready')).detail.authenticated).toBe(true)
    expect(await storedRefreshToken(page)).not.toBe(stolen)

    // A replay right after the owner's refresh could be the owner's other tab (the grace window);
    // past it, it can only be a copy.
    await new Promise((r) => setTimeout(r, 2_500))
    const replay = await fetch(`${stack.apiUrl}/api/v1/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'privy-app-id': appId },
      body: JSON.stringify({ refresh_token: stolen }),
    })
    expect(replay.status).toBe(401)
    // The whole session is revoked: the owner's next load finds itself logged out.
    await page.reload()
    expect((await waitForHostEvent(page, 'auth-ready')).detail.authenticated).toBe(false)
    await context.close()
  })
})
