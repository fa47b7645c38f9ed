/**
 * Every host page the product promises, driven by one test body: the plain HTML page and the Vue,
 * Svelte, React and Angular apps, each mounting the same tags its
 * framework's way (demo/). Log in by e-mail code (pasted), the framework's own handler receives
 * auth-success, sign a message through the page's <sign-prompt>, reload keeps the session, log
 * out. One server stack and one browser for all of them; one browser context per host.
 */
import type { Browser } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { eventCount, modal, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'
import { prompt } from './wallet-helpers.ts'

const MESSAGE = 'Hello from the Gatehouse demo'

/** The host pages, each served by demo/serve.mjs (`npm start`) at its path. */
const HOSTS = [
  { name: 'plain HTML', path: '/' },
  { name: 'Vue 3', path: '/vue/' },
  { name: 'Svelte 5', path: '/svelte/' },
  { name: 'React 19', path: '/react/' },
  { name: 'Angular 21', path: '/angular/' },
]

describe('the same tags in every host page', () => {
  let stack: Stack
  let browser: Browser

  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
    await stack.createApp({ name: 'Host Pages', embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } } })
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  it('the framework apps are served from their builds, never from their sources', async () => {
    for (const name of ['svelte', 'react']) {
      const bare = await fetch(`${stack.demoUrl}/${name}`, { redirect: 'manual' })
      expect([bare.status, bare.headers.get('location')]).toEqual([301, `/${name}/`])
      const page = await (await fetch(`${stack.demoUrl}/${name}/`)).text()
      expect(page).toMatch(new RegExp(`<script type="module" crossorigin src="/${name}/assets/index-[\\w-]+\\.js">`))
      expect(page).not.toContain('%APP_ID%')
      expect((await fetch(`${stack.demoUrl}/${name}/package.json`)).status).toBe(404)
      expect((await fetch(`${stack.demoUrl}/${name}/src/main.ts${name === 'react' ? 'x' : ''}`)).status).toBe(404)
    }
    // Angular's application builder: its own script naming, the app id in a <meta> filled at serve time.
    const bare = await fetch(`${stack.demoUrl}/angular`, { redirect: 'manual' })
    expect([bare.status, bare.headers.get('location')]).toEqual([301, '/angular/'])
    const angular = await (await fetch(`${stack.demoUrl}/angular/`)).text()
    expect(angular).toMatch(/<script src="main-[A-Z0-9]+\.js" type="module">/)
    expect(angular).not.toContain('%APP_ID%')
    expect((await fetch(`${stack.demoUrl}/angular/src/main.ts`)).status).toBe(404)
    expect((await fetch(`${stack.demoUrl}/angular/angular.json`)).status).toBe(404)
  })

  it.each(HOSTS)(
    '$name ($path): e-mail login reaches the page’s own handler, a message is signed, a reload keeps the session, logout ends it',
    async ({ path }) => {
      const context = await browser.newContext()
      await context.grantPermissions(['clipboard-read', 'clipboard-write'])
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(`${stack.demoUrl}${path}`)
      expect((await waitForHostEvent(page, 'auth-ready')).detail.authenticated).toBe(false)
      await expect.poll(() => page.getByTestId('user').textContent()).toBe('null')

      // Log in by e-mail code: the page's handler records auth-success and renders the user.
      await page.getByRole('button', { name: 'Log in', exact: true }).click()
      const email = `host${path.replaceAll('/', '.')}user@example.com`
      await submitEmail(page, email)
      // Paste the whole code into the first box, as users do from their mail app.
      await page.evaluate((text) => navigator.clipboard.writeText(text), await stack.nextCode(email))
      await modal(page).getByRole('textbox', { name: 'Digit 1' }).focus()
      await page.keyboard.press('Control+V')
      const success = await waitForHostEvent(page, 'auth-success')
      expect(success.detail.user.email.address).toBe(email)
      await expect.poll(() => page.getByTestId('user').textContent()).toContain(email)
      await expect.poll(() => page.getByTestId('event-log').textContent()).toContain('auth-success')
      const created = await waitForHostEvent(page, 'wallet-created', { timeout: 30000 })
      const address = created.detail.wallet.address as `0x${string}`
      await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
      // <fund-button> is bound to the new wallet's address from the page's state.
      await expect.poll(() => page.locator('fund-button').getAttribute('address')).toBe(address)

      // Sign through the page's <sign-prompt>: the signature the page shows is the wallet's.
      const before = await eventCount(page)
      await page.getByRole('button', { name: 'Sign a message' }).click()
      await prompt(page).getByRole('button', { name: 'Sign and continue' }).click()
      const signed = await waitForHostEvent(page, 'sign-success', { after: before, timeout: 60000 })
      await expect.poll(() => page.getByTestId('signature').textContent()).toBe(`personal_sign: ${signed.detail.signature}`)
      expect(await verifyMessage({ address, message: MESSAGE, signature: signed.detail.signature })).toBe(true)

      // A reload keeps the session: the page starts authenticated, with the same user and wallet.
      await page.reload()
      expect((await waitForHostEvent(page, 'auth-ready')).detail.authenticated).toBe(true)
      await expect.poll(() => page.getByTestId('user').textContent()).toContain(email)
      await expect.poll(() => page.locator('fund-button').getAttribute('address')).toBe(address)

      // Log out: the handler hears it and the page forgets the user.
      await page.getByRole('button', { name: 'Log out', exact: true }).click()
      await waitForHostEvent(page, 'logout')
      await expect.poll(() => page.getByTestId('user').textContent()).toBe('null')
      expect(errors).toEqual([])
      await context.close()
    },
  )

  it("error: Angular (/angular/): a wrong code is refused, the framework's handler gets auth-error and no auth-success", async () => {
    const path = '/angular/'
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
