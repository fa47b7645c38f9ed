/**
 * `POST /wallets/:wallet_id/rpc` (api-paths.md), two callers on one path, told apart by the
 * `Authorization` scheme: a signed-in user (Bearer) asks only for a sponsored eth_sendTransaction
 * of a transaction the wallet frame signed; the app's backend (Basic app secret plus an
 * authorization signature) asks a delegated wallet to sign (server-wallets.ts).
 */
import { defineRoute } from './define.ts'
import { bearerHeaders } from './headers.ts'
import { serverRpcBodySchemas, serverRpcResponseSchemas } from './server-wallets.ts'

const sponsoredBody = {
  type: 'object',
  additionalProperties: false,
  required: ['chain_type', 'method', 'params'],
  properties: {
    chain_type: { type: 'string', enum: ['ethereum'] },
    method: { type: 'string', enum: ['eth_sendTransaction'] },
    caip2: { type: 'string', pattern: '^eip155:[0-9]{1,12}$' },
    sponsor: { type: 'boolean' },
    params: {
      type: 'object',
      additionalProperties: false,
      required: ['signed_transaction'],
      properties: { signed_transaction: { type: 'string', pattern: '^0x[0-9a-fA-F]{2,262144}$' } },
    },
  },
} as const

const sendAnswer = {
  type: 'object',

  required: ['method', 'data'],
  properties: {
    method: { type: 'string', const: 'eth_sendTransaction' },
    data: {
      type: 'object',
      required: ['hash', 'caip2'],
      properties: { hash: { type: 'string' }, caip2: { type: ['string', 'null'] } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const

export const walletRpcRoutes = {
  'POST /wallets/:wallet_id/rpc': defineRoute({
    method: 'POST',
    path: '/wallets/:wallet_id/rpc',
    schema: {
      summary:
        "The user (Bearer): a sponsored eth_sendTransaction, the app's sponsor paying the gas of a transaction the embedded wallet signed. The app's backend (Basic app secret + privy-authorization-signature): sign with a delegated wallet, within its policy",
      headers: bearerHeaders,
      params: { type: 'object', required: ['wallet_id'], properties: { wallet_id: { type: 'string', minLength: 1, maxLength: 64 } } },
      body: { anyOf: [sponsoredBody, ...serverRpcBodySchemas] },
      response: {
        200: {
          description: 'A broadcast transaction (its hash, and the chain it was asked on, null when not named), a signature or a signed transaction',
          anyOf: [sendAnswer, ...serverRpcResponseSchemas],
        },
      },
    },
  }),
} as const
