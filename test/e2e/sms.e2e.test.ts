/**
 * SMS code login through the demo page in Chromium against the real server, codes read from the
 * development outbox (the server has no SMS provider configured, as in a newcomer's `npm start`).
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { enterPhone, modal, phoneField, phoneSubmit, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'

let stack: Stack
let browser: Browser

beforeAll(async () => {
  ;[stack, browser] = await Promise.all([startStack({ env: { GATEHOUSE_SMS_COUNTRIES: 'US,GB,DE' } }), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
})

/**
 * The newest code message the dev outbox holds for `phone` (subject 'SMS' or 'WhatsApp'), once there
 * are more than `seen`. Security notices (a number replaced or removed) carry no code and are passed
 * over. Waits up to two minutes: on a busy machine the message can take that long.
 */
async function outboxMessage(phone: string, seen = 0): Promise<{ code: string; subject: string }> {
  const deadline = Date.now() + 120_000
  let list: { code: string | null; subject: string }[] = []
  while (Date.now() < deadline) {
    list = (await (await fetch(`${stack.apiUrl}/dev/outbox?to=${encodeURIComponent(phone)}`)).json()) as typeof list
    const coded = list.filter((m): m is { code: string; subject: string } => Boolean(m.code))
    if (coded.length > seen) return coded[0]!
    await new Promise((r) => setTimeout(r, 100))
  }
  // What the outbox did hold tells a message that never went from one that went without a code.
  throw new Error(
    `no new SMS code to ${phone} within 120 s (had seen ${seen}; the outbox holds ${JSON.stringify(list.map((m) => ({ subject: m.subject, code: Boolean(m.code) })))})`,
  )
}
const smsCode = async (phone: string, seen = 0) => (await outboxMessage(phone, seen)).code

async function openDemo(config: Record<string, unknown>): Promise<Page> {
  await stack.createApp({ loginMethods: { email: true, sms: true }, ...config })
  const page = await browser.newPage()
  await page.goto(`${stack.demoUrl}/`)
  await waitForHostEvent(page, 'auth-ready')
  await page.locator('#login').click()
  await modal(page).locator('[data-screen="landing"]').waitFor()
  return page
}

describe('SMS login', () => {
  it('logs in: country picker (default US), formatted as typed, submit enabled once valid, Enter submits', async () => {
    const page = await openDemo({})
    await modal(page).getByRole('button', { name: 'Continue with SMS' }).click()
    await modal(page).getByText('Log in with SMS').waitFor()
    expect(await modal(page).getByRole('combobox', { name: 'Country' }).inputValue()).toBe('US')
    await phoneField(page).pressSequentially('415555')
    expect(await phoneSubmit(page).isDisabled()).toBe(true)
    await phoneField(page).pressSequentially('0123')
    expect(await phoneField(page).inputValue()).toBe('(415) 555-0123')
    expect(await phoneSubmit(page).isDisabled()).toBe(false)
    await phoneField(page).press('Enter')
    await modal(page).getByText('Please check +14155550123 for a message').waitFor()
    await typeCode(page, await smsCode('+14155550123'))
    const success = await waitForHostEvent(page, 'auth-success')
    expect(success.detail).toMatchObject({ loginMethod: 'sms', user: { phone: { number: '+14155550123' } } })
    await waitForHostEvent(page, 'modal-close')

    // The most recent login was by SMS: next time the phone input is the inline one.
    await page.evaluate(() => document.querySelector('auth-modal')!.logout())
    await page.locator('#login').click()
    await phoneField(page).waitFor()
    await modal(page).getByRole('button', { name: 'Continue with Email' }).waitFor()
    await page.close()
  })

  it('the default country comes from intl.defaultCountry; changing the country clears the number', async () => {
    const page = await openDemo({ intl: { defaultCountry: 'GB' } })
    await modal(page).getByRole('button', { name: 'Continue with SMS' }).click()
    const country = modal(page).getByRole('combobox', { name: 'Country' })
    expect(await country.inputValue()).toBe('GB')
    await phoneField(page).pressSequentially('07911123456')
    expect(await phoneSubmit(page).isDisabled()).toBe(false)
    await country.selectOption('DE')
    expect(await phoneField(page).inputValue()).toBe('')
    expect(await phoneSubmit(page).isDisabled()).toBe(true)
    await page.close()
  })

  it('error: a number from a region the server does not serve shows "This region is not supported"', async () => {
    const page = await openDemo({})
    await modal(page).getByRole('button', { name: 'Continue with SMS' }).click()
    await modal(page).getByRole('combobox', { name: 'Country' }).selectOption('FR')
    await phoneField(page).pressSequentially('612345678')
    await phoneField(page).press('Enter')
    await modal(page).getByText('This region is not supported').waitFor()
    await modal(page).getByText('SMS authentication from this region is not available').waitFor()
    await expectNoAxeViolations(page, 'This region is not supported')
    await page.close()
  })

  it('error: a wrong SMS code shows "Invalid or expired verification code"', async () => {
    const page = await openDemo({})
    await modal(page).getByRole('button', { name: 'Continue with SMS' }).click()
    await enterPhone(page, '4155550188')
    const code = await smsCode('+14155550188')
    await typeCode(page, code === '000000' ? '111111' : '000000')
    await modal(page).getByText('Invalid or expired verification code').waitFor()
    await page.close()
  })
})

