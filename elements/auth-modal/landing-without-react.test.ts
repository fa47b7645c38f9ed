/**
 * The landing paints before React (ARCHITECTURE.md 'The landing without React'): lit-html renders
 * it in the same task as open(), and what the user does before React's chunk is in is carried out.
 * First in its page on purpose: React has not been fetched yet when the first test acts.
 */
import './auth-modal.ts'
import { API_URL, APP_ID, appConfig, byLabel, equal, mockFetch, queryByText, reset, shadow, type, waitFor } from '../testing/harness.ts'
import type { AuthModalElement } from './auth-modal.element.ts'

describe('landing without React', () => {
  beforeEach(() => reset())

  it('paints in the same task as open(); an e-mail submitted before React is in shows the spinner, then the code screen', async () => {
    const calls = mockFetch({
      [`GET /apps/${APP_ID}`]: { body: appConfig({ loginMethods: { email: true, google: true } }) },
      'POST /analytics_events': { status: 204 },
      'POST /passwordless/init': { body: { success: true } },
    })
    const element = document.createElement('auth-modal') as AuthModalElement
    element.setAttribute('app-id', APP_ID)
    element.setAttribute('api-url', API_URL)
    document.body.append(element)
    await waitFor(() => element.ready, 'ready')
    element.open()
    // No await: the landing is on the page when open() returns (a React root would render later).
    const input = byLabel(shadow(element), 'Email address')
    equal(Boolean(input), true, 'landing painted synchronously')
    equal(shadow(element).activeElement, input, 'the e-mail input has the focus')
    type(input!, 'ada@example.com')
    input!.form!.requestSubmit()
    // The request goes at once; the code screen is React's, so the spinner shows until React is in.
    await waitFor(() => shadow(element).querySelector('[data-screen="loading"]'), 'spinner while React loads')
    await waitFor(() => queryByText(shadow(element), 'Enter confirmation code'), 'code screen')
    equal(
      calls.filter((c) => c.path === '/passwordless/init').map((c) => c.body),
      [{ email: 'ada@example.com' }],
    )
    equal(shadow(element).querySelector('[data-screen="landing"]'), null, 'the landing gave way')
  })

  it('Back from a React screen shows the lit-html landing again, with the typed e-mail and the focus in it', async () => {
    mockFetch({
      [`GET /apps/${APP_ID}`]: { body: appConfig({ loginMethods: { email: true, google: true, apple: true, passkey: true, discord: true } }) },
      'POST /analytics_events': { status: 204 },
    })
    const element = document.createElement('auth-modal') as AuthModalElement
    element.setAttribute('app-id', APP_ID)
    element.setAttribute('api-url', API_URL)
    document.body.append(element)
    await waitFor(() => element.ready, 'ready')
    element.open()
    type(byLabel(shadow(element), 'Email address')!, 'grace@example.com')
    const more = [...shadow(element).querySelectorAll('button')].find((b) => b.textContent === 'More options')!
    more.click()
    await waitFor(() => shadow(element).querySelector('[data-screen="landing-overflow"]'), 'overflow (React)')
    ;[...shadow(element).querySelectorAll<HTMLButtonElement>('button')].find((b) => b.getAttribute('aria-label') === 'Back')!.click()
    const input = await waitFor(() => byLabel<HTMLInputElement>(shadow(element), 'Email address'), 'landing again')
    equal(input.value, 'grace@example.com')
    await waitFor(() => shadow(element).activeElement === input, 'focus in the e-mail input')
    equal(shadow(element).querySelectorAll('[data-screen]').length, 1, 'one screen shown')
  })
})
