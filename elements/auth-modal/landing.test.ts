import './auth-modal.ts'
import { API_URL, APP_ID, appConfig, assert, button, byLabel, equal, mockFetch, queryByText, reset, shadow, waitFor } from '../testing/harness.ts'
import type { AuthModalElement } from './auth-modal.element.ts'

async function openWith(config: Record<string, unknown>, storage: Record<string, string> = {}) {
  for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value)
  mockFetch({ [`GET /apps/${APP_ID}`]: { body: appConfig(config) }, 'POST /analytics_events': { status: 204 } })
  const element = document.createElement('auth-modal') as AuthModalElement
  element.setAttribute('app-id', APP_ID)
  element.setAttribute('api-url', API_URL)
  document.body.append(element)
  await waitFor(() => element.ready, 'ready')
  element.open()
  await waitFor(() => shadow(element).querySelector('[data-screen="landing"]'), 'landing')
  return element
}

/** The landing entries in order: 'input:email' for the inline input, else the button text. */
const entries = (element: Element) =>
  [...shadow(element).querySelectorAll('[part="methods"] > *')].map((el) =>
    el.matches('form') ? `input:${el.querySelector('input')!.type}` : el.textContent!.trim(),
  )

describe('landing screen layouts', () => {
  beforeEach(() => reset())

  it('layout A web2-first: inline e-mail, 3 entries, then "More options" opening the overflow view', async () => {
    const element = await openWith({ loginMethods: { email: true, google: true, apple: true, passkey: true, discord: true } })
    equal(entries(element), ['input:email', 'Google', 'Apple', 'More options'])
    button(shadow(element), 'More options')!.click()
    await waitFor(() => shadow(element).querySelector('[data-screen="landing-overflow"]'), 'overflow view')
    equal(entries(element), ['Discord', 'I have a passkey'])
  })

  it('layout A web2-first with exactly 4 entries: 3 shown, the fourth behind "More options"', async () => {
    const element = await openWith({ loginMethods: { email: true, google: true, apple: true, passkey: true } })
    equal(entries(element), ['input:email', 'Google', 'Apple', 'More options'])
    button(shadow(element), 'More options')!.click()
    await waitFor(() => shadow(element).querySelector('[data-screen="landing-overflow"]'), 'overflow view')
    equal(entries(element), ['I have a passkey'])
  })

  it('layout A web3-first: the wallet entry comes first and opens the wallet list', async () => {
    const element = await openWith({ loginGroupPriority: 'web3-first', loginMethods: { email: true, google: true, wallet: true } })
    equal(entries(element), ['Continue with a wallet', 'input:email', 'Google'])
    button(shadow(element), 'Continue with a wallet')!.click()
    await waitFor(() => shadow(element).querySelector('[data-screen="wallet-list"]'), 'wallet list')
  })

  it('layout B: the given order, 4 entries plus "More options" when there is an overflow', async () => {
    const element = await openWith({
      loginMethodsAndOrder: { primary: ['google', 'passkey', 'email', 'github', 'telegram'], overflow: ['discord'] },
    })
    equal(entries(element), ['Google', 'I have a passkey', 'input:email', 'GitHub', 'More options'])
  })

  it('hideDirectWeb2Inputs: e-mail is a button that opens its own step', async () => {
    const element = await openWith({ hideDirectWeb2Inputs: true, loginMethods: { email: true, google: true } })
    equal(entries(element), ['Continue with Email', 'Google'])
    button(shadow(element), 'Continue with Email')!.click()
    await waitFor(() => byLabel(shadow(element), 'Email address'), 'e-mail step')
  })

  it('the login message is cut to 100 characters', async () => {
    const element = await openWith({ loginMessage: 'x'.repeat(150) })
    equal(shadow(element).querySelector('[part="login-message"]')!.textContent, 'x'.repeat(100))
  })

  it('the most recent login method picks the inline input', async () => {
    const element = await openWith({ loginMethods: { email: true, sms: true } }, { [`gatehouse:${APP_ID}:recent-login-method`]: 'sms' })
    // SMS leads and takes the input slot (the phone form), so e-mail becomes a button.
    equal(entries(element), ['input:tel', 'Continue with Email'])
  })

  it('error: no method enabled shows "You must enable at least one login method"', async () => {
    const element = await openWith({ loginMethods: {} })
    assert(queryByText(shadow(element), 'You must enable at least one login method'), 'configuration error shown')
  })

  it('error: login({ method }) for a disallowed method shows "Not allowed" with "Try another method"', async () => {
    const element = await openWith({ loginMethods: { email: true } })
    element.close()
    void element.login({ method: 'google' }).catch(() => undefined)
    await waitFor(() => queryByText(shadow(element), 'Not allowed'), 'Not allowed')
    button(shadow(element), 'Try another method')!.click()
    await waitFor(() => shadow(element).querySelector('[data-screen="landing"]'), 'back on landing')
  })

  it('the phone form module (libphonenumber-js) is loaded only when SMS is shown', async () => {
    const element = await openWith({ loginMethods: { email: true, sms: true } })
    equal(shadow(element).querySelector('[part="country-select"]'), null)
    button(shadow(element), 'Continue with SMS')!.click()
    // The test server serves libphonenumber-js unbundled, file by file: its first load is slow.
    await waitFor(() => shadow(element).querySelector('[part="country-select"]'), 'country picker', 60000)
  })

  it('a WhatsApp-only app titles the phone entry and screen for WhatsApp, not SMS', async () => {
    const element = await openWith({ loginMethods: { email: true, sms: true }, smsChannels: ['whatsapp'] })
    equal(entries(element), ['input:email', 'Continue with WhatsApp'])
    button(shadow(element), 'Continue with WhatsApp')!.click()
    await waitFor(() => queryByText(shadow(element), 'Log in with WhatsApp'), 'WhatsApp title')
    equal(queryByText(shadow(element), 'Log in with SMS'), null)
  })

  it("error: Google in an in-app browser shows 'Could not log in with provider' instead of opening a popup", async () => {
    const element = await openWith({ loginMethods: { email: true, google: true } })
    const userAgent = Object.getOwnPropertyDescriptor(Navigator.prototype, 'userAgent')!
    const open = window.open
    let opened = 0
    Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => 'Mozilla/5.0 (iPhone) Mobile/15E148 Instagram 309.0.0.28.111' })
    window.open = () => (opened++, null)
    try {
      button(shadow(element), 'Google')!.click()
      await waitFor(() => queryByText(shadow(element), 'Could not log in with provider'), 'in-app browser failure')
      equal(opened, 0)
      button(shadow(element), 'Go back')!.click()
      await waitFor(() => shadow(element).querySelector('[data-screen="landing"]'), 'back on landing')
    } finally {
      delete (navigator as { userAgent?: string }).userAgent
      Object.defineProperty(Navigator.prototype, 'userAgent', userAgent)
      window.open = open
    }
  })

  it('error: an entry whose method is not on this server yet says so instead of doing nothing', async () => {
    const element = await openWith({ loginMethods: { email: true, telegram: true } })
    button(shadow(element), 'Telegram')!.click()
    await waitFor(() => queryByText(shadow(element), 'Login with Telegram is not available on this server yet.'), 'not available')
  })
})
