/**
 * Telegram end to end: the widget's redirect result arriving in the demo page's query string is
 * read, removed from the address bar and verified by the real server (Telegram's HMAC with the
 * app's bot token); the landing entry injects the widget script with the bot username. The
 * telegram.org script itself cannot load here, so the test signs results as Telegram does.
 */
import { createHash, createHmac } from 'node:crypto'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { modal, waitForHostEvent } from './helpers.ts'

const BOT = { botToken: '424242:AAE-e2e_token_for_gatehouse', botUsername: 'gatehouse_e2e_bot' }
let stack: Stack
let browser: Browser

beforeAll(async () => {
  ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
  await stack.createApp({ name: 'Telegram', loginMethods: { email: true, telegram: true }, telegram: BOT })
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
}, 60_000)

function signedQuery(user: Record<string, string | number>, token = BOT.botToken) {
  const fields: Record<string, string> = Object.fromEntries(Object.entries({ ...user, auth_date: Math.floor(Date.now() / 1000) }).map(([k, v]) => [k, String(v)]))
  const check = Object.keys(fields).sort().map((k) => `${k}=${fields[k]}`).join('\n')
  const hash = createHmac('sha256', createHash('sha256').update(token).digest()).update(check).digest('hex')
  return new URLSearchParams({ ...fields, hash }).toString()
}

describe('telegram', () => {
  it('a redirect result in the query string logs in, and its parameters are removed from the page URL', async () => {
    const page = await browser.newPage()
    await page.goto(`${stack.demoUrl}/?keep=1&${signedQuery({ id: 5550001, first_name: 'Tele', username: 'tele_user' })}`)
    const success = await waitForHostEvent(page, 'auth-success')
    expect(success.detail.loginMethod).toBe('telegram')
    expect(success.detail.user.linkedAccounts[0]).toMatchObject({ type: 'telegram', telegramUserId: '5550001', username: 'tele_user' })
    await modal(page).getByText('Successfully connected with Telegram').waitFor()
    expect(new URL(page.url()).search).toBe('?keep=1')
    await page.close()
  })

  it('error: a result signed with another bot token shows "Authentication failed" / "Something went wrong. Try again." with Retry', async () => {
    const page = await browser.newPage()
    await page.goto(`${stack.demoUrl}/?${signedQuery({ id: 5550002, first_name: 'Mallory' }, '1:not-our-bot')}`)
    await modal(page).getByText('Something went wrong. Try again.').waitFor()
    await modal(page).getByText('Authentication failed').waitFor()
    await modal(page).getByRole('button', { name: 'Retry' }).waitFor()
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
    expect(await script.jsonValue()).toMatchObject({ src: 'https://telegram.org/js/telegram-widget.js?22', bot: 'gatehouse_e2e_bot', authUrl: `${stack.demoUrl}/` })
    await page.close()
  })
})
