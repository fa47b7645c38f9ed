/** An `<auth-modal>` with a signed-in user, for element tests of the screens behind a login. */
import { toUser, type WireUser } from '../../src/api/user.ts'
import { $session } from '../../src/stores/session.ts'
import type { AuthModalElement } from '../auth-modal/auth-modal.element.ts'
import { API_URL, APP_ID, accessToken, appConfig, mockFetch, reset, waitFor, type Route } from './harness.ts'

/** Fresh page, `<auth-modal>` for an app with `config` overrides answering `routes`, `user` signed in. */
export async function mountSignedIn(
  user: WireUser,
  routes: Record<string, Route | Route[]> = {},
  config: Record<string, unknown> = {},
): Promise<AuthModalElement> {
  reset()
  mockFetch({ [`GET /apps/${APP_ID}`]: { body: appConfig(config) }, 'POST /analytics_events': { status: 204 }, ...routes })
  const element = document.createElement('auth-modal')
  element.setAttribute('app-id', APP_ID)
  element.setAttribute('api-url', API_URL)
  document.body.append(element)
  await waitFor(() => element.ready, 'ready')
  $session.set({ status: 'authenticated', user: toUser(user), tokens: { token: accessToken(), refreshToken: 'refresh-1', identityToken: null } })
  return element
}
