/**
 * The operator console in Chromium against the real server (issue #28), at 390 px wide in dark
 * mode: a new operator opens `npm start`'s one-time link, logs in with the console's `<auth-modal>`
 * (e-mail code) and so becomes the server's first owner, creates an app, types an accent colour and
 * sees the live preview follow, saves it, and finds a user by e-mail. A viewer sees only their app,
 * with its settings disabled (and the server refuses their save); an owner's first role change
 * asks for MFA through the widget. axe (WCAG 2.1 A/AA) checks each page it reaches.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Secret, TOTP } from 'otpauth'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { submitEmail, typeCode } from './helpers.ts'

const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' })

/** The console session's access token, from its login tag. */
const accessToken = (page: Page) =>
  page.evaluate(() => (document.getElementById('login') as HTMLElement & { getAccessToken(): Promise<string | null> }).getAccessToken())

describe('the operator console', () => {
  let stack: Stack
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
    page = await browser.newPage({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' })
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  let appId = ''

  it('logs in from the sign-in link as the first owner, creates an app, previews the accent colour as it is typed, and finds a user by e-mail', async () => {
    const { link } = JSON.parse(readFileSync(join(stack.stateDir, 'console-link.json'), 'utf8')) as { link: string }
    expect(link).toMatch(/\/console\/#claim=[\w-]+$/)
    await page.goto(link)

    // Signed out: the console app's own <auth-modal>, e-mail code.
    const signin = page.locator('#signin')
    await signin.getByRole('heading', { name: 'Gatehouse console', exact: true }).waitFor()
    await signin.locator('auth-modal').getByRole('textbox', { name: 'Email address' }).waitFor()
    await expectNoAxeViolations(page, 'sign-in', '#signin')
    const email = 'operator@example.com'
    await submitEmail(page, email)
    await typeCode(page, await stack.nextCode(email))
    await page.getByRole('heading', { level: 1, name: 'Apps' }).waitFor()
    await expect.poll(() => signin.isHidden()).toBe(true)
    await expect.poll(() => page.locator('header.top').textContent()).toContain(email)
    // The link was spent after sign-in: this account owns the server now, and no admin token reached the page.
    await page.locator('header.top').getByText('server owner').waitFor()
    expect(page.url()).not.toContain('claim=')
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain(stack.adminToken)
    await page.getByRole('region', { name: 'Apps', exact: true }).waitFor()
    await expectNoAxeViolations(page, 'apps', '#root')

    // Create an app: the settings page opens on it.
    await page.getByLabel('Name', { exact: true }).fill('Console Shop')
    await page.getByRole('button', { name: 'Create app' }).click()
    await page.getByRole('heading', { level: 1, name: /Settings of Console Shop/ }).waitFor()
    appId = /#\/apps\/([a-z0-9]{25})\/settings/.exec(page.url())![1]!

    // The preview follows each keystroke of the accent colour.
    const preview = page.frameLocator('iframe[title="Live preview of the login modal"]').locator('auth-modal')
    await preview.getByRole('textbox', { name: 'Email address' }).waitFor()
    const accent = page.getByRole('textbox', { name: 'Accent color', exact: true })
    await accent.fill('')
    await accent.pressSequentially('#c2a')
    await expect.poll(() => preview.getAttribute('accent-color')).toBe('#c2a')
    await accent.pressSequentially('b34')
    await expect.poll(() => preview.getAttribute('accent-color')).toBe('#c2ab34')
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Unsaved changes.' }).count()).toBe(1)

    // Any other field re-renders the preview from the draft: SMS login appears there.
    await page.getByRole('group', { name: 'Login methods' }).getByRole('checkbox', { name: 'SMS', exact: true }).check()
    await preview.getByRole('button', { name: 'Continue with SMS' }).waitFor()
    await page.getByRole('button', { name: 'Move sms up' }).click()

    // A value the schema refuses is shown beside its field and blocks saving.
    await accent.pressSequentially('zz')
    await page.locator('#field-accentColor-error').waitFor()
    expect(await page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true)
    await accent.press('Backspace')
    await accent.press('Backspace')
    await expectNoAxeViolations(page, 'app settings', '.settings-form')

    // Leaving with unsaved changes asks first; staying keeps them.
    const asked: string[] = []
    page.once('dialog', (dialog) => (asked.push(dialog.message()), void dialog.dismiss()))
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click()
    await expect.poll(() => asked).toEqual(['You have unsaved changes. Leave this page and lose them?'])
    expect(await accent.inputValue()).toBe('#c2ab34')
    expect(page.url()).toContain('/settings')

    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
    // Saved on the server: the widget of the app now serves it.
    const config = (await (await fetch(`${stack.apiUrl}/api/v1/apps/${appId}`)).json()) as {
      accentColor: string
      loginMethods: Record<string, boolean>
      loginMethodsAndOrder: { primary: string[] } | null
    }
    expect(config.accentColor).toBe('#c2ab34')
    expect(config.loginMethods).toMatchObject({ email: true, sms: true })
    expect(config.loginMethodsAndOrder?.primary).toEqual(['sms', 'email'])

    // Each change is in the audit log with who made it: the operator, by e-mail.
    const audit = (await (
      await fetch(`${stack.apiUrl}/api/v1/admin/apps/${appId}/audit-log`, { headers: { authorization: `Bearer ${stack.adminToken}` } })
    ).json()) as {
      data: { action: string; actor: { type: string; email: string | null } }[]
    }
    expect(audit.data.map((r) => [r.action, r.actor.type, r.actor.email])).toEqual([
      ['app.update', 'operator', email],
      ['app.create', 'operator', email],
    ])

    // A user of the app, created through the owner API with this operator's own access token, found by e-mail.
    const token = await accessToken(page)
    const created = await fetch(`${stack.apiUrl}/api/v1/apps/${appId}/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ linked_accounts: [{ type: 'email', address: 'ada@example.com' }] }),
    })
    expect(created.status).toBe(201)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click()
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor()
    await page.getByLabel('Search by').selectOption('email')
    await page.getByRole('searchbox', { name: 'Value' }).fill('ada@example.com')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByRole('region', { name: 'Users', exact: true }).getByRole('link', { name: 'ada@example.com' }).click()
    await page.getByRole('heading', { level: 1, name: 'ada@example.com' }).waitFor()
    await expectNoAxeViolations(page, 'user detail', '#root')
    await page.getByRole('link', { name: '← All users' }).click()
    await page.getByRole('region', { name: 'Users', exact: true }).waitFor()
    await expectNoAxeViolations(page, 'users', '#root')
  })

  it('a viewer sees only their app, with the settings disabled and no Save; the server refuses their save', async () => {
    const invited = await fetch(`${stack.apiUrl}/api/v1/admin/apps/${appId}/operators`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'viewer@example.com', role: 'viewer' }),
    })
    expect(invited.status).toBe(200)
    const viewer = await browser.newPage({ viewport: { width: 390, height: 844 } })
    await viewer.goto(`${stack.apiUrl}/console/`)
    const email = 'viewer@example.com'
    await submitEmail(viewer, email)
    await typeCode(viewer, await stack.nextCode(email))
    // Only the app they hold a role in (the server has others), with the role; no create form.
    const apps = viewer.getByRole('region', { name: 'Apps', exact: true })
    await apps.getByRole('link', { name: 'Console Shop' }).waitFor()
    expect(await apps.locator('tbody tr').count()).toBe(1)
    expect(await apps.locator('tbody tr td.role').textContent()).toBe('viewer')
    expect(await viewer.getByRole('button', { name: 'Create app' }).count()).toBe(0)
    expect(await apps.getByRole('button', { name: /Delete/ }).count()).toBe(0)

    await apps.getByRole('link', { name: 'Console Shop' }).click()
    await viewer.getByRole('heading', { level: 1, name: /Settings of Console Shop/ }).waitFor()
    const accent = viewer.getByRole('textbox', { name: 'Accent color', exact: true })
    expect(await accent.isDisabled()).toBe(true)
    expect(await viewer.getByRole('button', { name: 'Save changes' }).count()).toBe(0)
    await viewer.getByRole('note').filter({ hasText: 'an owner or admin can change them' }).waitFor()
    await expectNoAxeViolations(viewer, 'settings, read-only', '.settings-form')

    const refused = await fetch(`${stack.apiUrl}/api/v1/admin/apps/${appId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${await accessToken(viewer)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ accentColor: '#000000' }),
    })
    expect(refused.status).toBe(403)
    await viewer.close()
  })

  it('the sign-in link is dead once there is an owner; an account without a role sees no app', async () => {
    const { link } = JSON.parse(readFileSync(join(stack.stateDir, 'console-link.json'), 'utf8')) as { link: string }
    const other = await browser.newPage({ viewport: { width: 390, height: 844 } })
    await other.goto(link)
    const email = 'latecomer@example.com'
    await submitEmail(other, email)
    await typeCode(other, await stack.nextCode(email))
    await other.getByRole('alert').filter({ hasText: 'This sign-in link was used already' }).waitFor()
    await other.getByText('You hold no role in any app yet').waitFor()
    expect(await other.locator('header.top').getByText('server owner').count()).toBe(0)
    await expectNoAxeViolations(other, 'no apps', '#root')
    await other.close()
  })

  it("an owner's first role change asks for MFA through the widget: enroll, verify, then the invite goes through", async () => {
    await page.goto(`${stack.apiUrl}/console/#/apps/${appId}/operators`)
    await page.getByRole('heading', { level: 1, name: 'Operators' }).waitFor()
    const table = page.getByRole('region', { name: 'Operators', exact: true })
    await table.getByRole('cell', { name: /^operator@example\.com/ }).waitFor()
    await table.getByRole('combobox', { name: 'Role of viewer@example.com' }).waitFor()
    await expectNoAxeViolations(page, 'operators', '#root')
    await page.getByLabel('E-mail', { exact: true }).fill('second@example.com')
    await page.getByRole('button', { name: 'Invite' }).click()
    // The server answered 'MFA required' (no method yet): the widget's enrollment opens.
    const mfa = page.locator('auth-modal#mfa')
    await mfa.getByText('Transaction Protection').waitFor()
    // Enrolling an authenticator app, then verifying with its next code: the invite goes through.
    await mfa.getByRole('button', { name: 'Continue' }).click()
    await mfa.getByRole('button', { name: 'Authenticator app' }).click()
    await mfa.getByText('Scan QR code').waitFor({ timeout: 30000 })
    const secret = (await mfa.locator('[data-setup-key]').textContent())!.trim()
    await mfa.getByRole('button', { name: 'Continue' }).click()
    await mfa.getByText('Enter enrollment code').waitFor()
    await typeCode(page, totp(secret).generate())
    await mfa.getByRole('status').filter({ hasText: 'Authenticator app added.' }).waitFor()
    await page.locator('#mfa').evaluate((tag) => (tag as HTMLElement & { close(): Promise<void> }).close())
    // Enrolled, not yet verified on this session: the widget asks for a code (the next one: each is usable once).
    await mfa.getByText('Enter verification code').waitFor({ timeout: 30000 })
    await typeCode(page, totp(secret).generate({ timestamp: Date.now() + 30_000 }))
    await page.getByRole('status').filter({ hasText: 'second@example.com is now viewer.' }).waitFor({ timeout: 30000 })
    await page.getByRole('region', { name: 'Operators', exact: true }).getByRole('combobox', { name: 'Role of second@example.com' }).waitFor()
    // The shell's MFA notice is gone; the audit row names the operator.
    expect(await page.getByRole('heading', { name: 'Turn on two-step verification' }).count()).toBe(0)
    const audit = (await (
      await fetch(`${stack.apiUrl}/api/v1/admin/apps/${appId}/audit-log?action=operator.grant`, { headers: { authorization: `Bearer ${stack.adminToken}` } })
    ).json()) as { data: { actor: { email: string | null }; details: { email: string } }[] }
    expect(audit.data[0]).toMatchObject({ actor: { email: 'operator@example.com' }, details: { email: 'second@example.com' } })
  })
})
