/** An `<auth-modal>` on its login code screen, for element tests of that screen. */
import { appConfig, authResponse, byLabel, mountModal, shadow, submitLoginEmail, waitFor, wireUser, type Route } from './harness.ts'

/** Mounts, opens and submits an e-mail so the code screen shows; `authenticate` answers the code. */
export async function openCodeScreen(authenticate: Route | Route[] = { body: authResponse() }, config = appConfig()) {
  const { element, calls } = await mountModal(
    {
      'POST /passwordless/init': { body: { success: true } },
      'POST /passwordless/authenticate': authenticate,
      'POST /users/me/accept_terms': { body: { user: wireUser({ has_accepted_terms: true }) } },
      'POST /sessions/logout': { body: { success: true } },
    },
    config,
  )
  element.open()
  const root = shadow(element)
  await submitLoginEmail(root, 'ada@example.com')
  await waitFor(() => byLabel(root, 'Digit 6'), 'code screen')
  const digit = (n: number) => byLabel<HTMLInputElement>(root, `Digit ${n}`)!
  return { element, root, calls, digit }
}
