/**
 * Passkey sign-up, login, link and unlink (spec part 1 §7) and passkeys as a second factor
 * (spec part 2 §7, `/mfa/passkeys/*`). The browser's credential travels in the spec's snake_case
 * (part 2 §7, part 3 §3): `id`, `raw_id`, `response` { `client_data_json`, … },
 * `authenticator_attachment`, `client_extension_results`, `type`. The server still takes the
 * camelCase JSON of @simplewebauthn/browser (`rawId`, `clientDataJSON`, …) that widget builds before
 * this contract sent: a host keeps the widget version it bundled, and its passkey users must not be
 * locked out when the server is upgraded first. Exactly one of the two shapes (`oneOf`); either
 * is turned into @simplewebauthn's own shape at the server's edge (../passkey-credential.ts), which
 * checks the inside as before.
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts'
import { defineRoute } from './define.ts'
import { authMode as mode, bearerHeaders, captchaToken } from './headers.ts'
import { authResponseSchema, mfaProofAnswer, userAnswer, userObjectAnswer } from './shared.ts'

const relyingParty = { type: 'string', maxLength: 512, description: 'the page origin (informational; the Origin header is what is checked)' } as const
const initBody = { type: 'object', properties: { token: captchaToken } } as const

const credentialId = { type: 'string', minLength: 1, maxLength: 1024, description: 'the credential id, base64url' } as const
const rawId = { type: 'string', maxLength: 1024, description: 'the same id as `id` (WebAuthn sends both)' } as const
const b64url = (description: string) => ({ type: 'string', description }) as const
const transports = { type: 'array', maxItems: 16, items: { type: 'string', maxLength: 64 } } as const
const attachment = { type: 'string', maxLength: 64, description: "'platform' or 'cross-platform'" } as const

/** The spec's names for the extension outputs (`appid`, `credProps`, `hmacCreateSecret` in WebAuthn). */
const clientExtensionResultsSchema = {
  type: 'object',
  properties: {
    app_id: { type: 'boolean' },
    cred_props: { type: 'object', properties: { rk: { type: 'boolean' } }, additionalProperties: true },
    hmac_create_secret: { type: 'boolean' },
  },
  // Extensions are open-ended; the server reads none of them.
  additionalProperties: true,
} as const

/** A credential in the spec's snake_case: the fields both ceremonies send around their own `response`. */
const wireCredentialSchema = <const R extends JSONSchema>(response: R) =>
  ({
    type: 'object',
    required: ['id', 'raw_id', 'type', 'response'],
    properties: {
      id: credentialId,
      raw_id: rawId,
      type: { type: 'string', const: 'public-key' },
      response,
      authenticator_attachment: attachment,
      client_extension_results: clientExtensionResultsSchema,
    },
  }) as const

/** A new credential (`navigator.credentials.create`) in the spec's snake_case. */
export const passkeyRegistrationSchema = wireCredentialSchema({
  type: 'object',
  required: ['client_data_json', 'attestation_object'],
  properties: {
    client_data_json: b64url('clientDataJSON, base64url'),
    attestation_object: b64url('the attestation object (CBOR), base64url'),
    authenticator_data: b64url('authenticator data, base64url'),
    transports,
    public_key: b64url('the public key (SPKI), base64url'),
    public_key_algorithm: { type: 'number' },
  },
})

/** An assertion (`navigator.credentials.get`) in the spec's snake_case (part 3 §3). */
export const passkeyAssertionSchema = wireCredentialSchema({
  type: 'object',
  required: ['client_data_json', 'authenticator_data', 'signature'],
  properties: {
    client_data_json: b64url('clientDataJSON, base64url'),
    authenticator_data: b64url('authenticator data, base64url'),
    signature: b64url('the signature, base64url'),
    user_handle: { type: ['string', 'null'], description: 'the user handle, base64url' },
  },
})

