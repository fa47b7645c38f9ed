import { getApiClient } from '../api/instance.ts'
import { captchaTokenForInit } from '../captcha/require.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import type { AlreadyLoggedInError } from '../errors/link.ts'
import type { PasskeyRejectedError, PasskeyUnknownError, WebAuthnNotSupportedError } from '../errors/passkey.ts'
import { errorDetail } from '../errors/toBaseError.ts'
import { publish } from '../events/bus.ts'
import { assertCanLogIn } from '../flows/loginGuard.ts'
import { $config } from '../stores/config.ts'
import { $passkeyFlow } from '../stores/passkeyFlow.ts'
import { completeLogin, type CompletedLogin } from './internal/completeLogin.ts'

export interface LoginWithPasskeyParameters {
  /** Refuse to create a new user (mode 'no-signup'); a passkey login never creates one anyway. */
  disableSignup?: boolean
  /** Captcha token for the init call, when the app requires one. */
  captchaToken?: string
}
export type LoginWithPasskeyReturnType = CompletedLogin
export type LoginWithPasskeyErrorType =
  AlreadyLoggedInError | WebAuthnNotSupportedError | PasskeyRejectedError | PasskeyUnknownError | ApiError | TimeoutError | NetworkError

/**
 * Logs in with a passkey already on this device: `POST /passkeys/authenticate/init` (a challenge
 * for any of the app's passkeys), the browser prompt, then `POST /passkeys/authenticate`.
 * Publishes `auth-success` (or `auth-error`).
 *
 * @example
 * const { user } = await loginWithPasskey()
 */
export async function loginWithPasskey({ disableSignup, captchaToken }: LoginWithPasskeyParameters = {}): Promise<LoginWithPasskeyReturnType> {
  assertCanLogIn()
  try {
    $passkeyFlow.set('generating-challenge')
    const { getCredential } = await import('../passkeys/webauthn.ts')
    const api = getApiClient()
    const options = await api.post('/passkeys/authenticate/init', { token: captchaToken ?? (await captchaTokenForInit()) ?? null })
    $passkeyFlow.set('awaiting-passkey')
    const credential = await getCredential(options)
    const mode = (disableSignup ?? $config.get().app?.disableSignup) ? 'no-signup' : 'login-or-sign-up'
    const response = await api.post('/passkeys/authenticate', {
      relying_party: location.origin,
      challenge: options.challenge,
      authenticator_response: credential,
      mode,
    })
    const completed = completeLogin(response, 'passkey')
    $passkeyFlow.set('done')
    return completed
  } catch (error) {
    $passkeyFlow.set('error')
    publish('auth-error', errorDetail(error))
    throw error
  }
}
