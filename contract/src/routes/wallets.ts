/** Embedded wallets (spec part 3): the list, registering a wallet the frame derived, and the server's shares (frame origin only). */
import { defineRoute } from './define.ts'
import { bearerHeaders } from './headers.ts'
import { serverWalletListQuery, serverWalletSchema } from './server-wallets.ts'
import { wireLinkedAccountSchema, wireUserSchema } from './shared.ts'

/**
 * How the recovery share is protected: the server's key ('privy'), the user's passcode, or the
 * user's cloud storage ('google-drive', 'icloud': the share is there, encrypted; the server keeps
 * only the key that opens it).
 */
export const RECOVERY_METHODS = ['privy', 'user-passcode', 'google-drive', 'icloud'] as const

const text = <const N extends number>(max: N) => ({ type: 'string', minLength: 1, maxLength: max }) as const
const sharesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['share_set', 'auth_share', 'recovery_method', 'recovery_share'],
  properties: {
    share_set: text(64),
    auth_share: text(512),
    recovery_method: { type: 'string', enum: RECOVERY_METHODS },
    /** Base64 share (privy), the JSON password envelope (user-passcode), or the base64 key of the cloud copy (google-drive, icloud). */
    recovery_share: text(4096),
  },
} as const
const addressParams = { type: 'object', required: ['address'], properties: { address: text(64) } } as const

export const walletsRoutes = {
  'GET /wallets': defineRoute({
    method: 'GET',
    path: '/wallets',
    schema: {
      summary:
        "The signed-in user's embedded wallets (Bearer); or, for the app's backend (Basic app secret + privy-app-id), the embedded wallets of `user_id` with their policies",
      headers: bearerHeaders,
      querystring: { type: 'object', additionalProperties: false, properties: serverWalletListQuery },
      response: {
        200: {
          description: "The embedded wallets: the user's linked accounts (Bearer), or server wallets with a next_cursor (app secret)",
          anyOf: [
            {
              type: 'object',
              required: ['data'],
              properties: { data: { type: 'array', items: wireLinkedAccountSchema } },
              additionalProperties: false,
            },
            {
              type: 'object',
              required: ['data', 'next_cursor'],
              properties: { data: { type: 'array', items: serverWalletSchema }, next_cursor: { type: 'null' } },
              additionalProperties: false,
            },
          ],
        },
      },
    },
  }),
  'POST /wallets': defineRoute({
    method: 'POST',
    path: '/wallets',
    schema: {
      summary: 'Register a wallet the wallet frame derived (frame origin only)',
      headers: bearerHeaders,
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['chain_type', 'address', 'wallet_index', 'entropy_id', 'entropy_id_verifier', 'proof'],
        properties: {
          chain_type: { type: 'string', enum: ['ethereum', 'solana'] },
          address: text(64),
          wallet_index: { type: 'integer' },
          imported: { type: 'boolean' },
          entropy_id: text(64),
          entropy_id_verifier: { type: 'string', enum: ['ethereum-address-verifier', 'solana-address-verifier'] },
          /** Present when this wallet starts a new secret (first wallet, or an import). */
          shares: sharesSchema,
          /** Signature of the contract's registrationMessage by the wallet's own key. */
          proof: text(256),
        },
      },
      response: {
        200: {
          description: 'The user and the new wallet (a linked account)',
          type: 'object',
          required: ['user', 'wallet'],
          properties: { user: wireUserSchema, wallet: wireLinkedAccountSchema },
          additionalProperties: false,
        },
      },
    },
  }),
  'POST /embedded_wallets/:address/recovery/key_material': defineRoute({
    method: 'POST',
    path: '/embedded_wallets/:address/recovery/key_material',
    schema: {
      summary: "The server's shares of a wallet secret, for the wallet frame only",
      headers: bearerHeaders,
      params: addressParams,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: {
          /** Older form of `purpose: 'recover'`. */
          include_recovery: { type: 'boolean' },
          purpose: { type: 'string', enum: ['connect', 'recover', 'export'] },
        },
      },
      response: {
        200: {
          description: "The secret's server shares: the auth share always, the recovery share on recover",
          type: 'object',
          required: ['entropy_id', 'entropy_id_verifier', 'kind', 'share_set', 'auth_share', 'recovery_method'],
          properties: {
            entropy_id: { type: 'string' },
            entropy_id_verifier: { type: 'string' },
            kind: { type: 'string' },
            share_set: { type: 'string' },
            auth_share: { type: 'string' },
            recovery_method: { type: 'string' },
            recovery_share: { type: 'string' },
            /** When the session's MFA proof ends (ms); 0 when the user has no MFA. The frame signs only until then. */
            mfa_verified_until: { type: 'number' },
          },
          additionalProperties: false,
        },
      },
    },
  }),
  'POST /embedded_wallets/:address/recovery': defineRoute({
    method: 'POST',
    path: '/embedded_wallets/:address/recovery',
    schema: {
      summary: 'Replace the server shares after a new split under another recovery method (frame origin only)',
      headers: bearerHeaders,
      params: addressParams,
      body: {
        ...sharesSchema,
        properties: {
          ...sharesSchema.properties,
          /** Signature of the contract's shareSetMessage by the key of the entropy id; refused with invalid_share_set_proof when absent. */
          proof: text(256),
        },
      },
      response: {
        200: {
          description: 'The user after the change',
          type: 'object',
          required: ['user'],
          properties: { user: wireUserSchema },
          additionalProperties: false,
        },
      },
    },
  }),
} as const
