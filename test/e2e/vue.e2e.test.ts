/** The same tag inside a Vue 3 template, with no wrapper: the login works the same. */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { modal, submitEmail, waitForHostEvent } from './helpers.ts'

describe('e-mail code login on the Vue 3 demo page', () => {
  let stack: Stack
  let browser: Browser

  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
    await stack.createApp({ name: 'Vue Host' })
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  it('logs in with a pasted code and Vue renders the user from the event', async () => {
    const context = await browser.newContext()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const page = await context.newPage()
    await page.goto(`${stack.demoUrl}/vue/`)
    expect((await waitForHostEvent(page, 'auth-ready')).detail.authenticated).toBe(false)

    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    const email = 'grace@example.com'
    await submitEmail(page, email)
    const code = await stack.nextCode(email)

    // Paste the whole code into the first box, as users do from their mail app.
    await page.evaluate((text) => navigator.clipboard.writeText(text), code)
    await modal(page).getByRole('textbox', { name: 'Digit 1' }).focus()
    await page.keyboard.press('Control+V')

    const success = await waitForHostEvent(page, 'auth-success')
    expect(success.detail.user.email.address).toBe(email)
    await expect.poll(() => page.getByTestId('user').textContent()).toContain(email)
    await expect.poll(() => page.getByTestId('event-log').textContent()).toContain('auth-success')
    await context.close()
  })
})
