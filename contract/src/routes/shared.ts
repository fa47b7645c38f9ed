/**
 * Answers more than one route gives: the user on the wire, the auth response, `{ success }`, the
 * user after a change. Each shape is written once, here (the request parts are in headers.ts).
 */
import type { JSONSchema } from 'json-schema-to-ts'

/** A linked account: its common fields, then the fields of its type (snake_case, as stored). */
export const wireLinkedAccountSchema = {
  type: 'object',
  required: ['type'],
  properties: {
    type: { type: 'string' },
    address: { type: ['string', 'null'] },
    phone_number: { type: 'string' },
    verified_at: { type: ['number', 'null'] },
    first_verified_at: { type: ['number', 'null'] },
    latest_verified_at: { type: ['number', 'null'] },
  },
  // Each account type carries fields of its own (a wallet's chain, an OAuth subject, …).
  additionalProperties: true,
} as const

/**
 * Custom metadata: a small flat JSON object the app's backend sets on a user (owner API), returned in
 * the user and, as a JSON string, in the identity token's `custom_metadata` claim. Size-limited
 * (CUSTOM_METADATA_MAX_BYTES serialized) because every identity token carries it.
 */
export const customMetadataSchema = {
  type: 'object',
  maxProperties: 32,
  propertyNames: { maxLength: 64 },
  additionalProperties: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] },
} as const

/** The largest custom metadata object, serialized as JSON (UTF-8 bytes). */
export const CUSTOM_METADATA_MAX_BYTES = 1024

export const wireUserSchema = {
  type: 'object',
  required: ['id', 'created_at', 'linked_accounts', 'has_accepted_terms', 'is_guest'],
  properties: {
    id: { type: 'string' },
    created_at: { type: 'number' },
    linked_accounts: { type: 'array', items: wireLinkedAccountSchema },
    mfa_methods: {
      type: 'array',
      items: { type: 'object', required: ['type'], properties: { type: { type: 'string', enum: ['sms', 'totp', 'passkey'] } }, additionalProperties: false },
    },
    has_accepted_terms: { type: 'boolean' },
    is_guest: { type: 'boolean' },
    custom_metadata: customMetadataSchema,
  },
  additionalProperties: false,
} as const

/** What every login and refresh answers (spec part 1 §7). */
export const authResponseSchema = {
  description: 'The auth response: the user, a new access token, identity token and refresh token',
  type: 'object',
  required: ['user', 'is_new_user', 'token', 'identity_token', 'session_update_action'],
  properties: {
    user: wireUserSchema,
    is_new_user: { type: 'boolean' },
    token: { type: 'string' },
    privy_access_token: { type: 'null' },
    identity_token: { type: 'string' },
    refresh_token: { type: ['string', 'null'], description: 'null when the server keeps it in an HttpOnly cookie' },
    oauth_tokens: { type: ['object', 'null'], additionalProperties: true },
    session_update_action: { type: 'string', enum: ['set'] },
  },
  additionalProperties: false,
} as const

/** `{ success: true }`: the answer of calls that only report that they were done. */
export const successSchema = {
  description: 'Done',
  type: 'object',
  required: ['success'],
  properties: { success: { type: 'boolean', const: true } },
  additionalProperties: false,
} as const

/** A success answer that is the user (link, transfer, …), described for its route. */
export const userAnswer = <const D extends string>(description: D) => ({ ...wireUserSchema, description }) as const

/** The user after a link, unlink, update or transfer: the answer of every call that changes a user's accounts. */
export const userResponseSchema = userAnswer('The user, with the change applied')

/** `{ user }`: the answer of calls that change the user in another way (terms, MFA methods). */
export const userObjectAnswer = <const D extends string>(description: D) =>
  ({ description, type: 'object', required: ['user'], properties: { user: wireUserSchema }, additionalProperties: false }) as const

/** A passed MFA verification: the session's MFA proof holds until `mfa_verified_until` (epoch ms). */
export const mfaProofAnswer = <const D extends string>(description: D) =>
  ({
    description,
    type: 'object',
    required: ['mfa_verified_until', 'user'],
    properties: { mfa_verified_until: { type: 'number', description: 'epoch milliseconds' }, user: wireUserSchema },
    additionalProperties: false,
  }) as const

/** A closed object: exactly `properties`, the `required` ones present (`additionalProperties: false`). */
export const closedObject = <const Req extends readonly string[], const P extends Readonly<Record<string, JSONSchema>>>(required: Req, properties: P) =>
  ({ type: 'object', required, properties, additionalProperties: false }) as const

/** A closed object as a route's answer, with its `description` (the answer check refuses anything more). */
export const closedAnswer = <const D extends string, const Req extends readonly string[], const P extends Readonly<Record<string, JSONSchema>>>(
  description: D,
  required: Req,
  properties: P,
) => ({ description, ...closedObject(required, properties) }) as const
