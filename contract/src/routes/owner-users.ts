/**
 * The app owner's users (issue #27, point 2): list, search, read, create, custom metadata, delete,
 * import and export, for one app. Who may call is decided by the server's `authorizeOwner` (the
 * admin token, the app's own secrets, its operators); the paths name the app, so a caller reaches
 * only the apps it is allowed.
 */
import { defineRoute } from './define.ts'
import { appParams } from './headers.ts'
import { customMetadataSchema, wireUserSchema } from './shared.ts'

const userParams = {
  type: 'object',
  required: ['app_id', 'user_id'],
  properties: { app_id: { type: 'string' }, user_id: { type: 'string', maxLength: 200 } },
} as const

/** An embedded wallet of the user, with how its recovery share is protected. */
const ownerWalletSchema = {
  type: 'object',
  required: ['address', 'chain_type', 'recovery_method', 'imported', 'created_at', 'on_device'],
  properties: {
    address: { type: 'string' },
    chain_type: { type: 'string' },
    recovery_method: { type: ['string', 'null'], description: "'privy' (automatic) or 'user-passcode'; null when the server holds no shares" },
    imported: { type: 'boolean' },
    created_at: { type: 'number', description: 'unix seconds' },
    on_device: {
      type: 'boolean',
      description: "false until a device of the user holds a share: a wallet made in advance (create's `wallets`) cannot sign before the user's first login",
    },
  },
  additionalProperties: false,
} as const

/** What the owner sees of a user: the wire user plus its live sessions and its embedded wallets. */
export const ownerUserSchema = {
  ...wireUserSchema,
  required: [...wireUserSchema.required, 'sessions_count', 'wallets'],
  properties: {
    ...wireUserSchema.properties,
    sessions_count: { type: 'integer', description: 'sessions not revoked' },
    wallets: { type: 'array', items: ownerWalletSchema },
  },
} as const

/** A login method given for a new user; the same shapes a JSON line of an import carries. */
export const ownerLinkedAccountInput = {
  type: 'object',
  required: ['type'],
  properties: {
    type: { type: 'string', enum: ['email', 'phone', 'wallet', 'farcaster', 'telegram', 'custom_auth'] },
    address: { type: 'string', maxLength: 320, description: 'email, wallet' },
    number: { type: 'string', maxLength: 40, description: 'phone (any form libphonenumber reads; stored E.164)' },
    chain_type: { type: 'string', enum: ['ethereum', 'solana'], description: 'wallet (default ethereum)' },
    fid: { type: 'integer', minimum: 1, description: 'farcaster' },
    owner_address: { type: 'string', maxLength: 64, description: 'farcaster custody address' },
    telegram_user_id: { type: 'string', maxLength: 20, description: 'telegram' },
    custom_user_id: { type: 'string', maxLength: 256, description: 'custom_auth' },
  },
  additionalProperties: false,
} as const

