import { getApiClient } from '../api/instance.ts'
import { ApiError, type NetworkError, type TimeoutError } from '../errors/api.ts'
import { BaseError } from '../errors/base.ts'
import { LinkedToAnotherUserError, type AlreadyLoggedInError } from '../errors/link.ts'
import { errorDetail } from '../errors/toBaseError.ts'
import { publish } from '../events/bus.ts'
import { assertCanLogIn } from '../flows/loginGuard.ts'
import { $config } from '../stores/config.ts'
import { completeLogin, type CompletedLogin } from './internal/completeLogin.ts'

export interface LoginWithCustomTokenParameters {
  /** A JWT the host signed for its user; the server checks it against the app's issuer and keys. */
  token: string
  /** Refuse to create a new user (mode 'no-signup'). */
  disableSignup?: boolean
}
export type LoginWithCustomTokenReturnType = CompletedLogin
export type LoginWithCustomTokenErrorType = AlreadyLoggedInError | BaseError | ApiError | TimeoutError | NetworkError

/**
 * Logs in with the host's own token (`POST /custom_jwt_account/authenticate`); the host's user id
 * (`sub`) becomes a `custom_auth` account. Publishes `auth-success` (or `auth-error`).
 *
 * @example
 * const { user } = await loginWithCustomToken({ token: await myBackend.gatehouseToken() })
 */
export async function loginWithCustomToken({ token, disableSignup }: LoginWithCustomTokenParameters): Promise<LoginWithCustomTokenReturnType> {
  if (!token) throw new BaseError('A custom token is required.', { code: 'invalid_data' })
  assertCanLogIn()
  try {
    const mode = (disableSignup ?? $config.get().app?.disableSignup) ? 'no-signup' : 'login-or-sign-up'
    const response = await getApiClient().post('/custom_jwt_account/authenticate', { token, mode })
    return completeLogin(response, 'custom')
  } catch (caught) {
    // The custom-token sync logs out and retries on this one (spec §4), so it gets its client code.
    const error = caught instanceof ApiError && caught.code === 'linked_to_another_user' ? new LinkedToAnotherUserError({ cause: caught }) : caught
    publish('auth-error', errorDetail(error))
    throw error
  }
}