describe('WhatsApp and prefill', () => {
  it('an app offering SMS and WhatsApp lets the user choose; the WhatsApp code arrives on that channel, the code screen says so, and logs in', async () => {
    const page = await openDemo({ smsChannels: ['sms', 'whatsapp'] })
    await modal(page).getByRole('button', { name: 'Continue with SMS' }).click()
    expect(await modal(page).getByRole('radio', { name: 'SMS' }).isChecked()).toBe(true)
    await modal(page).getByRole('radio', { name: 'WhatsApp' }).check()
    await enterPhone(page, '4155550166')
    await modal(page).getByText('Please check +14155550166 for a WhatsApp message').waitFor()
    const message = await outboxMessage('+14155550166')
    expect(message.subject).toBe('WhatsApp')
    await typeCode(page, message.code)
    const success = await waitForHostEvent(page, 'auth-success')
    expect(success.detail).toMatchObject({ loginMethod: 'sms', user: { phone: { number: '+14155550166' } } })
    await page.close()
  })

  it('an app offering only SMS shows no channel choice', async () => {
    const page = await openDemo({})
    await modal(page).getByRole('button', { name: 'Continue with SMS' }).click()
    // The real form (not its loading shell) is there once the country picker is.
    await modal(page).getByRole('combobox', { name: 'Country' }).waitFor()
    expect(await modal(page).getByRole('radio').count()).toBe(0)
    await page.close()
  })

  it("login({ prefill: { type: 'phone' } }) puts the number inline, formatted, with the country taken from the number", async () => {
    const page = await openDemo({})
    await page.evaluate(() => document.querySelector('auth-modal')!.close())
    await page.evaluate(() => void (document.querySelector('auth-modal') as any).login({ prefill: { type: 'phone', value: '+4915123456789' } }))
    await modal(page).locator('[data-screen="landing"]').waitFor()
    await expect.poll(() => phoneField(page).inputValue()).toBe('01512 3456789')
    expect(await modal(page).getByRole('combobox', { name: 'Country' }).inputValue()).toBe('DE')
    expect(await phoneSubmit(page).isDisabled()).toBe(false)
    await phoneSubmit(page).click()
    await modal(page).getByText('Please check +4915123456789 for a message').waitFor()
    await page.close()
  })
})

describe('phone linking', () => {
  it('an e-mail user links a phone ("Connect your phone"), updates it, and unlinks it', async () => {
    const page = await openDemo({})
    await submitEmail(page, 'phone.owner@example.com')
    await typeCode(page, await stack.nextCode('phone.owner@example.com'))
    await waitForHostEvent(page, 'modal-close')

    await page.locator('#link-phone').click()
    await modal(page).getByText('Connect your phone').waitFor()
    await enterPhone(page, '4155550142')
    await typeCode(page, await smsCode('+14155550142'))
    const linked = await waitForHostEvent(page, 'link-success')
    expect(linked.detail).toMatchObject({ linkMethod: 'sms', user: { phone: { number: '+14155550142' } } })

    await page.locator('#update-phone').click()
    await modal(page).getByText('Update your phone number').waitFor()
    await phoneField(page).fill('')
    await enterPhone(page, '4155550143')
    await typeCode(page, await smsCode('+14155550143'))
    const updated = await waitForHostEvent(page, 'update-success')
    expect(updated.detail.user.phone.number).toBe('+14155550143')

    await page.evaluate(() => document.querySelector('auth-modal')!.unlinkPhone('+14155550143'))
    const unlinked = await waitForHostEvent(page, 'unlink-success')
    expect(unlinked.detail.user.phone).toBeUndefined()
    await page.close()
  })
})
