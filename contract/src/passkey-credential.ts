/**
 * The browser's passkey credential between WebAuthn's JSON (camelCase: what
 * @simplewebauthn/browser answers and @simplewebauthn/server verifies) and the spec's wire
 * format (snake_case, spec part 2 §7 and part 3 §3; schemas in routes/passkeys.ts). Field by
 * field rather than by a key rule: `clientDataJSON` is `client_data_json` and the extension output
 * `appid` is `app_id`, which no mechanical case change gives.
 */
import type { PasskeyAssertionBody, PasskeyAssertionWire, PasskeyRegistrationBody, PasskeyRegistrationWire } from './routes/passkeys.ts'

export type {
  PasskeyAssertionBody,
  PasskeyAssertionWire,
  PasskeyCreationOptions,
  PasskeyRegistrationBody,
  PasskeyRegistrationWire,
  PasskeyRequestOptions,
} from './routes/passkeys.ts'

/** WebAuthn's JSON of a new credential (the fields @simplewebauthn reads and writes). */
export interface WebAuthnRegistrationJSON {
  id: string
  rawId: string
  type: 'public-key'
  response: {
    clientDataJSON: string
    attestationObject: string
    authenticatorData?: string
    transports?: string[]
    publicKey?: string
    publicKeyAlgorithm?: number
  }
  authenticatorAttachment?: string
  clientExtensionResults: object
}

/** WebAuthn's JSON of an assertion. */
export interface WebAuthnAssertionJSON {
  id: string
  rawId: string
  type: 'public-key'
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string }
  authenticatorAttachment?: string
  clientExtensionResults: object
}

const EXTENSION_TO_WIRE: Record<string, string> = { appid: 'app_id', credProps: 'cred_props', hmacCreateSecret: 'hmac_create_secret' }
const EXTENSION_FROM_WIRE: Record<string, string> = Object.fromEntries(Object.entries(EXTENSION_TO_WIRE).map(([k, v]) => [v, k]))

/** Renames the extension outputs the spec names; any other passes unchanged. */
const renameKeys = (value: object | undefined, names: Record<string, string>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value ?? {}).map(([k, v]) => [names[k] ?? k, v]))

/** Copies the fields that are set (an absent optional field stays absent on the other side). */
const defined = <T extends Record<string, unknown>>(fields: T): T => Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as T

/** A new credential as the widget sends it. */
export function registrationToWire(json: WebAuthnRegistrationJSON): PasskeyRegistrationWire {
  const r = json.response
  return defined({
    id: json.id,
    raw_id: json.rawId,
    type: json.type,
    response: defined({
      client_data_json: r.clientDataJSON,
      attestation_object: r.attestationObject,
      authenticator_data: r.authenticatorData,
      transports: r.transports,
      public_key: r.publicKey,
      public_key_algorithm: r.publicKeyAlgorithm,
    }),
    authenticator_attachment: json.authenticatorAttachment,
    client_extension_results: renameKeys(json.clientExtensionResults, EXTENSION_TO_WIRE),
  })
}

/** An assertion as the widget sends it. */
export function assertionToWire(json: WebAuthnAssertionJSON): PasskeyAssertionWire {
  const r = json.response
  return defined({
    id: json.id,
    raw_id: json.rawId,
    type: json.type,
    response: defined({
      client_data_json: r.clientDataJSON,
      authenticator_data: r.authenticatorData,
      signature: r.signature,
      user_handle: r.userHandle,
    }),
    authenticator_attachment: json.authenticatorAttachment,
    client_extension_results: renameKeys(json.clientExtensionResults, EXTENSION_TO_WIRE),
  })
}

const isWire = (credential: object): boolean => 'raw_id' in credential

/**
 * The credential a route took (the spec's shape, or the deprecated camelCase one, which is
 * WebAuthn's JSON already) as WebAuthn's JSON, for @simplewebauthn/server to verify.
 */
export function registrationFromWire(credential: PasskeyRegistrationBody): WebAuthnRegistrationJSON {
  if (!isWire(credential)) return credential as unknown as WebAuthnRegistrationJSON
  const wire = credential as PasskeyRegistrationWire
  const r = wire.response
  return defined({
    id: wire.id,
    rawId: wire.raw_id,
    type: wire.type,
    response: defined({
      clientDataJSON: r.client_data_json,
      attestationObject: r.attestation_object,
      authenticatorData: r.authenticator_data,
      transports: r.transports as string[] | undefined,
      publicKey: r.public_key,
      publicKeyAlgorithm: r.public_key_algorithm,
    }),
    authenticatorAttachment: wire.authenticator_attachment,
    clientExtensionResults: renameKeys(wire.client_extension_results, EXTENSION_FROM_WIRE),
  })
}

/** The assertion a route took as WebAuthn's JSON (see registrationFromWire). */
export function assertionFromWire(credential: PasskeyAssertionBody): WebAuthnAssertionJSON {
  if (!isWire(credential)) return credential as unknown as WebAuthnAssertionJSON
  const wire = credential as PasskeyAssertionWire
  const r = wire.response
  return defined({
    id: wire.id,
    rawId: wire.raw_id,
    type: wire.type,
    response: defined({
      clientDataJSON: r.client_data_json,
      authenticatorData: r.authenticator_data,
      signature: r.signature,
      userHandle: r.user_handle ?? undefined,
    }),
    authenticatorAttachment: wire.authenticator_attachment,
    clientExtensionResults: renameKeys(wire.client_extension_results, EXTENSION_FROM_WIRE),
  })
}
