/**
 * The spine, end to end: the plain HTML demo page in headless Chromium, the real server on a fresh
 * database (SQLite, then PostgreSQL), the code delivered over real SMTP.
 */
import { createRemoteJWKSet, jwtVerify } from 'jose'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { POSTGRES_SKIP_MESSAGE, postgresAvailable } from '../postgres.ts'
import { startStack, type Database, type Stack } from '../stack.ts'
import { eventCount, modal, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'

const databases: { name: string; database: Database; available: boolean }[] = [
  { name: 'SQLite', database: 'sqlite', available: true },
  { name: 'PostgreSQL', database: 'postgres', available: postgresAvailable() },
]

for (const { name, database, available } of databases) {
  if (!available) console.warn(POSTGRES_SKIP_MESSAGE)
  describe.skipIf(!available)(`e-mail code login through the demo page (${name})`, () => {
    let stack: Stack
    let browser: Browser
    let appId: string

    beforeAll(async () => {
      ;[stack, browser] = await Promise.all([startStack({ database }), launchBrowser()])
      appId = (await stack.createApp({ name: 'Demo Host' })).id
    })
    afterAll(async () => {
      await browser?.close()
      await stack?.stop()
    })

    it('logs a new user in, keeps the session across a reload, and logs out', async () => {
      const page = await browser.newPage()
      await page.goto(`${stack.demoUrl}/`)
      const ready = await waitForHostEvent(page, 'auth-ready')
      expect(ready.detail.authenticated).toBe(false)

      await page.locator('#login').click()
      await waitForHostEvent(page, 'modal-open')
      await modal(page).getByText('Log in or sign up').waitFor()

      const email = `ada.${database}@example.com`
      await submitEmail(page, email)
      const code = await stack.nextCode(email)
      expect(code).toMatch(/^\d{6}$/)
      await typeCode(page, code)

      const success = await waitForHostEvent(page, 'auth-success')
      expect(success.detail.isNewUser).toBe(true)
      expect(success.detail.loginMethod).toBe('email')
      expect(success.detail.user.email.address).toBe(email)
      expect(success.detail.user.linkedAccounts).toEqual([expect.objectContaining({ type: 'email', address: email })])
      await waitForHostEvent(page, 'modal-close')
      await expect.poll(() => page.locator('#user').textContent()).toContain(email)

      // A host backend verifies the access token with the published JWKS.
      const token = await page.evaluate(() => document.querySelector('auth-modal')!.getAccessToken())
      const jwks = createRemoteJWKSet(new URL(`${stack.apiUrl}/api/v1/apps/${appId}/jwks.json`))
      const { payload } = await jwtVerify(token!, jwks, { audience: appId })
      expect(payload.sub).toBe(success.detail.user.id)

      // The session survives a reload: the page learns it from auth-ready without logging in again.
      await page.reload()
      const restored = await waitForHostEvent(page, 'auth-ready')
      expect(restored.detail.authenticated).toBe(true)
      expect(restored.detail.user.email.address).toBe(email)
      expect(await page.evaluate(() => document.querySelector('auth-modal')!.authenticated)).toBe(true)

      const before = await eventCount(page)
      await page.locator('#logout').click()
      await waitForHostEvent(page, 'logout', { after: before })
      await expect.poll(() => page.locator('#user').textContent()).toBe('null')

      await page.reload()
      expect((await waitForHostEvent(page, 'auth-ready')).detail.authenticated).toBe(false)

      // Logging in again is the same user, no longer new.
      await page.locator('#login').click()
      await submitEmail(page, email)
      await typeCode(page, await stack.nextCode(email))
      const again = await waitForHostEvent(page, 'auth-success')
      expect(again.detail.isNewUser).toBe(false)
      expect(again.detail.user.id).toBe(success.detail.user.id)
      await page.close()
    })
  })
}