/** The camelCase JSON of @simplewebauthn/browser that earlier widget builds send (deprecated). */
const legacyCredentialSchema = (responseRequired: readonly string[]) =>
  ({
    type: 'object',
    description: 'deprecated: the camelCase JSON of @simplewebauthn/browser, still taken from widget builds that predate the snake_case wire format',
    required: ['id', 'rawId', 'type', 'response'],
    properties: {
      id: credentialId,
      rawId,
      type: { type: 'string', const: 'public-key' },
      response: { type: 'object', required: responseRequired },
      authenticatorAttachment: attachment,
      clientExtensionResults: { type: 'object', additionalProperties: true },
    },
  }) as const
const legacyRegistrationSchema = legacyCredentialSchema(['clientDataJSON', 'attestationObject'] as const)
const legacyAssertionSchema = legacyCredentialSchema(['clientDataJSON', 'authenticatorData', 'signature'] as const)

const registrationCredential = { oneOf: [passkeyRegistrationSchema, legacyRegistrationSchema] } as const
const assertionCredential = { oneOf: [passkeyAssertionSchema, legacyAssertionSchema] } as const

/** What `create` / `get` answer, as the widget sends it. */
export type PasskeyRegistrationWire = FromSchema<typeof passkeyRegistrationSchema>
export type PasskeyAssertionWire = FromSchema<typeof passkeyAssertionSchema>
/** What the server takes: the spec's shape or the deprecated camelCase one. */
export type PasskeyRegistrationBody = FromSchema<typeof registrationCredential>
export type PasskeyAssertionBody = FromSchema<typeof assertionCredential>

const credentialDescriptor = {
  type: 'object',
  required: ['id', 'type'],
  properties: { id: { type: 'string' }, type: { type: 'string' }, transports },
} as const
const extensionsSchema = { type: 'object', additionalProperties: true } as const

/** Creation options (WebAuthn's, in the spec's snake_case). */
const creationOptionsSchema = {
  description: 'Creation options for navigator.credentials.create (WebAuthn names in snake_case)',
  type: 'object',
  required: ['challenge', 'rp', 'user', 'pub_key_cred_params'],
  properties: {
    challenge: { type: 'string' },
    rp: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, id: { type: 'string' } } },
    user: {
      type: 'object',
      required: ['id', 'name', 'display_name'],
      properties: { id: { type: 'string' }, name: { type: 'string' }, display_name: { type: 'string' } },
    },
    pub_key_cred_params: {
      type: 'array',
      items: { type: 'object', required: ['alg', 'type'], properties: { alg: { type: 'number' }, type: { type: 'string' } } },
    },
    timeout: { type: 'number' },
    attestation: { type: 'string' },
    exclude_credentials: { type: 'array', items: credentialDescriptor },
    authenticator_selection: {
      type: 'object',
      properties: {
        authenticator_attachment: { type: 'string' },
        resident_key: { type: 'string' },
        require_resident_key: { type: 'boolean' },
        user_verification: { type: 'string' },
      },
    },
    extensions: extensionsSchema,
    hints: { type: 'array', items: { type: 'string' } },
  },
} as const

/** Request options (spec part 2 §3: rp_id, challenge, allow_credentials, timeout, extensions, user_verification). */
const requestOptionsSchema = {
  type: 'object',
  required: ['challenge'],
  properties: {
    rp_id: { type: 'string' },
    challenge: { type: 'string' },
    allow_credentials: { type: 'array', items: credentialDescriptor },
    timeout: { type: 'number' },
    user_verification: { type: 'string' },
    extensions: extensionsSchema,
    hints: { type: 'array', items: { type: 'string' } },
  },
} as const

export type PasskeyCreationOptions = FromSchema<typeof creationOptionsSchema>
export type PasskeyRequestOptions = FromSchema<typeof requestOptionsSchema>

