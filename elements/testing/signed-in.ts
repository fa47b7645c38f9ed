/** An `<auth-modal>` with a signed-in user, for element tests of the screens behind a login. */
import { toUser, type WireUser } from '../../src/api/user.ts'
import { $config } from '../../src/stores/config.ts'
import { $session } from '../../src/stores/session.ts'
import { $signRequest } from '../../src/wallets/embedded/signing.ts'
import type { AuthModalElement } from '../auth-modal/auth-modal.element.ts'
import { API_URL, APP_ID, accessToken, appConfig, mountModal, reset, sleep, wireEmbeddedWallet, wireUser, type Route } from './harness.ts'

/** Fresh page, `<auth-modal>` for an app with `config` overrides answering `routes`, `user` signed in. */
export async function mountSignedIn(
  user: WireUser,
  routes: Record<string, Route | Route[]> = {},
  config: Record<string, unknown> = {},
): Promise<AuthModalElement> {
  reset()
  const { element } = await mountModal(routes, appConfig(config))
  $session.set({ status: 'authenticated', user: toUser(user), tokens: { token: accessToken(), refreshToken: 'refresh-1', identityToken: null } })
  return element
}

/**
 * A fresh page signed in with `wallets` linked and no `<auth-modal>`: the session `<sign-prompt>`
 * tests start from. A request an earlier test left open is settled first (it would emit during this one).
 */
export async function signedInWithWallets(wallets: ReturnType<typeof wireEmbeddedWallet>[]): Promise<void> {
  $signRequest.get()?.reject(new Error('test reset'))
  await sleep(20)
  reset()
  $config.set({ ...$config.get(), appId: APP_ID, apiUrl: API_URL, app: appConfig() as never })
  const user = toUser(wireUser({ linked_accounts: [...wireUser().linked_accounts, ...wallets] }) as never)
  $session.set({ status: 'authenticated', user, tokens: { token: accessToken(), refreshToken: 'refresh-1', identityToken: null } })
}
