import { getAuthApiClient } from '../api/instance.ts'
import type { AppConfig } from '../api/types.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import { LoginMethodNotAllowedError } from '../errors/auth.ts'
import type { AlreadyLoggedInError } from '../errors/link.ts'
import { errorDetail } from '../errors/toBaseError.ts'
import { publish } from '../events/bus.ts'
import { assertCanLogIn } from '../flows/loginGuard.ts'
import { randomCode } from '../oauth/pkce.ts'
import { $config } from '../stores/config.ts'
import { getStorage } from '../stores/storage.ts'
import { completeLogin, type CompletedLogin } from './internal/completeLogin.ts'

export type LoginAsGuestReturnType = CompletedLogin
export type LoginAsGuestErrorType = AlreadyLoggedInError | LoginMethodNotAllowedError | ApiError | TimeoutError | NetworkError

/** Where the guest credential lives: per app, so the same browser comes back as the same guest. */
export const guestCredentialKey = (appId: string) => `gatehouse:${appId}:guest-credential`

/** The app's guest credential on this browser (32 secure random bytes, base64url), made on first use. */
export function guestCredential(appId: string): string {
  const storage = getStorage()
  const key = guestCredentialKey(appId)
  let credential = storage.getItem(key)
  if (!credential || !/^[A-Za-z0-9_-]{43}$/.test(credential)) {
    credential = randomCode(32)
    storage.setItem(key, credential)
  }
  return credential
}

/** Guest login is the app's `loginMethods.guest` switch (off by default), or guest listed in loginMethodsAndOrder. */
export function guestLoginEnabled(app: AppConfig): boolean {
  const order = app.loginMethodsAndOrder
  return Boolean(app.loginMethods?.guest || order?.primary?.includes('guest') || order?.overflow?.includes('guest'))
}

/**
 * Logs in as this browser's guest (`POST /guest/authenticate`): a user with no login method of its
 * own, kept by a credential stored per app. A guest may later log in to a real account; a guest
 * cannot link accounts. Refused (LoginMethodNotAllowedError, code `disallowed_login_method`) when
 * the app has guest login off, before a credential is made. Publishes `auth-success`.
 *
 * @example
 * const { user } = await loginAsGuest() // user.isGuest === true
 */
export async function loginAsGuest(): Promise<LoginAsGuestReturnType> {
  assertCanLogIn()
  try {
    const { app, appId } = $config.get()
    if (app && !guestLoginEnabled(app)) throw new LoginMethodNotAllowedError({ method: 'guest' })
    const guest_credential = guestCredential(appId!)
    const response = await getAuthApiClient().post('/guest/authenticate', { guest_credential })
    return completeLogin(response, 'guest')
  } catch (error) {
    publish('auth-error', errorDetail(error))
    throw error
  }
}
