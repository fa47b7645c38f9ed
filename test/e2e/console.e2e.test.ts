/**
 * The operator console in Chromium against the real server (issue #28), at 390 px wide in dark
 * mode: a new operator opens `npm start`'s one-time link, logs in with the console's `<auth-modal>`,
 * creates an app, types an accent colour and sees the live preview follow, saves it, and finds a
 * user by e-mail. axe (WCAG 2.1 A/AA) checks each page it reaches.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { submitEmail, typeCode } from './helpers.ts'

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

  it('logs in from the sign-in link, creates an app, previews the accent colour as it is typed, and finds a user by e-mail', async () => {
    const { link } = JSON.parse(readFileSync(join(stack.stateDir, 'console-link.json'), 'utf8')) as { link: string }
    expect(link).toMatch(/\/console\/#claim=[\w-]+$/)
    await page.goto(link)

    // Signed out: the console app's own <auth-modal>, e-mail code.
    const signin = page.locator('#signin')
    await signin.getByRole('heading', { name: 'Gatehouse console', exact: true }).waitFor()
    const email = 'operator@example.com'
    await submitEmail(page, email)
    await typeCode(page, await stack.nextCode(email))
    await page.getByRole('heading', { level: 1, name: 'Apps' }).waitFor()
    await expect.poll(() => signin.isHidden()).toBe(true)
    await expect.poll(() => page.locator('header.top').textContent()).toContain(email)
    // The link was spent: the address no longer carries it.
    expect(page.url()).not.toContain('claim=')
    await page.getByRole('region', { name: 'Apps', exact: true }).waitFor()
    await expectNoAxeViolations(page, 'apps', '#root')

    // Create an app: the settings page opens on it.
    await page.getByLabel('Name', { exact: true }).fill('Console Shop')
    await page.getByRole('button', { name: 'Create app' }).click()
    await page.getByRole('heading', { level: 1, name: /Settings of Console Shop/ }).waitFor()
    const appId = /#\/apps\/([a-z0-9]{25})\/settings/.exec(page.url())![1]!

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

    // A user of the app, created through the owner API with this tab's credentials, found by e-mail.
    const token = await page.evaluate(() => sessionStorage.getItem('gatehouse-console-admin-token'))
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

  it('an account without a role on this server is told so, and can use the admin token for the tab instead', async () => {
    const token = await page.evaluate(() => sessionStorage.getItem('gatehouse-console-admin-token'))
    const other = await browser.newPage({ viewport: { width: 390, height: 844 } })
    await other.goto(`${stack.apiUrl}/console/`)
    const email = 'viewer@example.com'
    await submitEmail(other, email)
    await typeCode(other, await stack.nextCode(email))
    // The console sent the session's own access token, which the owner API does not accept yet.
    const refused = other.getByRole('alert').filter({ hasText: 'Your account holds no role on this server' })
    await refused.waitFor()
    await expectNoAxeViolations(other, 'refused', '#root')
    await other.getByLabel('Admin token').fill(token!)
    await other.getByRole('button', { name: 'Use the admin token' }).click()
    await other.getByRole('region', { name: 'Apps', exact: true }).getByRole('link', { name: 'Console Shop' }).waitFor()
    expect(await refused.count()).toBe(0)
  })
})
