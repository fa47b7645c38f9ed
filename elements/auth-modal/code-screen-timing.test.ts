/**
 * The code screen's spec delays at their real values (the other code-screen tests shorten them):
 * spec part 1 §9 'Code length 6; resend cooldown 30 s' and 'error input reset 1400 ms'.
 */
import './auth-modal.ts'
import {
  API_URL,
  APP_ID,
  appConfig,
  assert,
  authResponse,
  button,
  byLabel,
  equal,
  mockFetch,
  paste,
  queryByText,
  reset,
  shadow,
  type,
  waitFor,
  type Route,
} from '../testing/harness.ts'

async function codeScreen(authenticate: Route | Route[] = { body: authResponse() }) {
  mockFetch({
    [`GET /apps/${APP_ID}`]: { body: appConfig() },
    'POST /analytics_events': { status: 204 },
    'POST /passwordless/init': { body: { success: true } },
    'POST /passwordless/authenticate': authenticate,
  })
  const element = document.createElement('auth-modal')
  element.setAttribute('app-id', APP_ID)
  element.setAttribute('api-url', API_URL)
  document.body.append(element)
  await waitFor(() => element.ready, 'ready')
  element.open()
  const root = shadow(element)
  type(await waitFor(() => byLabel<HTMLInputElement>(root, 'Email address'), 'e-mail input'), 'ada@example.com')
  await waitFor(() => !button(root, 'Submit')!.disabled, 'submit enabled')
  byLabel(root, 'Email address')!.form!.requestSubmit()
  await waitFor(() => byLabel(root, 'Digit 6'), 'code screen')
  return { root, digit: (n: number) => byLabel(root, `Digit ${n}`)! }
}

describe('code screen timing (spec §9)', () => {
  beforeEach(() => reset())

  it('six boxes; after Resend the badge counts down from 30 seconds', async () => {
    const { root } = await codeScreen()
    equal(byLabel(root, 'Digit 7'), null)
    button(root, 'Resend code')!.click()
    const left = await waitFor(() => root.querySelector('[part="badge"] [aria-label$="seconds until you can resend"]'), 'countdown')
    assert(left.textContent === '30s' || left.textContent === '29s', `starts at 30 s (reads ${left.textContent})`)
  })

  it('error: a wrong code stays in the boxes for 1400 ms, then they reset', async () => {
    const { root, digit } = await codeScreen({ status: 401, body: { error: 'Invalid code', code: 'invalid_credentials' } })
    paste(digit(1), '000000')
    await waitFor(() => queryByText(root, 'Invalid or expired verification code'), 'mapped message')
    const shownAt = performance.now()
    await waitFor(() => digit(6).value === '', 'inputs reset')
    const elapsed = performance.now() - shownAt
    assert(elapsed >= 1300 && elapsed < 5000, `reset after 1.4 s (took ${Math.round(elapsed)} ms)`)
  })
})
