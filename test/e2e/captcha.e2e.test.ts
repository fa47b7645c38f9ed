/**
 * Captcha end to end in Chromium: the demo page, the real server (GATEHOUSE_CAPTCHA_VERIFY_URL and
 * GATEHOUSE_CAPTCHA_SCRIPT_URL pointing at the loopback Turnstile stand-in, test/turnstile.ts), the
 * widget script loaded only when a guarded call is about to happen, its token checked by the
 * server through siteverify.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { FAKE_TURNSTILE_SECRET, FAKE_TURNSTILE_SITE_KEY, startFakeTurnstile, type FakeTurnstile } from '../turnstile.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { modal, phoneField, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'

let stack: Stack
let browser: Browser
let fake: FakeTurnstile
let appId: string

beforeAll(async () => {
  fake = await startFakeTurnstile()
  ;[stack, browser] = await Promise.all([
    startStack({ env: { GATEHOUSE_CAPTCHA_VERIFY_URL: fake.verifyUrl, GATEHOUSE_CAPTCHA_SCRIPT_URL: fake.scriptUrl } }),
    launchBrowser(),
  ])
  appId = (
    await stack.createApp({ name: 'Captcha', captcha: { enabled: true, siteKey: `t:${FAKE_TURNSTILE_SITE_KEY}` }, captchaSecretKey: FAKE_TURNSTILE_SECRET })
  ).id
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
  await fake?.close()
})
beforeEach(() => {
  fake.setWidget('pass', 0)
  fake.requests.length = 0
})

const scriptRequests = new WeakMap<Page, string[]>()
async function openLanding(): Promise<Page> {
  const page = await browser.newPage()
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.url().startsWith(fake.scriptUrl)) scripts.push(r.url())
  })
  scriptRequests.set(page, scripts)
  await page.goto(`${stack.demoUrl}/`)
  await waitForHostEvent(page, 'auth-ready')
  await page.locator('#login').click()
  await modal(page).getByText('Log in or sign up').waitFor()
  return page
}

it('e-mail login with captcha on: the widget loads on submit, its token reaches siteverify, the user logs in', async () => {
  const page = await openLanding()
  // The landing screen alone loads no captcha script.
  expect(scriptRequests.get(page)).toEqual([])
  const email = 'human@example.com'
  fake.setWidget('hold')
  await submitEmail(page, email)
  await modal(page).getByText('Checking that you are a human...').waitFor()
  fake.releaseWidget()
  await modal(page).getByText('CAPTCHA passed successfully.').waitFor()
  const code = await stack.nextCode(email)
  await typeCode(page, code)
  const success = await waitForHostEvent(page, 'auth-success')
  expect(success.detail.user.email.address).toBe(email)

  expect(scriptRequests.get(page)).toEqual([`${fake.scriptUrl}?render=explicit`])
  // Rendered invisibly with the provider's key (no 't:'), run only on execute.
  expect(await page.evaluate(() => (window as any).__turnstileRenders)).toEqual([
    { sitekey: FAKE_TURNSTILE_SITE_KEY, execution: 'execute', appearance: 'interaction-only' },
  ])
  expect(fake.requests).toHaveLength(1)
  expect(fake.requests[0].fields).toMatchObject({ secret: FAKE_TURNSTILE_SECRET, response: fake.issued.at(-1), remoteip: '127.0.0.1' })
  await page.close()
})

it('error: a failing captcha shows the spec text, retries by itself, and the login goes on when it passes', async () => {
  const page = await openLanding()
  fake.setWidget('fail', 2)
  const email = 'retry@example.com'
  await submitEmail(page, email)
  await modal(page).getByText('You did not pass CAPTCHA. Please try again.').waitFor()
  // The third attempt (2 s + 2 s later) passes.
  await modal(page).getByText('CAPTCHA passed successfully.').waitFor()
  await typeCode(page, await stack.nextCode(email))
  await waitForHostEvent(page, 'auth-success')
  // Two refused runs, then one token, which the server verified.
  expect(fake.requests.map((r) => r.fields.response)).toEqual([fake.issued.at(-1)])
  await page.close()
})

it('error: after the retries the failure stays with Try again; back keeps the typed address', async () => {
  const page = await openLanding()
  fake.setWidget('fail', 4)
  await submitEmail(page, 'bot@example.com')
  await modal(page).getByRole('button', { name: 'Try again' }).waitFor({ timeout: 30_000 })
  await expect.poll(() => modal(page).getByText('You did not pass CAPTCHA. Please try again.').count()).toBe(1)
  await expectNoAxeViolations(page, 'captcha failed (Try again)')
  expect(fake.requests).toHaveLength(0)
  await modal(page).getByRole('button', { name: 'Back' }).click()
  await modal(page).getByText('Please try again.', { exact: true }).waitFor()
  expect(await modal(page).getByRole('textbox', { name: 'Email address' }).inputValue()).toBe('bot@example.com')
  await page.close()
})

it("error: a widget that times out shows 'Captcha failed', then the next attempt passes", async () => {
  const page = await openLanding()
  fake.setWidget('timeout', 1)
  const email = 'slow.widget@example.com'
  await submitEmail(page, email)
  await modal(page).getByText('Captcha failed').waitFor()
  await modal(page).getByText('Something went wrong! Please try again later.').waitFor()
  await typeCode(page, await stack.nextCode(email))
  await waitForHostEvent(page, 'auth-success')
  await page.close()
})

it("error: siteverify down makes the server answer captcha_timeout: 'Captcha failed' / 'Something went wrong! Please try again later.'", async () => {
  const page = await openLanding()
  fake.setVerify('error')
  try {
    await submitEmail(page, 'down@example.com')
    await modal(page).getByText('Something went wrong! Please try again later.').waitFor()
    await modal(page).getByText('Captcha failed').waitFor()
    await expectNoAxeViolations(page, 'captcha failed (siteverify down)')
    expect(fake.requests).toHaveLength(1)
  } finally {
    fake.setVerify('normal')
  }
  await page.close()
})

it("error: a site key without 't:' shows 'Unsupported captcha site key' and sends nothing", async () => {
  const page = await browser.newPage()
  // A configuration the admin API would refuse, as a misconfigured or older server could serve it.
  await page.route(`${stack.apiUrl}/api/v1/apps/${appId}`, async (route) => {
    const response = await route.fetch()
    const config = await response.json()
    await route.fulfill({ response, json: { ...config, captcha: { ...config.captcha, siteKey: `x:${FAKE_TURNSTILE_SITE_KEY}` } } })
  })
  const inits: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/passwordless/init')) inits.push(r.url())
  })
  await page.goto(`${stack.demoUrl}/`)
  await waitForHostEvent(page, 'auth-ready')
  await page.locator('#login').click()
  await submitEmail(page, 'ada@example.com')
  await modal(page).getByText('Unsupported captcha site key').waitFor()
  await waitForHostEvent(page, 'auth-error')
  await expectNoAxeViolations(page, 'unsupported captcha site key')
  expect(inits).toEqual([])
  await page.close()
})

it('error: the server refuses a login init without a token when captcha is on', async () => {
  const res = await fetch(`${stack.apiUrl}/api/v1/passwordless/init`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'privy-app-id': appId },
    body: JSON.stringify({ email: 'script@example.com' }),
  })
  expect(res.status).toBe(400)
  expect(await res.json()).toMatchObject({ code: 'invalid_captcha' })
})

it("headless: sendEmailCode with the host's own captchaToken sends that token and loads no captcha widget", async () => {
  const page = await browser.newPage()
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.url().startsWith(fake.scriptUrl)) scripts.push(r.url())
  })
  await page.goto(`${stack.demoUrl}/`)
  await waitForHostEvent(page, 'auth-ready')
  // The host solved a Turnstile challenge on its own page (the stand-in issues it as the widget would).
  const first = fake.issueToken()
  const email = 'headless-captcha@example.com'
  const sendCode = (captchaToken: string) =>
    page.evaluate(([address, token]) => (document.querySelector('auth-modal') as any).sendEmailCode(address, { captchaToken: token }), [
      email,
      captchaToken,
    ] as const)
  const answer = await sendCode(first)
  expect(answer).toEqual({ success: true })
  expect(fake.requests.map((r) => r.fields.response)).toEqual([first])
  const code = await stack.nextCode(email)
  const user = await page.evaluate((c) => (document.querySelector('auth-modal') as any).loginWithEmailCode(c), code)
  expect(user.email.address).toBe(email)
  // The resend takes the host's token too (a token is good once): again no widget.
  const [second, third] = [fake.issueToken(), fake.issueToken()]
  await page.evaluate(() => (document.querySelector('auth-modal') as any).logout())
  await sendCode(second)
  await page.evaluate((captchaToken) => (document.querySelector('auth-modal') as any).resendEmailCode({ captchaToken }), third)
  expect(fake.requests.map((r) => r.fields.response)).toEqual([first, second, third])
  expect(scripts).toEqual([])
  await page.close()
})

// Last: it points the demo page at an app with SMS on.
it('SMS login with captcha on: the code request carries a verified token', async () => {
  await stack.createApp({
    name: 'Captcha SMS',
    loginMethods: { email: true, sms: true },
    captcha: { enabled: true, siteKey: `t:${FAKE_TURNSTILE_SITE_KEY}` },
    captchaSecretKey: FAKE_TURNSTILE_SECRET,
  })
  const page = await openLanding()
  await modal(page).getByRole('button', { name: 'Continue with SMS' }).click()
  const phone = phoneField(page)
  await phone.pressSequentially('4155550188')
  fake.setWidget('hold')
  await phone.press('Enter')
  await modal(page).getByText('Checking that you are a human...').waitFor()
  fake.releaseWidget()
  await modal(page).getByText('Please check +14155550188 for a message').waitFor()
  const list = (await (await fetch(`${stack.apiUrl}/dev/outbox?to=${encodeURIComponent('+14155550188')}`)).json()) as { code: string }[]
  await typeCode(page, list[0]!.code)
  expect((await waitForHostEvent(page, 'auth-success')).detail.loginMethod).toBe('sms')
  expect(fake.requests.map((r) => r.fields.response)).toEqual([fake.issued.at(-1)])
  await page.close()
})

it('passkey sign-up with captcha on: the status screen under the captcha screen asks for one token and signs up once', async () => {
  await stack.createApp({
    name: 'Captcha passkeys',
    loginMethods: { email: true, passkey: true },
    passkeysForSignupEnabled: true,
    captcha: { enabled: true, siteKey: `t:${FAKE_TURNSTILE_SITE_KEY}` },
    captchaSecretKey: FAKE_TURNSTILE_SECRET,
  })
  const context = await browser.newContext()
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  await page.goto(`${stack.demoUrl}/`)
  await waitForHostEvent(page, 'auth-ready')
  await page.evaluate(() => document.querySelector('auth-modal')!.open())
  await modal(page).getByRole('button', { name: 'I have a passkey' }).click()
  await modal(page).getByRole('button', { name: 'Create new account' }).click()
  await modal(page).getByText('CAPTCHA passed successfully.').waitFor()
  const success = await waitForHostEvent(page, 'auth-success')
  expect(success.detail).toMatchObject({ isNewUser: true, loginMethod: 'passkey' })
  expect(fake.requests.map((r) => r.fields.response)).toEqual([fake.issued.at(-1)])
  await page.waitForTimeout(1500)
  expect(fake.requests).toHaveLength(1)
  await context.close()
})

it('with captcha.action set the widget runs under that action; a token made for another action is refused and a passkey login shows the captcha texts', async () => {
  await stack.createApp({
    name: 'Captcha action',
    loginMethods: { email: true, passkey: true },
    captcha: { enabled: true, siteKey: `t:${FAKE_TURNSTILE_SITE_KEY}`, action: 'login' },
    captchaSecretKey: FAKE_TURNSTILE_SECRET,
  })
  const page = await openLanding()
  const email = 'action@example.com'
  await submitEmail(page, email)
  await typeCode(page, await stack.nextCode(email))
  await waitForHostEvent(page, 'auth-success')
  expect(await page.evaluate(() => (window as any).__turnstileRenders)).toMatchObject([{ action: 'login' }])
  await page.close()

  // A page whose widget runs without the action (as on a copied site key) gets a token siteverify reports for no action.
  const other = await browser.newPage()
  await other.route(`${stack.apiUrl}/api/v1/apps/*`, async (route) => {
    const response = await route.fetch()
    const config = await response.json()
    await route.fulfill({ response, json: { ...config, captcha: { ...config.captcha, action: null } } })
  })
  await other.goto(`${stack.demoUrl}/`)
  await waitForHostEvent(other, 'auth-ready')
  await other.evaluate(() => document.querySelector('auth-modal')!.open())
  fake.requests.length = 0
  await modal(other).getByRole('button', { name: 'I have a passkey' }).click()
  await modal(other).getByText('You did not pass CAPTCHA. Please try again.').waitFor()
  await modal(other).getByText('Captcha failed').waitFor()
  expect(fake.requests).toHaveLength(1)
  await other.close()
})
