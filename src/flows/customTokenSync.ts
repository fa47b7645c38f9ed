/**
 * Custom-token sync (spec §4): a host that runs its own auth hands us `getCustomAccessToken`;
 * whenever it is set (or the session settles) we make our session follow the host's: its token
 * logs the user in, no token logs the user out. States: initial, loading, done, error, or
 * not-enabled (the app has no custom auth). A LINKED_TO_ANOTHER_USER failure logs out and retries
 * once; any other failure logs the user out and reports the error (`auth-error`).
 */
import { ApiError } from '../errors/api.ts'
import { errorDetail } from '../errors/toBaseError.ts'
import { publish } from '../events/bus.ts'
import { $config } from '../stores/config.ts'
import { $customTokenSync, type CustomTokenSyncState } from '../stores/customTokenSync.ts'
import { $session } from '../stores/session.ts'

export { $customTokenSync, type CustomTokenSyncState }

export type GetCustomAccessToken = () => Promise<string | null | undefined> | string | null | undefined

export interface CustomTokenSyncDeps {
  login(token: string): Promise<unknown>
  logout(): Promise<unknown>
}

const isLinkedToAnotherUser = (error: unknown) =>
  (error instanceof ApiError && error.code === 'linked_to_another_user') || (error as { code?: string })?.code === 'LINKED_TO_ANOTHER_USER'

/** Runs one sync; resolves with the final state. */
export async function syncCustomToken(getToken: GetCustomAccessToken, deps: CustomTokenSyncDeps): Promise<CustomTokenSyncState> {
  if (!$config.get().app?.customAuth?.enabled) {
    $customTokenSync.set('not-enabled')
    return 'not-enabled'
  }
  $customTokenSync.set('loading')
  const authenticated = () => $session.get().status === 'authenticated'
  try {
    const token = await getToken()
    const user = $session.get().user
    if (!token) {
      if (authenticated()) await deps.logout()
    } else if (!(authenticated() && user?.linkedAccounts.some((a) => a.type === 'custom_auth'))) {
      try {
        await deps.login(token)
      } catch (error) {
        if (!isLinkedToAnotherUser(error)) throw error
        // The signed-in user is not the host's: start over as the host's user.
        await deps.logout()
        await deps.login(token)
      }
    }
    $customTokenSync.set('done')
    return 'done'
  } catch (error) {
    if (authenticated()) await deps.logout().catch(() => undefined)
    publish('auth-error', errorDetail(error))
    $customTokenSync.set('error')
    return 'error'
  }
}
