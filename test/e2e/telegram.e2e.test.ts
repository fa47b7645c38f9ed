/**
 * Telegram end to end: the widget's redirect result arriving in the demo page's query string is
 * read, removed from the address bar and verified by the real server (Telegram's HMAC with the
 * app's bot token); the landing entry injects the widget script with the bot username. The
 * telegram.org script itself cannot load here, so the test signs results as Telegram does.
 */
import { createHash, createHmac } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { modal, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'

const BOT = { botToken: '424242:AAE-e2e_token_for_gatehouse', botUsername: 'gatehouse_e2e_bot' }
let stack: Stack
let browser: Browser
let appId: string

beforeAll(async () => {
  ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
  appId = (await stack.createApp({ name: 'Telegram', loginMethods: { email: true, telegram: true }, telegram: BOT })).id
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
})

/** What Telegram's widget hands over: the user's fields, auth_date and the bot-token HMAC. */
function signedResult(user: Record<string, string | number>, token = BOT.botToken): Record<string, string> {
  const fields: Record<string, string> = Object.fromEntries(
    Object.entries({ ...user, auth_date: Math.floor(Date.now() / 1000) }).map(([k, v]) => [k, String(v)]),
  )
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n')
  const hash = createHmac('sha256', createHash('sha256').update(token).digest()).update(check).digest('hex')
  return { ...fields, hash }
}
const signedQuery = (user: Record<string, string | number>, token = BOT.botToken) => new URLSearchParams(signedResult(user, token)).toString()

async function emailUser(email: string): Promise<Page> {
  const page = await browser.newPage()
  await page.goto(`${stack.demoUrl}/`)
  await waitForHostEvent(page, 'auth-ready')
  await page.locator('#login').click()
  await submitEmail(page, email)
  await typeCode(page, await stack.nextCode(email))
  await waitForHostEvent(page, 'modal-close')
  return page
}

/** Starts linkTelegram() from the page; the outcome lands in window.linkResult. */
async function startLink(page: Page) {
  await page.evaluate(() => {
    const w = window as any
    w.linkResult = 'pending'
    ;(document.querySelector('auth-modal') as any).linkTelegram().then(
      (u: any) =>
        (w.linkResult = u.linkedAccounts
          .map((a: any) => a.type)
          .sort()
          .join(',')),
      (e: any) => (w.linkResult = `error:${e.code}`),
    )
  })
}
const linkResult = async (page: Page) =>
  (await page.waitForFunction(() => (window as any).linkResult !== 'pending' && (window as any).linkResult, null, { timeout: 15_000 })).jsonValue()

describe('telegram', () => {
  it('a redirect result in the query string logs in, and its parameters are removed from the page URL', async () => {
    const page = await browser.newPage()
    await page.goto(`${stack.demoUrl}/?keep=1&${signedQuery({ id: 5550001, first_name: 'Tele', username: 'tele_user' })}`)
    const success = await waitForHostEvent(page, 'auth-success')
    expect(success.detail.loginMethod).toBe('telegram')
    expect(success.detail.user.linkedAccounts[0]).toMatchObject({ type: 'telegram', telegramUserId: '5550001', username: 'tele_user' })
    await modal(page).getByText('Successfully connected with Telegram').waitFor()
    await expectNoAxeViolations(page, 'Telegram success')
    expect(new URL(page.url()).search).toBe('?keep=1')
    await page.close()
  })

  it('error: a result signed with another bot token shows "Authentication failed" / "Something went wrong. Try again." with Retry', async () => {
    const page = await browser.newPage()
    await page.goto(`${stack.demoUrl}/?${signedQuery({ id: 5550002, first_name: 'Mallory' }, '1:not-our-bot')}`)
    await modal(page).getByText('Something went wrong. Try again.').waitFor()
    await modal(page).getByText('Authentication failed').waitFor()
    await modal(page).getByRole('button', { name: 'Retry' }).waitFor()
    await expectNoAxeViolations(page, 'Telegram authentication failed')
    expect(await page.evaluate(() => document.querySelector('auth-modal')!.user)).toBeNull()
    expect(new URL(page.url()).search).toBe('')
    await page.close()
  })

  it('the Telegram entry injects the login widget script with the bot username', async () => {
    const page = await browser.newPage()
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.evaluate(() => document.querySelector('auth-modal')!.open())
    await modal(page).getByRole('button', { name: 'Telegram' }).click()
    await modal(page).getByText('Log in with Telegram').waitFor()
    const script = await page.waitForFunction(() => {
      const s = document.querySelector('auth-modal')!.shadowRoot!.querySelector('script[data-telegram-login]') as HTMLScriptElement | null
      return s && { src: s.src, bot: s.dataset.telegramLogin, authUrl: s.dataset.authUrl }
    })
    await expectNoAxeViolations(page, 'Log in with Telegram')
    expect(await script.jsonValue()).toMatchObject({
      src: 'https://telegram.org/js/telegram-widget.js?22',
      bot: 'gatehouse_e2e_bot',
      authUrl: `${stack.demoUrl}/`,
    })
    await page.close()
  })
  it('the Telegram button stays disabled for 2 s after a click, also when the user comes straight back', async () => {
    const page = await browser.newPage()
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.evaluate(() => document.querySelector('auth-modal')!.open())
    const button = modal(page).locator('button[data-method=telegram]')
    await button.click()
    const clickedAt = Date.now()
    await modal(page).getByText('Log in with Telegram').waitFor()
    await modal(page).locator('[part=back-button]').click()
    await button.waitFor()
    expect(await button.isDisabled()).toBe(true)
    await page.waitForFunction(
      () => !(document.querySelector('auth-modal')!.shadowRoot!.querySelector('button[data-method=telegram]') as HTMLButtonElement).disabled,
      null,
      { timeout: 5000 },
    )
    const elapsed = Date.now() - clickedAt
    expect(elapsed).toBeGreaterThanOrEqual(1500)
    expect(elapsed).toBeLessThan(4000)
    await page.close()
  })

  it('error: repeated logins of one Telegram account past the server limit show "Request limit reached for Telegram. Please wait a moment and try again."', async () => {
    const page = await browser.newPage()
    const limited = { id: 5550009, first_name: 'Replay' }
    // The server allows 10 per account and window (GATEHOUSE_RATE_LIMIT_TELEGRAM_ACCOUNT default).
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${stack.apiUrl}/api/v1/telegram/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'privy-app-id': appId },
        body: JSON.stringify({ telegram_auth_result: signedResult(limited) }),
      })
      expect(res.status).toBe(200)
    }
    await page.goto(`${stack.demoUrl}/?${signedQuery(limited)}`)
    await modal(page).getByText('Request limit reached for Telegram. Please wait a moment and try again.').waitFor()
    await modal(page).getByText('Authentication failed').waitFor()
    await page.close()
  })
})

