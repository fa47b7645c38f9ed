/** Schemas more than one route answers with: the user on the wire and the auth response. */

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

/** The signed-in user's access token (`Authorization: Bearer …`), as the routes of a signed-in user name it. */
export const bearerHeaders = { type: 'object', properties: { authorization: { type: 'string' } } } as const

/** The user after a link, unlink, update or transfer: the answer of every call that changes a user's accounts. */
export const userResponseSchema = { ...wireUserSchema, description: 'The user, with the change applied' } as const