export const passkeyRoutes = {
  'POST /passkeys/register/init': defineRoute({
    method: 'POST',
    path: '/passkeys/register/init',
    schema: {
      summary: 'Creation options for a passkey sign-up (rp, user, challenge, pub_key_cred_params, …)',
      body: initBody,
      response: { 200: creationOptionsSchema },
    },
  }),
  'POST /passkeys/register': defineRoute({
    method: 'POST',
    path: '/passkeys/register',
    schema: {
      summary: 'Sign up (or log in) with a newly created passkey → auth response',
      body: {
        type: 'object',
        required: ['authenticator_response'],
        properties: { relying_party: relyingParty, authenticator_response: registrationCredential, mode },
      },
      response: { 200: authResponseSchema },
    },
  }),
  'POST /passkeys/authenticate/init': defineRoute({
    method: 'POST',
    path: '/passkeys/authenticate/init',
    schema: {
      summary: 'Request options for a passkey login (rp_id, challenge, allow_credentials, timeout, user_verification)',
      body: initBody,
      response: { 200: { ...requestOptionsSchema, description: 'Request options for navigator.credentials.get (any passkey of the app)' } },
    },
  }),
  'POST /passkeys/authenticate': defineRoute({
    method: 'POST',
    path: '/passkeys/authenticate',
    schema: {
      summary: 'Log in with a passkey assertion → auth response',
      body: {
        type: 'object',
        required: ['challenge', 'authenticator_response'],
        properties: {
          relying_party: relyingParty,
          challenge: { type: 'string', minLength: 1, maxLength: 256 },
          authenticator_response: assertionCredential,
          mode,
        },
      },
      response: { 200: authResponseSchema },
    },
  }),
  'POST /passkeys/link/init': defineRoute({
    method: 'POST',
    path: '/passkeys/link/init',
    schema: {
      summary: 'Creation options for a passkey linked to the signed-in user',
      headers: bearerHeaders,
      body: initBody,
      response: { 200: creationOptionsSchema },
    },
  }),
  'POST /passkeys/link': defineRoute({
    method: 'POST',
    path: '/passkeys/link',
    schema: {
      summary: 'Link a newly created passkey to the signed-in user → the user',
      headers: bearerHeaders,
      body: {
        type: 'object',
        required: ['authenticator_response'],
        properties: { relying_party: relyingParty, authenticator_response: registrationCredential },
      },
      response: { 200: userAnswer('The user, with the new passkey among their linked accounts') },
    },
  }),
  'POST /passkeys/unlink': defineRoute({
    method: 'POST',
    path: '/passkeys/unlink',
    schema: {
      summary: "Unlink one of the signed-in user's passkeys → the user",
      headers: bearerHeaders,
      body: { type: 'object', required: ['credentialId'], properties: { credentialId: { type: 'string', minLength: 1, maxLength: 1024 } } },
      response: { 200: userAnswer('The user, without the passkey') },
    },
  }),
  'POST /mfa/passkeys/init': defineRoute({
    method: 'POST',
    path: '/mfa/passkeys/init',
    schema: {
      summary: "Request options naming the user's passkeys enrolled in MFA (host page, bearer only)",
      headers: bearerHeaders,
      response: {
        200: {
          description: 'Request options for navigator.credentials.get, limited to the passkeys enrolled in MFA',
          type: 'object',
          required: ['options'],
          properties: { options: requestOptionsSchema },
          additionalProperties: false,
        },
      },
    },
  }),
  'POST /mfa/passkeys/verify': defineRoute({
    method: 'POST',
    path: '/mfa/passkeys/verify',
    schema: {
      summary: 'Verify with a passkey enrolled in MFA (wallet frame only)',
      headers: bearerHeaders,
      body: { type: 'object', required: ['authenticator_response'], properties: { authenticator_response: assertionCredential } },
      response: { 200: mfaProofAnswer('Verified: the session carries an MFA proof until mfa_verified_until (unix ms)') },
    },
  }),
  'POST /mfa/passkeys/enrollment': defineRoute({
    method: 'POST',
    path: '/mfa/passkeys/enrollment',
    schema: {
      summary: "Set which of the user's passkeys are enrolled in MFA (wallet frame only)",
      headers: bearerHeaders,
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['credential_ids'],
        properties: {
          credential_ids: { type: 'array', maxItems: 5, items: { type: 'string', maxLength: 1024 } },
          remove_for_login: { type: 'boolean' },
        },
      },
      response: { 200: userObjectAnswer('The user, with the passkeys enrolled in MFA as asked') },
    },
  }),
} as const
