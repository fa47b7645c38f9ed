/**
 * The browser half of a passkey ceremony, loaded only when a passkey screen or action runs (it
 * pulls in @simplewebauthn/browser). The server sends options with the spec's snake_case names
 * (rp_id, allow_credentials, …); the library wants WebAuthn's camelCase JSON.
 */
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser'
import { PasskeyRejectedError, PasskeyUnknownError, WebAuthnNotSupportedError } from '../errors/passkey.ts'

export function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys)
  if (!value || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()), camelKeys(v)]))
}

/** NotAllowedError (cancel or time-out) and AbortError → 'Passkey request timed out or rejected by user.'. */
function mapCeremonyError(error: unknown): Error {
  const name = (error as { name?: string; cause?: { name?: string } } | null)?.name
  const causeName = (error as { cause?: { name?: string } } | null)?.cause?.name
  if (name === 'NotAllowedError' || name === 'AbortError' || causeName === 'NotAllowedError' || causeName === 'AbortError')
    return new PasskeyRejectedError({ cause: error })
  const code = (error as { code?: string } | null)?.code
  if (code === 'ERROR_CEREMONY_ABORTED' || code === 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY') return new PasskeyRejectedError({ cause: error })
  return new PasskeyUnknownError({ cause: error })
}

function requireWebAuthn() {
  if (!browserSupportsWebAuthn()) throw new WebAuthnNotSupportedError()
}

export async function createCredential(options: unknown): Promise<RegistrationResponseJSON> {
  requireWebAuthn()
  try {
    return await startRegistration({ optionsJSON: camelKeys(options) as PublicKeyCredentialCreationOptionsJSON })
  } catch (error) {
    throw mapCeremonyError(error)
  }
}

export async function getCredential(options: unknown): Promise<AuthenticationResponseJSON> {
  requireWebAuthn()
  try {
    return await startAuthentication({ optionsJSON: camelKeys(options) as PublicKeyCredentialRequestOptionsJSON })
  } catch (error) {
    throw mapCeremonyError(error)
  }
}
