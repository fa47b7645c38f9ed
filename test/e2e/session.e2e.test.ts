/**
 * Sessions across tabs and against theft: refresh tokens rotate on every refresh, and presenting a
 * rotated one revokes the session. Several tabs of one host must therefore never trip that alarm.
 * The demo page (localhost:…) shares the API's site, so these are cookie sessions: the refresh
 * token lives in the API's HttpOnly cookie; a page on another site keeps it in storage.
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

async function loggedInContext(email: string, demoUrl = stack.demoUrl): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${demoUrl}/`)
  await waitForHostEvent(page, 'auth-ready')
  await page.locator('#login').click()
  await submitEmail(page, email)
  await typeCode(page, await stack.nextCode(email))
  await waitForHostEvent(page, 'auth-success')
  return { context, page }
}

const appIdOf = (page: Page) => page.evaluate(() => document.querySelector('auth-modal')!.getAttribute('app-id')!)

/** The API's HttpOnly refresh cookie, as only the browser (or malware with its cookie jar) sees it. */
async function refreshCookie(page: Page) {
  const appId = await appIdOf(page)
  return (await page.context().cookies(`${stack.apiUrl}/api/v1/sessions`)).find((c) => c.name === `gatehouse-refresh-${appId}`) ?? null
}

/** What script on the page can read: both storages and document.cookie. */
const readableByScript = (page: Page) =>
  page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }))

/** The refresh token wherever this session keeps it. */
const storedRefreshToken = async (page: Page) => (await refreshCookie(page))?.value as string

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

  it('cookie sessions: after a login no refresh token is readable by page script, the API holds it in an HttpOnly SameSite=Strict cookie, and a reload keeps the session', async () => {
    const { context, page } = await loggedInContext('cookie@example.com')
    const cookie = (await refreshCookie(page))!
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/sessions', secure: true })
    // 30 days (spec §9), give or take the test's own time.
    expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000)
    const readable = await readableByScript(page)
    expect(readable).not.toContain(cookie.value)
    expect(readable).not.toMatch(/refreshToken":"[^"]/)
    // The page's own refresh marker cookie (30 days) says a session exists, and nothing more.
    const appId = await appIdOf(page)
    expect(await page.evaluate(() => document.cookie)).toBe(`gatehouse-session-${appId}=t`)
    const marker = (await context.cookies(stack.demoUrl)).find((c) => c.name === `gatehouse-session-${appId}`)!
    expect(marker).toMatchObject({ httpOnly: false, sameSite: 'Strict', secure: true })
    expect(marker.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000)

    await page.reload()
    expect((await waitForHostEvent(page, 'auth-ready')).detail.authenticated).toBe(true)
    expect((await refreshCookie(page))!.value).not.toBe(cookie.value)
    expect(await readableByScript(page)).not.toContain((await refreshCookie(page))!.value)
    await context.close()
  })

  it('error: cookie sessions whose server cookie is gone are cleared: the marker alone, or the API cookie alone', async () => {
    const { context, page } = await loggedInContext('cookie-gone@example.com')
    const appId = await appIdOf(page)
    await context.clearCookies({ name: `gatehouse-refresh-${appId}` })
    await page.reload()
    expect((await waitForHostEvent(page, 'auth-ready')).detail.authenticated).toBe(false)
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith(':session')))).toEqual([])
    expect(await page.evaluate(() => document.cookie)).toBe('')
    await context.close()

    const second = await loggedInContext('cookie-gone-2@example.com')
    await second.context.clearCookies({ name: `gatehouse-session-${appId}` })
    const refreshes: string[] = []
    second.page.on('request', (r) => void (r.url().endsWith('/api/v1/sessions') && refreshes.push(r.url())))
    await second.page.reload()
    expect((await waitForHostEvent(second.page, 'auth-ready')).detail.authenticated).toBe(false)
    expect(refreshes).toEqual([])
    await second.context.close()
  })

  it('a page on another site (127.0.0.1 against the API on localhost) keeps today’s storage session, and a reload keeps it', async () => {
    const crossSite = stack.demoUrl.replace('//localhost:', '//127.0.0.1:')
    const { context, page } = await loggedInContext('cross-site@example.com', crossSite)
    expect(await refreshCookie(page)).toBeNull()
    const stored = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith(':session'))!
      return JSON.parse(localStorage.getItem(key)!).refreshToken as string
    })
    expect(stored).toMatch(/\S{20,}/)
    await page.reload()
    expect((await waitForHostEvent(page, 'auth-ready')).detail.authenticated).toBe(true)
    await context.close()
  })
})
