/**
 * `npm run screenshots` (after the widget's gallery, run.ts): the operator console's main pages
 * pictured for the README (docs/screenshots/console-*.png, committed), from the real stack
 * (test/stack.ts) in headless Chromium. It logs in as the e2e tests do (the one-time link, then the
 * console's `<auth-modal>`), fills an app with what the pages show (users from an import and a
 * sign-up on the demo page, a webhook to a receiver here with its deliveries, an app secret, an operator), and
 * takes each page at 1280 px in light mode (every page of the router: shots.ts CONSOLE_SHOTS), and
 * analytics on a 390 px phone in dark mode.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { launchBrowser } from '../browser.ts'
import { enrollTotp, verifyTotp } from '../e2e/console-helpers.ts'
import { submitEmail, typeCode, waitForHostEvent } from '../e2e/helpers.ts'
import { startStack } from '../stack.ts'
import { CONSOLE_SHOTS } from './shots.ts'

const dir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url))
const started = performance.now()
const log = (line: string) => console.log(`  ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s  ${line}`)

const receiver = createServer((request, response) => {
  request.resume()
  request.on('end', () => response.writeHead(204).end())
})
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/gatehouse`

const [stack, browser] = await Promise.all([startStack({ env: { GATEHOUSE_WEBHOOK_POLL_MS: '200' } }), launchBrowser()])
const { id: appId } = await stack.createApp({
  name: 'Acme Shop',
  loginMethods: { email: true, sms: true },
  accentColor: '#3451d1',
  embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
  chains: [{ id: 8453 }],
})
const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${stack.apiUrl}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${stack.adminToken}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  }).then(async (r) => {
    if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`)
    return r.json() as Promise<Record<string, unknown>>
  })

// The app's contents: a webhook first (so the sign-ups below are delivered), users, a secret, an operator.
await api(`/apps/${appId}/webhooks`, { method: 'POST', body: { url: hookUrl, description: 'Backend', events: ['user.created', 'user.authenticated'] } })
await api(`/apps/${appId}/users/import`, {
  method: 'POST',
  body: {
    users: ['ada', 'grace', 'alan', 'katherine', 'edsger'].map((name) => ({ linked_accounts: [{ type: 'email', address: `${name}@example.com` }] })),
  },
})
await api(`/admin/apps/${appId}/secrets`, { method: 'POST' })
await api(`/admin/apps/${appId}/operators`, { method: 'POST', body: { email: 'viewer@example.com', role: 'viewer' } })
const demo = await (await browser.newContext()).newPage()
const demoEmail = 'barbara@example.com'
await demo.goto(`${stack.demoUrl}/`)
await waitForHostEvent(demo, 'auth-ready')
await demo.locator('#login').click()
await submitEmail(demo, demoEmail)
await typeCode(demo, await stack.nextCode(demoEmail))
await waitForHostEvent(demo, 'auth-success')
await waitForHostEvent(demo, 'wallet-created', { timeout: 60000 })
log('app filled')

/** A console tab: the first opens the one-time link (it gives the tab the admin token), later ones are handed that token. */
let adminToken: string | null = null
async function consolePage(options: { width: number; height: number; dark: boolean }): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: options.width, height: options.height }, colorScheme: options.dark ? 'dark' : 'light' })
  if (adminToken) {
    await page.addInitScript((token) => sessionStorage.setItem('gatehouse-console-admin-token', token), adminToken)
    await page.goto(`${stack.apiUrl}/console/#/apps`)
  } else {
    const { link } = JSON.parse(readFileSync(join(stack.stateDir, 'console-link.json'), 'utf8')) as { link: string }
    await page.goto(link)
  }
  const email = 'operator@example.com'
  await submitEmail(page, email)
  await typeCode(page, await stack.nextCode(email))
  await page.getByRole('heading', { level: 1, name: 'Apps' }).waitFor()
  adminToken ??= await page.evaluate(() => sessionStorage.getItem('gatehouse-console-admin-token'))
  return page
}

const page = await consolePage({ width: 1280, height: 860, dark: false })
const go = (hash: string) => page.evaluate((h) => (location.hash = h), hash)
async function shoot(target: Page, name: string) {
  await target.mouse.move(0, 0)
  await target.screenshot({ path: join(dir, `${name}.png`) })
  log(`${name}.png`)
}

await page.getByRole('region', { name: 'Apps', exact: true }).getByRole('link', { name: 'Acme Shop' }).waitFor()
await shoot(page, CONSOLE_SHOTS.apps)

await go(`#/apps/${appId}/settings`)
await page.getByRole('heading', { level: 1, name: /Settings of Acme Shop/ }).waitFor()
await page.frameLocator('iframe[title="Live preview of the login modal"]').locator('auth-modal').getByRole('button', { name: 'Continue with SMS' }).waitFor()
await shoot(page, CONSOLE_SHOTS.settings)

await go(`#/apps/${appId}/users`)
await page.getByRole('region', { name: 'Users', exact: true }).waitFor()
await shoot(page, CONSOLE_SHOTS.users)

await page.getByRole('region', { name: 'Users', exact: true }).getByRole('link', { name: demoEmail }).click()
await page.getByRole('region', { name: 'Live sessions' }).waitFor()
await page.getByRole('region', { name: 'Sessions', exact: true }).scrollIntoViewIfNeeded()
await shoot(page, CONSOLE_SHOTS.user)

await go(`#/apps/${appId}/webhooks`)
const endpoint = page.getByRole('article', { name: hookUrl })
await endpoint.getByRole('button', { name: 'Send test' }).click()
await endpoint.getByRole('status').filter({ hasText: 'Test delivered' }).waitFor()
await endpoint.getByRole('button', { name: 'Show deliveries' }).click()
await endpoint.getByRole('row').filter({ hasText: 'user.created' }).filter({ hasText: 'Delivered' }).first().waitFor({ timeout: 30000 })
await endpoint.scrollIntoViewIfNeeded()
await shoot(page, CONSOLE_SHOTS.webhooks)

await go(`#/apps/${appId}/audit`)
await page.getByRole('region', { name: 'Audit log entries' }).waitFor()
await shoot(page, CONSOLE_SHOTS.audit)

await go(`#/apps/${appId}/analytics`)
await page.getByRole('button', { name: 'Last 7 days' }).click()
await page.locator('.chart canvas').first().waitFor()
await shoot(page, CONSOLE_SHOTS.analytics)

await go(`#/apps/${appId}/operators`)
await page.getByRole('heading', { level: 1, name: 'Operators' }).waitFor()
await page.getByRole('region', { name: 'Operators', exact: true }).waitFor()
await shoot(page, CONSOLE_SHOTS.operators)

await go(`#/apps/${appId}/secrets`)
// App secrets ask for an owner's second factor: the widget's enrollment (an authenticator app), then its next code.
await verifyTotp(page, await enrollTotp(page))
await page.getByRole('region', { name: 'App secrets', exact: true }).waitFor()
await page.getByRole('button', { name: 'Create secret' }).click()
await page.getByRole('region', { name: 'New app secret' }).waitFor()
await shoot(page, CONSOLE_SHOTS.secrets)

const phone = await consolePage({ width: 390, height: 844, dark: true })
await phone.evaluate((h) => (location.hash = h), `#/apps/${appId}/analytics`)
await phone.getByRole('button', { name: 'Last 7 days' }).click()
await phone.locator('.chart canvas').first().waitFor()
await shoot(phone, 'console-analytics-dark-phone')

await browser.close()
receiver.close()
process.exit(0)
