/**
 * The host contract on the Angular demo page (demo/angular, built by `npm run build`): the same tags
 * in an Angular template with CUSTOM_ELEMENTS_SCHEMA. Log in by e-mail code, Angular's own
 * `(auth-success)` handler records the event, sign through the page's `<sign-prompt>`, a reload keeps
 * the session, log out. Written as the shared host body (one entry per page path) so the other
 * framework pages join it with one line.
 */
import type { Browser } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { eventCount, modal, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'
import { prompt, wallets } from './wallet-helpers.ts'

const MESSAGE = 'Hello from the Gatehouse demo'

describe.each(['/angular/'])('the host contract on the %s demo page', (path) => {
  let stack: Stack
  let browser: Browser

  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
    await stack.createApp({ name: 'Host Page', embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } } })
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  it("logs in by e-mail code, the framework's handler gets auth-success, signs, keeps the session over a reload, logs out", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${stack.demoUrl}${path}`)
    expect((await waitForHostEvent(page, 'auth-ready')).detail.authenticated).toBe(false)
    expect(await page.getByTestId('user').textContent()).toBe('null')
    // <fund-button> is bound to the user's wallet: no wallet, no address and disabled (a property).
    const fund = page.locator('fund-button')
    expect(await fund.evaluate((el: HTMLElementTagNameMap['fund-button']) => [el.getAttribute('address'), el.disabled])).toEqual([null, true])

    // Log in: the handler bound in the framework's template records auth-success and renders the user.
    const email = `host${path.replaceAll('/', '')}@example.com`
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    await submitEmail(page, email)
    await typeCode(page, await stack.nextCode(email))
    const success = await waitForHostEvent(page, 'auth-success')
    expect(success.detail.user.email.address).toBe(email)
    await expect.poll(() => page.getByTestId('user').textContent()).toContain(email)
    await expect.poll(() => page.getByTestId('event-log').textContent()).toContain('auth-success')
    await waitForHostEvent(page, 'wallet-created', { timeout: 30000 })
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    const [wallet] = await wallets(page)
    await expect.poll(() => page.getByTestId('wallets').textContent()).toContain(wallet!.address)
    await expect
      .poll(() => fund.evaluate((el: HTMLElementTagNameMap['fund-button']) => [el.getAttribute('address'), el.disabled]))
      .toEqual([wallet!.address, false])

    // Sign through the page's <sign-prompt>: the page shows the signature, and it is the wallet's.
    const before = await eventCount(page)
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await prompt(page).getByText(MESSAGE).waitFor()
    await prompt(page).getByRole('button', { name: 'Sign and continue' }).click()
    await waitForHostEvent(page, 'sign-success', { after: before, timeout: 60000 })
    await expect.poll(() => page.getByTestId('signature').textContent(), { timeout: 15000 }).toMatch(/^personal_sign: 0x[0-9a-f]{130}$/)
    const signature = (await page.getByTestId('signature').textContent())!.slice('personal_sign: '.length) as `0x${string}`
    expect(await verifyMessage({ address: wallet!.address as `0x${string}`, message: MESSAGE, signature })).toBe(true)

    // A reload keeps the session: the new page's auth-ready says so and the user is rendered again.
    await page.reload()
    expect((await waitForHostEvent(page, 'auth-ready')).detail.authenticated).toBe(true)
    await expect.poll(() => page.getByTestId('user').textContent()).toContain(email)

    // Log out: the logout event, no user; a reload stays logged out.
    const beforeLogout = await eventCount(page)
    await page.getByRole('button', { name: 'Log out', exact: true }).click()
    await waitForHostEvent(page, 'logout', { after: beforeLogout })
    await expect.poll(() => page.getByTestId('user').textContent()).toBe('null')
    await page.reload()
    expect((await waitForHostEvent(page, 'auth-ready')).detail.authenticated).toBe(false)
    await context.close()
  })

  it("error: a wrong code is refused, the framework's handler gets auth-error and no auth-success", async () => {
    const page = await (await browser.newContext()).newPage()
    await page.goto(`${stack.demoUrl}${path}`)
    await waitForHostEvent(page, 'auth-ready')
    const email = `wrong${path.replaceAll('/', '')}@example.com`
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    await submitEmail(page, email)
    const code = await stack.nextCode(email)
    await typeCode(page, code === '000000' ? '111111' : '000000')
    await modal(page).getByText('Invalid or expired verification code').waitFor({ timeout: 15000 })
    expect((await waitForHostEvent(page, 'auth-error')).detail.message).toBe('Invalid or expired verification code')
    await expect.poll(() => page.getByTestId('event-log').textContent()).toContain('auth-error')
    expect(await page.evaluate(() => window.gatehouseEvents.some((e) => e.type === 'auth-success'))).toBe(false)
    expect(await page.getByTestId('user').textContent()).toBe('null')
  })
})