const createBody = {
  type: 'object',
  required: ['linked_accounts'],
  properties: {
    linked_accounts: { type: 'array', minItems: 1, maxItems: 10, items: ownerLinkedAccountInput },
    custom_metadata: customMetadataSchema,
    wallets: {
      type: 'array',
      maxItems: 2,
      description:
        "Embedded wallets made now, one per chain, one secret (automatic recovery). The user's device receives them on first login; until then they cannot sign (`on_device: false`). Refused with not_supported (422) when the app requires user-owned recovery on creation (embeddedWallets.requireUserOwnedRecoveryOnCreate).",
      items: {
        type: 'object',
        required: ['chain_type'],
        properties: { chain_type: { type: 'string', enum: ['ethereum', 'solana'] } },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const

// Query strings are not coerced (app.ts): numbers and booleans are written as the text they arrive as.
const unixSeconds = { type: 'string', pattern: '^[0-9]{1,12}$' } as const
const queryBoolean = { type: 'string', enum: ['true', 'false'] } as const

const listQuery = {
  type: 'object',
  properties: {
    cursor: { type: 'string', maxLength: 300, description: 'next_cursor of the page before' },
    limit: { type: 'string', pattern: '^(100|[1-9][0-9]?)$', description: '1 to 100 (default 50)' },
    created_after: { ...unixSeconds, description: 'unix seconds, inclusive' },
    created_before: { ...unixSeconds, description: 'unix seconds, exclusive' },
    linked_account_type: { type: 'string', maxLength: 64 },
    has_embedded_wallet: queryBoolean,
    has_mfa: queryBoolean,
  },
  additionalProperties: false,
} as const

const searchQuery = {
  type: 'object',
  description: 'exactly one of the fields',
  minProperties: 1,
  maxProperties: 1,
  properties: {
    email: { type: 'string', maxLength: 320 },
    phone: { type: 'string', maxLength: 40 },
    wallet_address: { type: 'string', maxLength: 64, description: 'any chain; Ethereum case-insensitive, Solana exact' },
    farcaster_fid: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' },
    telegram_user_id: { type: 'string', maxLength: 20 },
    custom_user_id: { type: 'string', maxLength: 256 },
    user_id: { type: 'string', maxLength: 200 },
  },
  additionalProperties: false,
} as const

const usersPage = <const D extends string>(description: D) =>
  ({
    description,
    type: 'object',
    required: ['data', 'next_cursor'],
    properties: { data: { type: 'array', items: ownerUserSchema }, next_cursor: { type: ['string', 'null'] } },
    additionalProperties: false,
  }) as const

const importLineReport = {
  type: 'object',
  required: ['line', 'status'],
  properties: {
    line: { type: 'integer', description: '1-based' },
    status: { type: 'string', enum: ['created', 'exists', 'failed'] },
    user_id: { type: 'string' },
    code: { type: 'string', description: 'failed: the error code' },
    error: { type: 'string', description: 'failed: why' },
  },
  additionalProperties: false,
} as const

/** The largest import, in lines (the body limit of the route is sized for it). */
export const OWNER_IMPORT_MAX_LINES = 10_000

export const ownerUsersRoutes = {
  'GET /apps/:app_id/users': defineRoute({
    method: 'GET',
    path: '/apps/:app_id/users',
    schema: {
      summary: 'List the users of an app, newest first, by cursor (owner)',
      params: appParams,
      querystring: listQuery,
      response: { 200: usersPage('A page of users; next_cursor is null on the last page') },
    },
  }),
  'GET /apps/:app_id/users/search': defineRoute({
    method: 'GET',
    path: '/apps/:app_id/users/search',
    schema: {
      summary: 'Find a user by e-mail, phone, wallet address, Farcaster fid, Telegram id, custom-auth id or user id (owner)',
      params: appParams,
      querystring: searchQuery,
      response: { 200: usersPage('The user found (none or one); next_cursor is always null') },
    },
  }),
  'GET /apps/:app_id/users/export': defineRoute({
    method: 'GET',
    path: '/apps/:app_id/users/export',
    schema: {
      summary: 'Every user of an app, streamed as JSON lines (wire users) or CSV; no secrets (owner)',
      params: appParams,
      querystring: {
        type: 'object',
        properties: { format: { type: 'string', enum: ['jsonl', 'csv'], default: 'jsonl' } },
        additionalProperties: false,
      },
      response: {
        200: {
          description: 'The users, oldest first',
          content: { 'application/x-ndjson': { schema: { type: 'string' } }, 'text/csv': { schema: { type: 'string' } } },
        },
      },
    },
  }),
  'POST /apps/:app_id/users/import': defineRoute({
    method: 'POST',
    path: '/apps/:app_id/users/import',
    schema: {
      summary: 'Import users: JSON lines (application/x-ndjson), one { linked_accounts, custom_metadata?, wallets? } per line (owner)',
      description:
        'Each line is the create call\'s body (`wallets` included: made in advance, as create makes them). Idempotent by linked account: a line whose accounts all belong to one user already reports `exists` (and gets no wallet made). Each line is written in its own transaction, so a failed line leaves nothing behind and the others stand. The same lines may be sent as application/json `{ "users": [...] }`.',
      params: appParams,
      body: {
        type: 'object',
        required: ['users'],
        properties: { users: { type: 'array', maxItems: OWNER_IMPORT_MAX_LINES, items: {} } },
        additionalProperties: false,
      },
      response: {
        200: {
          description: 'A report per line',
          type: 'object',
          required: ['created', 'exists', 'failed', 'lines'],
          properties: {
            created: { type: 'integer' },
            exists: { type: 'integer' },
            failed: { type: 'integer' },
            lines: { type: 'array', items: importLineReport },
          },
          additionalProperties: false,
        },
      },
    },
  }),
  'POST /apps/:app_id/users': defineRoute({
    method: 'POST',
    path: '/apps/:app_id/users',
    schema: {
      summary: 'Create a user holding the given login methods (owner); they log in with any of them',
      params: appParams,
      body: createBody,
      response: { 201: { ...ownerUserSchema, description: 'The new user' } },
    },
  }),
  'GET /apps/:app_id/users/:user_id': defineRoute({
    method: 'GET',
    path: '/apps/:app_id/users/:user_id',
    schema: {
      summary: 'One user with sessions count, MFA methods and embedded wallets (owner)',
      params: userParams,
      response: { 200: { ...ownerUserSchema, description: 'The user' } },
    },
  }),
  'PUT /apps/:app_id/users/:user_id/custom_metadata': defineRoute({
    method: 'PUT',
    path: '/apps/:app_id/users/:user_id/custom_metadata',
    schema: {
      summary: "Replace a user's custom metadata (owner); it appears in the user and the identity token",
      params: userParams,
      body: { type: 'object', required: ['custom_metadata'], properties: { custom_metadata: customMetadataSchema }, additionalProperties: false },
      response: { 200: { ...ownerUserSchema, description: 'The user with its new metadata' } },
    },
  }),
  'DELETE /apps/:app_id/users/:user_id': defineRoute({
    method: 'DELETE',
    path: '/apps/:app_id/users/:user_id',
    schema: {
      summary: 'Delete a user and end every session at once (owner)',
      description:
        'A user holding an embedded wallet is deleted only with `confirm_wallet_deletion=true`: its key shares on the server are destroyed with it, and without the recovery share the wallet may be lost for good.',
      params: userParams,
      querystring: {
        type: 'object',
        properties: { confirm_wallet_deletion: queryBoolean },
        additionalProperties: false,
      },
      response: {
        200: {
          description: 'What was destroyed',
          type: 'object',
          required: ['deleted', 'user_id', 'sessions_revoked', 'linked_accounts', 'embedded_wallets'],
          properties: {
            deleted: { type: 'boolean', const: true },
            user_id: { type: 'string' },
            sessions_revoked: { type: 'integer' },
            linked_accounts: { type: 'integer' },
            embedded_wallets: {
              type: 'array',
              items: {
                type: 'object',
                required: ['address', 'chain_type'],
                properties: { address: { type: 'string' }, chain_type: { type: 'string' } },
                additionalProperties: false,
              },
            },
          },
          additionalProperties: false,
        },
      },
    },
  }),
} as const
