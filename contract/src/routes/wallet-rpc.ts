/** `POST /wallets/:wallet_id/rpc` (api-paths.md): only a sponsored eth_sendTransaction of a transaction the wallet frame signed. */
import { defineRoute } from './define.ts'
import { bearerHeaders } from './headers.ts'

export const walletRpcRoutes = {
  'POST /wallets/:wallet_id/rpc': defineRoute({
    method: 'POST',
    path: '/wallets/:wallet_id/rpc',
    schema: {
      summary: "Sponsored eth_sendTransaction: the app's sponsor pays the gas of a transaction the user's embedded wallet signed",
      headers: bearerHeaders,
      params: { type: 'object', required: ['wallet_id'], properties: { wallet_id: { type: 'string', minLength: 1, maxLength: 64 } } },
      body: {
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
      },
      response: {
        200: {
          description: 'The broadcast transaction: its hash, and the chain it was asked on (null when not named)',
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
        },
      },
    },
  }),
} as const
