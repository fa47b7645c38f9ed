/**
 * The operator console's pages in Chromium against the real server (issue #28), at 390 px wide in
 * dark mode, logged in as console.e2e.test.ts does (the one-time link `npm start` prints, then the
 * console's `<auth-modal>`): settings turn on SMS and Google with a client id and secret (the
 * preview, then the demo landing, show both) and the preview follows each keystroke of the accent
 * colour; cloud recovery (Google Drive, iCloud) is set in its own form and kept over a reload; a webhook to a receiver in this test gets a new sign-up's `user.created`, verified with the
 * Standard Webhooks library and listed in the delivery log; the demo user is found by e-mail and
 * their sessions revoked, and the open demo page logs itself out within a minute; users are imported from a JSON lines
 * file; an app secret is created (shown once), used and revoked; analytics draws its charts with a
 * table beside them; the audit log lists each change and exports it. axe checks every page.
 */
import { readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { enrollTotp, verifyTotp } from './console-helpers.ts'
import { eventCount, modal, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'

interface Received {
  body: string
  headers: IncomingHttpHeaders
}

/** A webhook receiver: answers 204 and keeps every request. */
async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers })
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/gatehouse`, received, server }
}

const typeOf = (r: Received) => (JSON.parse(r.body) as { type: string }).type

describe('the operator console pages', () => {
  let stack: Stack
  let browser: Browser
  let page: Page
  let demo: Page
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let appId: string
  /** The owner's authenticator app, enrolled at login. */
  let totpSecret = ''
  const demoEmail = 'grace@example.com'
  const nav = () => page.getByRole('navigation', { name: 'Main' })

  beforeAll(async () => {
    // A server of this file's own (fresh one-time console link), delivering webhooks without delay.
    ;[stack, browser, receiver] = await Promise.all([startStack({ env: { GATEHOUSE_WEBHOOK_POLL_MS: '200' } }), launchBrowser(), startReceiver()])
    page = await browser.newPage({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' })
    demo = await (await browser.newContext()).newPage()
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    receiver?.server.close()
  })

  it('logs in and opens an app', async () => {
    const { link } = JSON.parse(readFileSync(join(stack.stateDir, 'console-link.json'), 'utf8')) as { link: string }
    await page.goto(link)
    const email = 'pages.operator@example.com'
    await submitEmail(page, email)
    await typeCode(page, await stack.nextCode(email))
    await page.getByRole('heading', { level: 1, name: 'Apps' }).waitFor()
    // The first owner turns on two-step verification right away, as the console's notice asks
    // (owner-only changes, such as app secrets, need it; the first factor is added soon after login).
    await page.getByRole('button', { name: 'Set up two-step verification' }).click()
    totpSecret = await enrollTotp(page)
    await expect.poll(() => page.getByRole('heading', { name: 'Turn on two-step verification' }).count()).toBe(0)
    // The demo landing serves the app created last.
    appId = (await stack.createApp({ name: 'Console Pages', loginMethods: { email: true } })).id
    await page.evaluate((id) => (location.hash = `#/apps/${id}/settings`), appId)
    await page.getByRole('heading', { level: 1, name: /Settings of Console Pages/ }).waitFor()
    for (const name of ['Settings', 'Users', 'Webhooks', 'Audit log', 'Analytics', 'App secrets'])
      await nav().getByRole('link', { name, exact: true }).waitFor()
  })

  it('turns on SMS and Google with a client id and secret: the preview, then the demo landing, show both; the preview follows each keystroke of the accent colour', async () => {
    const preview = page.frameLocator('iframe[title="Live preview of the login modal"]').locator('auth-modal')
    await preview.getByRole('textbox', { name: 'Email address' }).waitFor()
    const methods = page.getByRole('group', { name: 'Login methods' })
    await methods.getByRole('checkbox', { name: 'SMS', exact: true }).check()
    await methods.getByRole('checkbox', { name: 'Google', exact: true }).check()
    await page.locator('#field-oauth-google').fill(JSON.stringify({ clientId: 'console-e2e.apps.googleusercontent.com', clientSecret: 'console-e2e-secret' }))
    await preview.getByRole('button', { name: 'Continue with SMS' }).waitFor()
    await preview.locator('button[data-method=google]').waitFor()

    const accent = page.getByRole('textbox', { name: 'Accent color', exact: true })
    await accent.fill('')
    for (const [typed, shown] of [
      ['#', null],
      ['1', null],
      ['7', null],
      ['a', '#17a'],
      ['b', null],
      ['4', null],
      ['2', '#17ab42'],
    ] as const) {
      await accent.press(typed)
      if (shown) await expect.poll(() => preview.getAttribute('accent-color')).toBe(shown)
    }
    await expectNoAxeViolations(page, 'settings with SMS and Google', '.settings-form')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()

    // The secret was saved but is never read back.
    const admin = (await (await fetch(`${stack.apiUrl}/api/v1/admin/apps/${appId}`, { headers: { authorization: `Bearer ${stack.adminToken}` } })).json()) as {
      oauth?: { google?: { clientId: string; clientSecret: string | null } }
    }
    expect(admin.oauth?.google?.clientId).toBe('console-e2e.apps.googleusercontent.com')
    expect(admin.oauth?.google?.clientSecret).not.toBe('console-e2e-secret')
    expect(admin.oauth?.google?.clientSecret).toBeTruthy()

    await demo.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(demo, 'auth-ready')
    await demo.locator('#login').click()
    await modal(demo).getByRole('button', { name: 'Continue with SMS' }).waitFor()
    await modal(demo).locator('button[data-method=google]').waitFor()
  })

  it('cloud recovery has its own form in the wallets group: Google Drive and iCloud are saved, kept over a reload with the secrets masked; a wrong container id and a masked token sent to a new container are refused on their fields', async () => {
    await page.evaluate((id) => (location.hash = `#/apps/${id}/settings`), appId)
    const group = page.getByRole('region', { name: 'Embedded wallets and recovery' })
    const icloud = group.getByRole('group', { name: "Offer 'Back up to Apple iCloud'" })
    const drive = group.getByRole('group', { name: "Offer 'Back up to Google Drive'" })
    await icloud.getByRole('checkbox', { name: "Offer 'Back up to Apple iCloud'" }).check()
    // Offered without its client: the schema's required fields say so, and Save waits.
    await icloud.locator('#field-recoveryOAuth-icloud-containerId-error').filter({ hasText: 'Required' }).waitFor()
    const container = icloud.getByRole('textbox', { name: 'CloudKit container ID' })
    await container.fill('com.example.gatehouse')
    await icloud.getByText("Must be the container's identifier, starting with 'iCloud.' (iCloud.com.example.app)").waitFor()
    expect(await container.getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true)
    await container.fill('iCloud.com.example.gatehouse')
    await icloud.getByLabel('CloudKit environment').selectOption('production')
    await icloud.getByLabel('CloudKit API token').fill('cloudkit-web-token-1234')
    expect(await icloud.getByLabel('CloudKit API token').getAttribute('type')).toBe('password')
    await drive.getByRole('checkbox', { name: "Offer 'Back up to Google Drive'" }).check()
    await drive.getByRole('textbox', { name: 'Client ID' }).fill('recovery.apps.googleusercontent.com')
    await drive.getByLabel('Client secret').fill('GOCSPX-recovery-secret')
    await expect.poll(() => group.locator('.field-error').count()).toBe(0)
    await expectNoAxeViolations(page, 'settings with cloud recovery', '.settings-form')
    await page.getByRole('button', { name: 'Save changes' }).click()
    const saved = page.getByRole('status').filter({ hasText: 'Saved.' })
    const refused = page.locator('.save-bar [role="alert"]')
    await saved.or(refused).first().waitFor()
    expect(await refused.count(), (await refused.allTextContents()).join(' ')).toBe(0)

    // Stored as typed, the secrets sealed and read back masked.
    const admin = (await (await fetch(`${stack.apiUrl}/api/v1/admin/apps/${appId}`, { headers: { authorization: `Bearer ${stack.adminToken}` } })).json()) as {
      recoveryOAuth: { 'google-drive': { clientId: string; clientSecret: string }; icloud: { containerId: string; environment: string; apiToken: string } }
    }
    expect(admin.recoveryOAuth.icloud).toMatchObject({ containerId: 'iCloud.com.example.gatehouse', environment: 'production' })
    expect(admin.recoveryOAuth.icloud.apiToken).not.toBe('cloudkit-web-token-1234')
    expect(admin.recoveryOAuth.icloud.apiToken).toMatch(/1234$/)
    expect(admin.recoveryOAuth['google-drive'].clientId).toBe('recovery.apps.googleusercontent.com')
    expect(admin.recoveryOAuth['google-drive'].clientSecret).not.toBe('GOCSPX-recovery-secret')

    // A reload shows what was kept; the secrets are set but never shown.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: /Settings of Console Pages/ }).waitFor()
    expect(await icloud.getByRole('checkbox', { name: "Offer 'Back up to Apple iCloud'" }).isChecked()).toBe(true)
    expect(await drive.getByRole('checkbox', { name: "Offer 'Back up to Google Drive'" }).isChecked()).toBe(true)
    expect(await container.inputValue()).toBe('iCloud.com.example.gatehouse')
    expect(await icloud.getByLabel('CloudKit environment').inputValue()).toBe('production')
    expect(await drive.getByRole('textbox', { name: 'Client ID' }).inputValue()).toBe('recovery.apps.googleusercontent.com')
    for (const secret of [icloud.getByLabel('CloudKit API token'), drive.getByLabel('Client secret')]) {
      expect(await secret.inputValue()).toBe('')
      expect(await secret.getAttribute('placeholder')).toBe('Set (hidden): type to replace')
    }

    // The schema allows a new container, but the server will not send the kept token to it: its refusal sits on the token.
    await container.fill('iCloud.com.example.other')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await icloud
      .locator('#field-recoveryOAuth-icloud-apiToken-error')
      .filter({ hasText: 'recoveryOAuth.icloud.apiToken is masked but recoveryOAuth.icloud.containerId changed' })
      .waitFor()
    expect(await icloud.getByLabel('CloudKit API token').getAttribute('aria-invalid')).toBe('true')
    await page.getByRole('button', { name: 'Discard' }).click()
    expect(await container.inputValue()).toBe('iCloud.com.example.gatehouse')
  })

  it('adds a webhook to a local receiver: a test send, then a new sign-up’s user.created arrives, verifies, and is in the delivery log', async () => {
    await nav().getByRole('link', { name: 'Webhooks', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor()
    await page.getByText('No endpoint yet: add one above.').waitFor()
    await expectNoAxeViolations(page, 'webhooks (empty)', '#root')

    const add = page.getByRole('region', { name: 'Add an endpoint' })
    await add.getByLabel('Endpoint URL').fill(receiver.url)
    await add.getByRole('checkbox', { name: 'user.authenticated' }).check()
    await add.getByRole('button', { name: 'Add endpoint' }).click()
    const once = page.getByRole('region', { name: 'Signing secret of the new endpoint' })
    const secret = await once.getByRole('textbox').inputValue()
    expect(secret).toMatch(/^whsec_/)
    await expectNoAxeViolations(page, 'webhooks (secret shown once)', '#root')
    await once.getByRole('button', { name: 'Done' }).click()
    expect(await page.getByRole('region', { name: 'Signing secret of the new endpoint' }).count()).toBe(0)

    const endpoint = page.getByRole('article', { name: receiver.url })
    await endpoint.getByText('user.created, user.authenticated').waitFor()
    await endpoint.getByRole('button', { name: 'Send test' }).click()
    await endpoint.getByRole('status').filter({ hasText: 'Test delivered: the endpoint answered 204' }).waitFor()
    expect(receiver.received.map(typeOf)).toContain('webhook.test')

    // A new user signs up on the demo landing (the modal is open from the step before).
    await submitEmail(demo, demoEmail)
    await typeCode(demo, await stack.nextCode(demoEmail))
    await waitForHostEvent(demo, 'auth-success')
    await expect.poll(() => receiver.received.filter((r) => typeOf(r) === 'user.created').length, { timeout: 30000 }).toBe(1)
    const created = receiver.received.find((r) => typeOf(r) === 'user.created')!
    const verified = new Webhook(secret).verify(created.body, created.headers as Record<string, string>) as {
      data: { user: { linked_accounts: { address?: string }[] } }
    }
    expect(JSON.stringify(verified.data)).toContain(demoEmail)

    await endpoint.getByRole('button', { name: 'Show deliveries' }).click()
    const log = endpoint.getByRole('region', { name: `Delivery log of ${receiver.url}` })
    await expect
      .poll(
        async () => {
          if (!(await log.isVisible())) return 'no log yet'
          const row = log.getByRole('row').filter({ hasText: 'user.created' })
          return (await row.count()) ? ((await row.first().textContent()) ?? '') : 'no user.created row'
        },
        { timeout: 30000 },
      )
      .toMatch(/Delivered.*204/)
    await expectNoAxeViolations(page, 'webhooks with the delivery log', '#root')

    // Replay queues the same event again (a new round with the same webhook-id).
    const deliveredBefore = receiver.received.filter((r) => typeOf(r) === 'user.created').length
    await log
      .getByRole('button', { name: /^Replay user\.created/ })
      .first()
      .click()
    await expect.poll(() => receiver.received.filter((r) => typeOf(r) === 'user.created').length, { timeout: 30000 }).toBe(deliveredBefore + 1)
    const [first, again] = receiver.received.filter((r) => typeOf(r) === 'user.created')
    expect(again!.headers['webhook-id']).toBe(first!.headers['webhook-id'])

    // Disable, then edit the events.
    await endpoint.getByRole('button', { name: 'Disable' }).click()
    await endpoint.getByText('Disabled', { exact: true }).waitFor()
    await endpoint.getByRole('button', { name: 'Edit' }).click()
    await endpoint.getByRole('checkbox', { name: 'user.deleted' }).check()
    await endpoint.getByRole('button', { name: 'Save endpoint' }).click()
    await endpoint.getByText('user.created, user.authenticated, user.deleted').waitFor()
    await endpoint.getByRole('button', { name: 'Enable' }).click()
    await endpoint.getByText('Enabled', { exact: true }).waitFor()
  })

  it('finds the demo user by e-mail and revokes their sessions: the open demo page logs itself out within a minute', async () => {
    await nav().getByRole('link', { name: 'Users', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor()
    await page.getByLabel('Search by').selectOption('email')
    await page.getByRole('searchbox', { name: 'Value' }).fill(demoEmail)
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByRole('region', { name: 'Users', exact: true }).getByRole('link', { name: demoEmail }).click()
    await page.getByRole('heading', { level: 1, name: demoEmail }).waitFor()
    const sessions = page.getByRole('region', { name: 'Live sessions' })
    await expect.poll(() => sessions.getByRole('row').count()).toBe(2) // the header and the demo page's session
    await page.getByRole('region', { name: 'MFA methods' }).getByText('No MFA method enrolled.').waitFor()
    await expectNoAxeViolations(page, 'user detail with sessions', '#root')

    // Only events after this point count: the demo page's own logout, not an earlier one.
    const loggedInEvents = await eventCount(demo)
    expect(await demo.evaluate(() => (document.querySelector('auth-modal') as { authenticated?: boolean } | null)?.authenticated)).toBe(true)
    await page.getByRole('button', { name: 'Revoke all sessions' }).click()
    await page.getByRole('status').filter({ hasText: '1 session revoked.' }).waitFor()
    await page.getByRole('region', { name: 'Sessions', exact: true }).getByText('No live session.').waitFor()

    // The demo page stays open, untouched: its session watch (src/actions/sessionWatch.ts) finds the
    // session revoked within a minute and logs out on its own, as an expired session would.
    await waitForHostEvent(demo, 'logout', { after: loggedInEvents, timeout: 60000 })
    expect(await demo.evaluate(() => (document.querySelector('auth-modal') as { authenticated?: boolean } | null)?.authenticated)).toBe(false)
    await expect.poll(() => demo.locator('#user').textContent()).toBe('null')
    // A clean logout: no error event, no error shown.
    expect((await demo.evaluate(() => window.gatehouseEvents.map((e) => e.type))).slice(loggedInEvents)).not.toContain('auth-error')
    expect(await modal(demo).getByRole('alert').count()).toBe(0)
  })

  it("links a user's embedded wallet to the explorer of the app's chain, with its recovery method", async () => {
    await stack.patchApp(appId, { chains: [{ id: 8453 }], defaultChain: 8453 })
    const created = await fetch(`${stack.apiUrl}/api/v1/apps/${appId}/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ linked_accounts: [{ type: 'email', address: 'walleted@example.com' }], wallets: [{ chain_type: 'ethereum' }] }),
    })
    const user = (await created.json()) as { id: string; wallets: { address: string }[] }
    await page.evaluate(([app, id]) => (location.hash = `#/apps/${app}/users/${encodeURIComponent(id!)}`), [appId, user.id])
    const wallets = page.getByRole('region', { name: 'Embedded wallets' })
    const link = wallets.getByRole('link', { name: new RegExp(user.wallets[0]!.address) })
    await expect.poll(() => link.getAttribute('href')).toBe(`https://basescan.org/address/${user.wallets[0]!.address}`)
    await wallets.getByText('recovery: automatic (server-held recovery share) · made in advance, not yet on a device').waitFor()
  })

  it('imports users from a JSON lines file and reports each line', async () => {
    await nav().getByRole('link', { name: 'Users', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor()
    const lines = [
      JSON.stringify({ linked_accounts: [{ type: 'email', address: 'imported.one@example.com' }] }),
      JSON.stringify({ linked_accounts: [{ type: 'email', address: demoEmail }] }),
      '{ not json',
      JSON.stringify({ linked_accounts: [{ type: 'carrier-pigeon' }] }),
    ]
    await page.getByLabel('JSON lines file').setInputFiles({ name: 'users.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(lines.join('\n')) })
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    await page.getByRole('status').filter({ hasText: 'Imported: 1 created, 1 already there, 2 failed.' }).waitFor()
    const report = page.getByRole('region', { name: 'Import results' })
    const rows = await report.getByRole('row').allTextContents()
    expect(rows.slice(1).map((r) => r.replace(/\s+/g, ' '))).toEqual([
      expect.stringMatching(/^1 ?Created/),
      expect.stringMatching(/^2 ?Already there/),
      expect.stringMatching(/^3 ?Failed ?This line is not JSON\./),
      expect.stringMatching(/^4 ?Failed/),
    ])
    await expectNoAxeViolations(page, 'users with an import report', '#root')
    await page.getByRole('region', { name: 'Users', exact: true }).getByRole('link', { name: 'imported.one@example.com' }).waitFor()
  })

  it('creates an app secret (shown once), which a backend uses, then revokes it', async () => {
    await nav().getByRole('link', { name: 'App secrets', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'App secrets' }).waitFor()
    // Owner-only: the console asks for a code of the authenticator enrolled at login (once per session).
    await verifyTotp(page, totpSecret)
    await page.getByText(/No app secret yet/).waitFor()
    // From the keyboard: Enter on the button, and focus moves to the secret shown once.
    await page.getByRole('button', { name: 'Create secret' }).focus()
    await page.keyboard.press('Enter')
    const once = page.getByRole('region', { name: 'New app secret' })
    await expect.poll(() => once.evaluate((element) => element === document.activeElement)).toBe(true)
    const secret = await once.getByRole('textbox').inputValue()
    expect(secret.length).toBeGreaterThan(20)
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await once.getByRole('button', { name: 'Copy' }).click()
    await once.getByRole('button', { name: 'Copied' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)
    await expectNoAxeViolations(page, 'app secrets (shown once)', '#root')
    await once.getByRole('button', { name: 'Done' }).click()

    const table = page.getByRole('region', { name: 'App secrets', exact: true })
    await table.getByText('never').waitFor()
    const backend = await fetch(`${stack.apiUrl}/api/v1/apps/${appId}/users?limit=1`, {
      headers: { authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`, 'privy-app-id': appId },
    })
    expect(backend.status).toBe(200)
    // Rotate: a second secret beside the first, then revoke the first.
    const last4 = secret.slice(-4)
    await table.getByRole('button', { name: `Rotate the secret ending in ${last4}` }).click()
    await page.getByRole('region', { name: 'New app secret' }).getByText(`revoke the old secret ending in ${last4}`).waitFor()
    await page.getByRole('region', { name: 'New app secret' }).getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => table.getByRole('row').count()).toBe(3)
    await page.reload()
    await expect.poll(() => table.getByRole('row').filter({ hasText: last4 }).textContent()).not.toContain('never')
    await table.getByRole('button', { name: `Revoke the secret ending in ${last4}` }).click()
    const dialog = page.getByRole('dialog', { name: `Revoke the secret ending in ${last4}?` })
    await dialog.getByLabel(/Type/).fill(last4)
    await dialog.getByRole('button', { name: 'Revoke' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `The secret ending in ${last4} is revoked` })
      .waitFor()
    await expect.poll(() => table.getByRole('row').count()).toBe(2)
    const refused = await fetch(`${stack.apiUrl}/api/v1/apps/${appId}/users?limit=1`, {
      headers: { authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`, 'privy-app-id': appId },
    })
    expect(refused.status).toBe(401)
    await expectNoAxeViolations(page, 'app secrets', '#root')
  })

  it('draws analytics over a range, with the numbers as tables too', async () => {
    await nav().getByRole('link', { name: 'Analytics', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor()
    const active = page.getByRole('region', { name: 'Daily active users', exact: true })
    await active.locator('.chart canvas').first().waitFor()
    await page.getByRole('region', { name: 'Sign-ups per method' }).locator('.chart canvas').first().waitFor()
    await page
      .getByRole('region', { name: 'Code funnel' })
      .getByText(/E-mail.*sent/)
      .first()
      .waitFor()
    await active.getByText('Daily active users as a table').click()
    const today = new Date().toISOString().slice(0, 10)
    const row = active.getByRole('region', { name: 'Daily active users by day' }).getByRole('row').filter({ hasText: today })
    expect(Number((await row.getByRole('cell').first().textContent()) ?? '0')).toBeGreaterThanOrEqual(1)
    await expectNoAxeViolations(page, 'analytics', '#root')
    await page.getByRole('button', { name: 'Last 7 days' }).click()
    await expect.poll(() => active.getByRole('region', { name: 'Daily active users by day' }).getByRole('row').count()).toBe(8)
  })

  it('the audit log shows each change, filters by action, and exports', async () => {
    await nav().getByRole('link', { name: 'Audit log', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor()
    const entries = page.getByRole('region', { name: 'Audit log entries' })
    await entries.waitFor()
    const text = (await entries.textContent()) ?? ''
    for (const action of [
      'app.update',
      'webhook.create',
      'webhook.update',
      'webhook.replay',
      'session.revoke_all',
      'user.import',
      'app_secret.create',
      'app_secret.revoke',
    ])
      expect(text).toContain(action)
    await expectNoAxeViolations(page, 'audit log', '#root')
    // The settings change names its fields, the client secret masked.
    const update = entries.getByRole('row').filter({ hasText: 'app.update' }).filter({ hasText: 'accentColor' })
    expect(await update.textContent()).toMatch(/fields: \[[^\]]*"accentColor"[^\]]*"loginMethods"[^\]]*"oauth"/)
    await update.getByText('All details').click()
    const full = (await update.locator('pre').textContent()) ?? ''
    expect(full).toContain('#17ab42')
    expect(full).toContain('console-e2e.apps.googleusercontent.com')
    expect(full).not.toContain('console-e2e-secret')

    await page.getByLabel('Action').fill('webhook.')
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await expect
      .poll(async () => {
        const actions = await entries.locator('tbody td:nth-child(3)').allTextContents()
        return actions.length > 0 && actions.every((a) => a.startsWith('webhook.'))
      })
      .toBe(true)

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export as JSON lines' }).click()])
    const exported = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { action: string })
    expect(exported.length).toBeGreaterThan(0)
    expect(exported.every((e) => e.action.startsWith('webhook.'))).toBe(true)
  })
})
