/**
 * Delegated actions (spec part 2 'Delegated actions', part 3 `createDelegatedAction` and
 * `POST /api/v1/wallets/revoke`; SECURITY.md "Delegated actions"): the signing service's public key,
 * the frame's hand-over of a sealed device share after the user's consent, and revoking.
 */
import { defineRoute } from './define.ts'
import { bearerHeaders } from './headers.ts'
import { wireUserSchema } from './shared.ts'

const text = <const N extends number>(max: N) => ({ type: 'string', minLength: 1, maxLength: max }) as const
const userAnswer = {
  description: 'The user after the change (wallet accounts carry `delegated`)',
  type: 'object',
  required: ['user'],
  properties: { user: wireUserSchema },
  additionalProperties: false,
} as const

export const delegationRoutes = {
  'GET /delegated_actions/signer_key': defineRoute({
    method: 'GET',
    path: '/delegated_actions/signer_key',
    schema: {
      summary: "The signing service's X25519 public key: the wallet frame seals a device share to it (HPKE, RFC 9180)",
      response: {
        200: {
          description: 'The key (base64, 32 bytes), its id and the HPKE suite',
          type: 'object',
          required: ['public_key', 'key_id', 'kem', 'kdf', 'aead'],
          properties: {
            public_key: { type: 'string' },
            key_id: { type: 'string' },
            kem: { type: 'string', enum: ['DHKEM(X25519, HKDF-SHA256)'] },
            kdf: { type: 'string', enum: ['HKDF-SHA256'] },
            aead: { type: 'string', enum: ['AES-128-GCM'] },
          },
          additionalProperties: false,
        },
      },
    },
  }),
  'POST /embedded_wallets/:address/delegated_actions': defineRoute({
    method: 'POST',
    path: '/embedded_wallets/:address/delegated_actions',
    schema: {
      summary: "Delegate wallets of one secret: its device share sealed to the signing service (frame origin only, after the user's consent)",
      headers: bearerHeaders,
      params: { type: 'object', required: ['address'], properties: { address: text(64) } },
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['share_set', 'sealed_share', 'delegated_wallets'],
        properties: {
          share_set: text(64),
          sealed_share: {
            type: 'object',
            additionalProperties: false,
            required: ['enc', 'ct', 'key_id'],
            properties: { enc: text(128), ct: text(1024), key_id: text(128) },
          },
          delegated_wallets: {
            type: 'array',
            minItems: 1,
            maxItems: 20,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['address', 'chain_type'],
              properties: { address: text(64), chain_type: { type: 'string', enum: ['ethereum', 'solana'] } },
            },
          },
        },
      },
      response: { 200: userAnswer },
    },
  }),
  'POST /wallets/revoke': defineRoute({
    method: 'POST',
    path: '/wallets/revoke',
    schema: {
      summary: "Revoke delegated actions: every delegated wallet of the user (the sealed shares are deleted); needs the session's device proof",
      headers: bearerHeaders,
      body: { type: 'object', additionalProperties: false, properties: {} },
      response: { 200: userAnswer },
    },
  }),
} as const
