import './auth-modal.ts'
import { setViewport } from '@web/test-runner-commands'
import { $config } from '../../src/stores/config.ts'
import { TIMING } from '../../src/flows/timing.ts'
import {
  API_URL,
  APP_ID,
  OTHER_APP_ID,
  appConfig,
  assert,
  authResponse,
  button,
  byLabel,
  equal,
  mockFetch,
  queryByText,
  recordEvents,
  reset,
  shadow,
  type,
  waitFor,
} from '../testing/harness.ts'
import { AuthModalElement } from './auth-modal.element.ts'

async function mount(attributes: Record<string, string> = {}, config = appConfig()) {
  const calls = mockFetch({
    [`GET /apps/${APP_ID}`]: { body: config },
    'POST /analytics_events': { status: 204 },
    'POST /passwordless/init': { body: { success: true } },
    'POST /passwordless/authenticate': { body: authResponse() },
  })
  const element = document.createElement('auth-modal')
  element.setAttribute('app-id', APP_ID)
  element.setAttribute('api-url', API_URL)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  document.body.append(element)
  await waitFor(() => element.ready, 'ready')
  return { element, calls }
}

const dialog = (element: Element) => shadow(element).querySelector<HTMLElement>('[role="dialog"]')

describe('<auth-modal>', () => {
  beforeEach(() => reset())

  it('defines the tag', () => {
    equal(customElements.get('auth-modal') === AuthModalElement, true)
    assert(document.createElement('auth-modal') instanceof AuthModalElement, 'instance of the class')
  })

  it('reflects app-id and api-url into $config and loads the app configuration', async () => {
    const { element, calls } = await mount()
    equal($config.get().appId, APP_ID)
    equal($config.get().apiUrl, API_URL)
    equal($config.get().app?.name, 'Test App')
    const configCall = calls.find((c) => c.path === `/apps/${APP_ID}`)!
    equal(configCall.headers['privy-app-id'], APP_ID)
    equal(configCall.headers['privy-client'], 'react-auth:2.21.1')
    equal(element.appId, APP_ID)
    equal(element.authenticated, false)
    equal(element.user, null)
  })

  it('emits auth-ready once, bubbling and composed, with { authenticated, user }', async () => {
    const events = recordEvents(['auth-ready'])
    await mount()
    await waitFor(() => events.length === 1, 'auth-ready')
    equal(events[0]!.detail, { authenticated: false, user: null })
    equal(events[0]!.bubbles && events[0]!.composed, true)
  })

  it('open() renders the landing screen in the shadow root and emits modal-open', async () => {
    const events = recordEvents(['modal-open'])
    const { element } = await mount()
    equal(dialog(element), null)
    element.open()
    const box = await waitFor(() => dialog(element), 'dialog')
    assert(queryByText(box, 'Log in or sign up'), 'default landing header')
    assert(byLabel(box, 'Email address'), 'labelled e-mail input')
    assert(queryByText(box, 'By logging in I agree to the Terms & Privacy Policy'), 'consent line')
    // Spec part 1 §2: 'A footer shows a logo'.
    const logo = box.querySelector('[part="footer"] svg[part="footer-logo"]')
    equal(logo?.getAttribute('role'), 'img', 'footer logo')
    equal(logo?.getAttribute('aria-label'), 'Gatehouse')
    assert(logo!.getBoundingClientRect().width > 0, 'the logo is drawn')
    equal(box.getAttribute('aria-labelledby'), 'gh-screen-title')
    equal(events.length, 1)
    equal(events[0]!.bubbles && events[0]!.composed, true)
    equal(element.hasAttribute('open'), true)
    const links = [...box.querySelectorAll('a')].map((a) => a.target)
    equal(links, ['_blank', '_blank'])
  })

  it('close() emits modal-close and removes the dialog', async () => {
    const events = recordEvents(['modal-close'])
    const { element } = await mount()
    element.open()
    await waitFor(() => dialog(element), 'dialog')
    element.close()
    await waitFor(() => !dialog(element), 'dialog removed')
    equal(events.length, 1)
    equal(element.hasAttribute('open'), false)
  })

  it('the open attribute opens and closes; the close button closes', async () => {
    const { element } = await mount()
    element.setAttribute('open', '')
    await waitFor(() => dialog(element), 'dialog via attribute')
    button(dialog(element)!, 'Close')!.click()
    await waitFor(() => !dialog(element), 'closed by button')
    equal(element.hasAttribute('open'), false)
  })

  it('refuses a second instance with another app id: console.error, renders nothing', async () => {
    const { element } = await mount()
    const errors: string[] = []
    const original = console.error
    console.error = (...args: unknown[]) => void errors.push(args.join(' '))
    try {
      const second = document.createElement('auth-modal')
      second.setAttribute('app-id', OTHER_APP_ID)
      document.body.append(second)
      await waitFor(() => errors.length > 0, 'console.error')
      assert(errors[0]!.includes('Only one Gatehouse provider'), errors[0]!)
      second.open()
      element.open()
      await waitFor(() => dialog(element), 'first still works')
      equal(dialog(second), null)
      equal(shadow(second).childElementCount, 0)
      equal($config.get().appId, APP_ID)
    } finally {
      console.error = original
    }
  })

  it('accepts a second instance with the same app id (shared store)', async () => {
    const events = recordEvents(['auth-ready'])
    const { element } = await mount()
    const second = document.createElement('auth-modal')
    second.setAttribute('app-id', APP_ID)
    second.setAttribute('api-url', API_URL)
    document.body.append(second)
    await waitFor(() => events.length === 2, 'both auth-ready')
    element.open()
    await waitFor(() => dialog(second), 'second renders the shared modal')
  })

  it('error: an app id that is not 25 characters logs a clear error and emits auth-error', async () => {
    const errors: string[] = []
    const original = console.error
    console.error = (...args: unknown[]) => void errors.push(args.join(' '))
    const events = recordEvents(['auth-error'])
    try {
      const element = document.createElement('auth-modal')
      element.setAttribute('app-id', 'too-short')
      document.body.append(element)
      await waitFor(() => events.length === 1, 'auth-error')
      equal(events[0]!.detail.code, 'INVALID_APP_ID')
      assert(
        errors.some((e) => e.includes('exactly 25 characters')),
        'console.error mentions the rule',
      )
    } finally {
      console.error = original
    }
  })

  it('error: plain HTTP api-url away from localhost is refused', async () => {
    const events = recordEvents(['auth-error'])
    const original = console.error
    console.error = () => undefined
    try {
      const element = document.createElement('auth-modal')
      element.setAttribute('app-id', APP_ID)
      element.setAttribute('api-url', 'http://auth.example.com')
      document.body.append(element)
      await waitFor(() => events.length === 1, 'auth-error')
      equal(events[0]!.detail.code, 'INSECURE_API_URL')
    } finally {
      console.error = original
    }
  })

  it('applies the theme attribute and the accent colour', async () => {
    const { element } = await mount({ theme: 'dark', 'accent-color': '#ff0000' })
    element.open()
    const box = await waitFor(() => dialog(element), 'dialog')
    const root = shadow(element).querySelector<HTMLElement>('[part="root"]')!
    equal(root.dataset.theme, 'dark')
    equal(getComputedStyle(box).backgroundColor, 'rgb(30, 30, 35)')
    equal(getComputedStyle(box).getPropertyValue('--gh-accent').trim(), '#ff0000')
    element.setAttribute('theme', 'light')
    await waitFor(() => root.dataset.theme === 'light', 'theme switch')
    equal(getComputedStyle(box).backgroundColor, 'rgb(255, 255, 255)')
  })

  it('the dialog is at most 620 px tall, 480 px on a short viewport (compact)', async () => {
    const { element } = await mount()
    element.open()
    const box = await waitFor(() => dialog(element), 'dialog')
    try {
      await setViewport({ width: 1000, height: 800 })
      await waitFor(() => getComputedStyle(box).maxHeight === '620px', 'full height')
      await setViewport({ width: 1000, height: 560 })
      await waitFor(() => getComputedStyle(box).maxHeight === '480px', 'compact height')
    } finally {
      await setViewport({ width: 800, height: 600 })
    }
  })

  it('standalone renders inline without a close button', async () => {
    const { element } = await mount({ standalone: '' })
    const box = await waitFor(() => dialog(element), 'inline dialog')
    equal(button(box, 'Close'), null)
    equal(shadow(element).querySelector('[part="backdrop"]'), null)
  })

  it('cuts the login message to 100 characters and uses the configured header', async () => {
    const { element } = await mount({}, appConfig({ loginMessage: 'x'.repeat(150), landingHeader: 'Welcome back' }))
    element.open()
    const box = await waitFor(() => dialog(element), 'dialog')
    assert(queryByText(box, 'Welcome back'), 'header')
    equal(box.querySelector('[part="login-message"]')!.textContent, 'x'.repeat(100))
  })

  it('hides the consent line when the app requires terms acceptance', async () => {
    const { element } = await mount({}, appConfig({ legal: { requireUsersAcceptTerms: true } }))
    element.open()
    const box = await waitFor(() => dialog(element), 'dialog')
    equal(box.querySelector('[part="consent"]'), null)
  })

  it('shows the consent line while terms are required when the app forces it; its links open in a new tab', async () => {
    const legal = {
      requireUsersAcceptTerms: true,
      alwaysShowConsent: true,
      termsAndConditionsUrl: 'https://example.com/t',
      privacyPolicyUrl: 'https://example.com/p',
    }
    const { element } = await mount({}, appConfig({ legal }))
    element.open()
    const box = await waitFor(() => dialog(element), 'dialog')
    const consent = await waitFor(() => box.querySelector('[part="consent"]'), 'consent line')
    equal(consent.textContent!.replace(/\s+/g, ' ').trim(), 'By logging in I agree to the Terms & Privacy Policy')
    const links = [...consent.querySelectorAll('a')]
    equal(links.map((a) => `${a.href} ${a.target}`).join(', '), 'https://example.com/t _blank, https://example.com/p _blank')
  })

  it('error: a plus-address shows the inline error and disables submit when the app disallows them', async () => {
    const { element } = await mount({}, appConfig({ disablePlusEmails: true }))
    element.open()
    const box = await waitFor(() => dialog(element), 'dialog')
    const submit = button(box, 'Submit')!
    equal(submit.disabled, true)
    type(byLabel(box, 'Email address')!, 'ada+x@example.com')
    await waitFor(() => queryByText(box, "Please enter a valid email address without a '+'."), 'plus error')
    equal(submit.disabled, true)
    type(byLabel(box, 'Email address')!, 'ada@example.com')
    await waitFor(() => !submit.disabled, 'enabled')
  })

  it('logs in: landing → code → auth-success → closes; back keeps the e-mail', async () => {
    TIMING.closeDelayMs = 50
    const events = recordEvents(['auth-success', 'modal-close'])
    const { element, calls } = await mount()
    element.open()
    const box = await waitFor(() => dialog(element), 'dialog')
    type(byLabel(box, 'Email address')!, 'ada@example.com')
    await waitFor(() => !button(box, 'Submit')!.disabled, 'submit enabled')
    byLabel(box, 'Email address')!.form!.requestSubmit()
    await waitFor(() => queryByText(dialog(element)!, 'Enter confirmation code'), 'code screen')
    equal(calls.find((c) => c.path === '/passwordless/init')!.body, { email: 'ada@example.com' })
    button(dialog(element)!, 'Back')!.click()
    // In the click itself: the lit landing is there, and the leaving React screen (still in the DOM
    // until React's turn) is hidden, never shown beside it.
    assert(byLabel(dialog(element)!, 'Email address')?.checkVisibility(), 'landing shown in the click')
    const leaving = byLabel(dialog(element)!, 'Digit 1')
    assert(leaving, 'the leaving code screen is still in the DOM in the click')
    equal(leaving.checkVisibility(), false, 'the leaving code screen is hidden')
    // The landing is lit-html and shows in the click; React takes the code screen away in its own
    // turn (later on a busy machine): a code typed before then would land in the leaving screen.
    await waitFor(() => byLabel(dialog(element)!, 'Email address') && !byLabel(dialog(element)!, 'Digit 1'), 'back on landing')
    equal(byLabel(dialog(element)!, 'Email address')!.value, 'ada@example.com')
    byLabel(dialog(element)!, 'Email address')!.form!.requestSubmit()
    await waitFor(() => byLabel(dialog(element)!, 'Digit 1'), 'code inputs')
    // Each box as the user sees it (on a busy machine the screen can still be settling between keys).
    for (let i = 1; i <= 6; i++) type(await waitFor(() => byLabel<HTMLInputElement>(dialog(element)!, `Digit ${i}`), `digit ${i}`), String(i))
    await waitFor(() => events.some((e) => e.type === 'auth-success'), 'auth-success')
    const success = events.find((e) => e.type === 'auth-success')!
    equal(success.detail.isNewUser, true)
    equal(success.detail.loginMethod, 'email')
    equal(success.detail.user.email.address, 'ada@example.com')
    equal(element.authenticated, true)
    await waitFor(() => events.some((e) => e.type === 'modal-close'), 'closes after success')
    equal(await element.getAccessToken(), JSON.parse(localStorage.getItem(`gatehouse:${APP_ID}:session`)!).token)
    TIMING.closeDelayMs = 1400
  })

  it('logout() clears the session and emits logout', async () => {
    localStorage.setItem(`gatehouse:${APP_ID}:session`, JSON.stringify({ token: authResponse().token, refreshToken: 'r0', identityToken: null }))
    const events = recordEvents(['logout', 'auth-ready'])
    const element = document.createElement('auth-modal')
    mockFetch({
      [`GET /apps/${APP_ID}`]: { body: appConfig() },
      'POST /sessions': { body: authResponse() },
      'POST /sessions/logout': { body: { success: true } },
      'POST /analytics_events': { status: 204 },
    })
    element.setAttribute('app-id', APP_ID)
    element.setAttribute('api-url', API_URL)
    document.body.append(element)
    await waitFor(() => events.some((e) => e.type === 'auth-ready'), 'ready')
    equal(events[0]!.detail.authenticated, true)
    await element.logout()
    equal(events.filter((e) => e.type === 'logout').length, 1)
    equal(element.authenticated, false)
    equal(await element.getAccessToken(), null)
    equal(localStorage.getItem(`gatehouse:${APP_ID}:session`), null)
  })
})
