/**
 * Guest login in Chromium against the real server: loginAsGuest() keeps one credential per app,
 * a guest cannot link, and a guest may log in to a real account afterwards.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { submitEmail, typeCode, waitForHostEvent } from './helpers.ts'

let stack: Stack
let browser: Browser
let appId: string

beforeAll(async () => {
  ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
  appId = (await stack.createApp({ name: 'Guests', loginMethods: { email: true, guest: true } })).id
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
})

async function demoPage(): Promise<Page> {
  const page = await browser.newPage()
  await page.goto(`${stack.demoUrl}/`)
  await waitForHostEvent(page, 'auth-ready')
  return page
}

const loginAsGuest = (page: Page) =>
  page.evaluate(async () => {
    const user = await (document.querySelector('auth-modal') as any).loginAsGuest()
    return { id: user.id as string, isGuest: user.isGuest as boolean, types: user.linkedAccounts.map((a: any) => a.type) }
  })

it('a guest keeps its credential per app: after logging out, the same browser is the same guest', async () => {
  const page = await demoPage()
  const first = await loginAsGuest(page)
  expect(first).toMatchObject({ isGuest: true, types: ['guest'] })
  await waitForHostEvent(page, 'auth-success')
  const credential = await page.evaluate((id) => localStorage.getItem(`gatehouse:${id}:guest-credential`), appId)
  expect(credential).toMatch(/^[A-Za-z0-9_-]{43}$/)
  await page.evaluate(() => (document.querySelector('auth-modal') as any).logout())
  expect((await loginAsGuest(page)).id).toBe(first.id)
  await page.close()
})

it('error: a guest cannot link an account', async () => {
  const page = await demoPage()
  await loginAsGuest(page)
  const code = await page.evaluate(() =>
    (document.querySelector('auth-modal') as any).linkEmail().then(
      () => 'linked',
      (e: any) => e.code,
    ),
  )
  expect(code).toBe('GUEST_CANNOT_LINK')
  await page.close()
})

it('a guest may log in to a real account afterwards', async () => {
  const page = await demoPage()
  const guest = await loginAsGuest(page)
  await page.evaluate(() => {
    const w = window as any
    w.loginResult = 'pending'
    ;(document.querySelector('auth-modal') as any).login().then(
      (u: any) => (w.loginResult = `${u.id}:${u.isGuest}`),
      (e: any) => (w.loginResult = `error:${e.code}`),
    )
  })
  await submitEmail(page, 'former.guest@example.com')
  await typeCode(page, await stack.nextCode('former.guest@example.com'))
  await page.waitForFunction(() => (window as any).loginResult !== 'pending', null, { timeout: 20_000 })
  const result = (await page.evaluate(() => (window as any).loginResult)) as string
  expect(result.endsWith(':false')).toBe(true)
  expect(result.startsWith(guest.id)).toBe(false)
  await page.close()
})
