import './auth-modal.ts'
import { linkWallet } from '../../src/actions/linkWallet.ts'
import { toUser } from '../../src/api/user.ts'
import { guestCredentialKey } from '../../src/actions/loginAsGuest.ts'
import { $modal } from '../../src/stores/modal.ts'
import { $session } from '../../src/stores/session.ts'
import { API_URL, APP_ID, accessToken, appConfig, assert, authResponse, equal, mockFetch, reset, waitFor, wireUser } from '../testing/harness.ts'
import type { AuthModalElement } from './auth-modal.element.ts'

const guestUser = () =>
  wireUser({ is_guest: true, linked_accounts: [{ type: 'guest', address: 'hash', verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }] })

async function mount(): Promise<AuthModalElement> {
  const element = document.createElement('auth-modal')
  element.setAttribute('app-id', APP_ID)
  element.setAttribute('api-url', API_URL)
  document.body.append(element)
  await waitFor(() => element.ready, 'ready')
  return element
}

describe('<auth-modal> guest login follows the app switch', () => {
  beforeEach(() => reset())

  it('error: with guest login off, loginAsGuest() rejects as the server would (disallowed_login_method) before a credential is made or sent', async () => {
    const calls = mockFetch({
      [`GET /apps/${APP_ID}`]: { body: appConfig({ loginMethods: { email: true } }) },
      'POST /analytics_events': { status: 204 },
      'POST /guest/authenticate': { body: authResponse({ user: guestUser() }) },
    })
    const element = await mount()
    const errors: string[] = []
    element.addEventListener('auth-error', (event) => errors.push((event as CustomEvent).detail.code))
    const outcome = await element.loginAsGuest().then(
      () => 'resolved',
      (error: { code?: string; shortMessage?: string }) => `${error.code}: ${error.shortMessage}`,
    )
    equal(outcome, 'disallowed_login_method: Not allowed')
    equal(errors, ['disallowed_login_method'])
    equal(
      calls.some((c) => c.path === '/guest/authenticate'),
      false,
      'no guest request',
    )
    equal(localStorage.getItem(guestCredentialKey(APP_ID)), null, 'no credential stored')
  })

  it('with guest login on, loginAsGuest() signs in a guest', async () => {
    const calls = mockFetch({
      [`GET /apps/${APP_ID}`]: { body: appConfig({ loginMethods: { email: true, guest: true } }) },
      'POST /analytics_events': { status: 204 },
      'POST /guest/authenticate': { body: authResponse({ user: guestUser() }) },
    })
    const element = await mount()
    const user = await element.loginAsGuest()
    equal(user.isGuest, true)
    const sent = calls.find((c) => c.path === '/guest/authenticate')?.body as { guest_credential?: string } | undefined
    assert(sent?.guest_credential && sent.guest_credential === localStorage.getItem(guestCredentialKey(APP_ID)), 'the stored credential is sent')
  })

  it('error: a signed-in guest cannot open the wallet list to link a wallet (GUEST_CANNOT_LINK)', async () => {
    mockFetch({
      [`GET /apps/${APP_ID}`]: { body: appConfig({ loginMethods: { email: true, wallet: true, guest: true } }) },
      'POST /analytics_events': { status: 204 },
    })
    await mount()
    $session.set({
      status: 'authenticated',
      user: toUser(guestUser() as never),
      tokens: { token: accessToken(), refreshToken: 'refresh-1', identityToken: null },
    })
    let code: string | undefined
    try {
      linkWallet()
    } catch (error) {
      code = (error as { code?: string }).code
    }
    equal(code, 'GUEST_CANNOT_LINK')
    equal($modal.get().open, false, 'the wallet list did not open')
  })
})
