/** An `<auth-modal>` on its login code screen, for element tests of that screen. */
import { API_URL, APP_ID, appConfig, authResponse, button, byLabel, mockFetch, shadow, type, waitFor, wireUser, type Route } from './harness.ts'

/** Mounts, opens and submits an e-mail so the code screen shows; `authenticate` answers the code. */
export async function openCodeScreen(authenticate: Route | Route[] = { body: authResponse() }, config = appConfig()) {
  const calls = mockFetch({
    [`GET /apps/${APP_ID}`]: { body: config },
    'POST /analytics_events': { status: 204 },
    'POST /passwordless/init': { body: { success: true } },
    'POST /passwordless/authenticate': authenticate,
    'POST /users/me/accept_terms': { body: { user: wireUser({ has_accepted_terms: true }) } },
    'POST /sessions/logout': { body: { success: true } },
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
  const digit = (n: number) => byLabel<HTMLInputElement>(root, `Digit ${n}`)!
  return { element, root, calls, digit }
}
