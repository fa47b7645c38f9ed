import { getApiClient } from '../api/instance.ts'
import { captchaTokenForInit } from '../captcha/require.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import type { AlreadyLoggedInError } from '../errors/link.ts'
import type { PasskeyRejectedError, PasskeyUnknownError, WebAuthnNotSupportedError } from '../errors/passkey.ts'
import { errorDetail } from '../errors/toBaseError.ts'
import { publish } from '../events/bus.ts'
import { assertCanLogIn } from '../flows/loginGuard.ts'
import { $passkeyFlow } from '../stores/passkeyFlow.ts'
import { completeLogin, type CompletedLogin } from './internal/completeLogin.ts'

export interface SignupWithPasskeyParameters {
  /** Captcha token for the init call, when the app requires one. */
  captchaToken?: string
}
export type SignupWithPasskeyReturnType = CompletedLogin
export type SignupWithPasskeyErrorType =
  AlreadyLoggedInError | WebAuthnNotSupportedError | PasskeyRejectedError | PasskeyUnknownError | ApiError | TimeoutError | NetworkError

/**
 * Creates a new user whose first login method is a new passkey (`POST /passkeys/register/init`,
 * the browser prompt, `POST /passkeys/register`). Only when the app has `passkeysForSignupEnabled`;
 * otherwise the server answers `disallowed_login_method`. Publishes `auth-success` (or `auth-error`).
 *
 * @example
 * const { user, isNewUser } = await signupWithPasskey()
 */
export async function signupWithPasskey({ captchaToken }: SignupWithPasskeyParameters = {}): Promise<SignupWithPasskeyReturnType> {
  assertCanLogIn()
  try {
    $passkeyFlow.set('generating-challenge')
    const { createCredential } = await import('../passkeys/webauthn.ts')
    const api = getApiClient()
    const options = await api.post('/passkeys/register/init', { token: captchaToken ?? (await captchaTokenForInit()) ?? null })
    $passkeyFlow.set('awaiting-passkey')
    const credential = await createCredential(options)
    const response = await api.post('/passkeys/register', { relying_party: location.origin, authenticator_response: credential, mode: 'login-or-sign-up' })
    const completed = completeLogin(response, 'passkey')
    $passkeyFlow.set('done')
    return completed
  } catch (error) {
    $passkeyFlow.set('error')
    publish('auth-error', errorDetail(error))
    throw error
  }
}