describe('telegram from a host method', () => {
  it("login({ method: 'telegram' }) uses the callback mode; a cancelled widget says so, the next signed result logs in and resolves", async () => {
    const page = await browser.newPage()
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.evaluate(() => {
      const w = window as any
      w.loginResult = 'pending'
      ;(document.querySelector('auth-modal') as any).login({ method: 'telegram' }).then(
        (u: any) => (w.loginResult = u.linkedAccounts[0].type),
        (e: any) => (w.loginResult = `error:${e.code}`),
      )
    })
    await page.waitForFunction(() => typeof (window as any).__gatehouseTelegramAuth === 'function')
    // Telegram calls back with false when the user closes its window without confirming.
    await page.evaluate(() => (window as any).__gatehouseTelegramAuth(false))
    await modal(page).getByText('Something went wrong. Try again.').waitFor()
    await page.evaluate((user) => (window as any).__gatehouseTelegramAuth(user), signedResult({ id: 5550200, first_name: 'Host', username: 'host_login' }))
    const result = await page.waitForFunction(() => (window as any).loginResult !== 'pending' && (window as any).loginResult, null, { timeout: 15_000 })
    expect(await result.jsonValue()).toBe('telegram')
    expect((await waitForHostEvent(page, 'auth-success')).detail.loginMethod).toBe('telegram')
    await page.close()
  })
})

describe('telegram link', () => {
  it('linkTelegram() shows the widget in callback mode; its signed result links; resolves, link-success; unlinkTelegram() removes it', async () => {
    const page = await emailUser('tg.link@example.com')
    await startLink(page)
    await modal(page).locator('[data-screen=telegram-status]').waitFor()
    const script = await page.waitForFunction(() => {
      const s = document.querySelector('auth-modal')!.shadowRoot!.querySelector('script[data-telegram-login]') as HTMLScriptElement | null
      return s && { onauth: s.dataset.onauth ?? null, authUrl: s.dataset.authUrl ?? null }
    })
    expect(await script.jsonValue()).toEqual({ onauth: '__gatehouseTelegramAuth(user)', authUrl: null })
    await expectNoAxeViolations(page, 'Telegram link')
    // What Telegram's widget does once the user confirms in its popup: evaluate data-onauth with the signed user.
    await page.evaluate((user) => (window as any).__gatehouseTelegramAuth(user), signedResult({ id: 5550100, first_name: 'Linker', username: 'tg_linker' }))
    expect(await linkResult(page)).toBe('email,telegram')
    const linked = await waitForHostEvent(page, 'link-success')
    expect(linked.detail).toMatchObject({ linkMethod: 'telegram', linkedAccount: { type: 'telegram', telegramUserId: '5550100', username: 'tg_linker' } })
    await modal(page).getByText('Successfully connected with Telegram').waitFor()

    const after = await page.evaluate(async () =>
      (await (document.querySelector('auth-modal') as any).unlinkTelegram('5550100')).linkedAccounts.map((a: any) => a.type),
    )
    expect(after).toEqual(['email'])
    const unlinked = await waitForHostEvent(page, 'unlink-success')
    expect(unlinked.detail).toMatchObject({ unlinkMethod: 'telegram', linkedAccount: { telegramUserId: '5550100' } })
    await page.close()
  })

  it('error: closing the modal during linkTelegram() rejects with USER_EXITED_LINK_FLOW; signed out it rejects with MUST_BE_AUTHENTICATED', async () => {
    const page = await emailUser('tg.exit@example.com')
    await startLink(page)
    await modal(page).locator('[data-screen=telegram-status]').waitFor()
    await page.evaluate(() => document.querySelector('auth-modal')!.close())
    expect(await linkResult(page)).toBe('error:USER_EXITED_LINK_FLOW')
    await page.evaluate(() => document.querySelector('auth-modal')!.logout())
    await startLink(page)
    expect(await linkResult(page)).toBe('error:MUST_BE_AUTHENTICATED')
    await page.close()
  })
})
