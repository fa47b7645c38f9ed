/**
 * The browser half of a passkey ceremony, loaded only when a passkey screen or action runs (it
 * pulls in @simplewebauthn/browser). The wire speaks the spec's snake_case both ways: options come
 * as rp_id, allow_credentials, … and the credential goes back as raw_id, response.client_data_json,
 * … (spec part 2 §7, part 3 §3); the library speaks WebAuthn's camelCase JSON.
 */
import { assertionToWire, registrationToWire, type PasskeyAssertionWire, type PasskeyRegistrationWire } from '@gatehouse/contract'
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  WebAuthnAbortService,
} from '@simplewebauthn/browser'
import { onPasskeyCeremony } from './ceremony.ts'
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

/**
 * Runs one ceremony so that closing the modal aborts it: the library passes its AbortController's
 * signal to navigator.credentials, and WebAuthnAbortService.cancelCeremony() aborts that controller.
 */
async function cancellable<T>(ceremony: () => Promise<T>): Promise<T> {
  const done = onPasskeyCeremony(() => WebAuthnAbortService.cancelCeremony())
  try {
    return await ceremony()
  } finally {
    done()
  }
}

/** Creates a passkey with the server's creation options → the new credential, as the wire carries it. */
export async function createCredential(options: unknown): Promise<PasskeyRegistrationWire> {
  requireWebAuthn()
  try {
    return registrationToWire(await cancellable(() => startRegistration({ optionsJSON: camelKeys(options) as PublicKeyCredentialCreationOptionsJSON })))
  } catch (error) {
    throw mapCeremonyError(error)
  }
}

/** Signs the server's challenge with a passkey → the assertion, as the wire carries it. */
export async function getCredential(options: unknown): Promise<PasskeyAssertionWire> {
  requireWebAuthn()
  try {
    return assertionToWire(await cancellable(() => startAuthentication({ optionsJSON: camelKeys(options) as PublicKeyCredentialRequestOptionsJSON })))
  } catch (error) {
    throw mapCeremonyError(error)
  }
}
