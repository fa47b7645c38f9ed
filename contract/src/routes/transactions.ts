/** What the transaction confirmation screens ask: token prices, SPL token info, the app's transaction scan (spec part 3 §7). */
import { defineRoute } from './define.ts'
import { bearerHeaders } from './headers.ts'

export const transactionsRoutes = {
  'GET /token_price': defineRoute({
    method: 'GET',
    path: '/token_price',
    schema: {
      summary: 'Price of a token in USD (spec part 3 §7); SOL is asked on chain id 0',
      querystring: {
        type: 'object',
        required: ['chainId', 'tokenSymbol'],
        additionalProperties: false,
        properties: { chainId: { type: 'string', pattern: '^[0-9]{1,12}$' }, tokenSymbol: { type: 'string', pattern: '^[A-Za-z0-9.]{1,20}$' } },
      },
      response: {
        200: { description: 'The price in USD', type: 'object', required: ['usd'], properties: { usd: { type: 'number' } }, additionalProperties: false },
      },
    },
  }),
  'GET /spl_token_info': defineRoute({
    method: 'GET',
    path: '/spl_token_info',
    schema: {
      summary: "An SPL token's symbol and decimals on a Solana cluster (spec part 3 §7): decimals from the mint account, symbol from its metadata",
      querystring: {
        type: 'object',
        required: ['mint_address', 'cluster'],
        additionalProperties: false,
        properties: {
          mint_address: { type: 'string', pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$' },
          cluster: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,39}$' },
        },
      },
      response: {
        200: {
          description: 'The mint, its symbol (null without metadata) and decimals',
          type: 'object',
          required: ['mint_address', 'symbol', 'decimals'],
          properties: { mint_address: { type: 'string' }, symbol: { type: ['string', 'null'] }, decimals: { type: 'integer' } },
          additionalProperties: false,
        },
      },
    },
  }),
  'POST /scan/transaction': defineRoute({
    method: 'POST',
    path: '/scan/transaction',
    schema: {
      summary: "Scan an Ethereum transaction with the app's scanning service (signed-in users); 404 when scanning is off",
      headers: bearerHeaders,
      body: {
        type: 'object',
        required: ['chain_id', 'request'],
        additionalProperties: false,
        properties: {
          chain_id: { type: 'integer', minimum: 1 },
          metadata: { type: 'object', additionalProperties: false, properties: { domain: { type: 'string', maxLength: 2048 } } },
          request: {
            type: 'object',
            required: ['method', 'params'],
            additionalProperties: false,
            properties: { method: { type: 'string', enum: ['eth_sendTransaction', 'eth_signTransaction'] }, params: { type: 'array', maxItems: 4 } },
          },
        },
      },
      response: {
        200: {
          description: "The service's verdict (Blockaid's EVM scan format): validation and simulation, each null when the service gave none",
          type: 'object',
          required: ['validation', 'simulation'],
          properties: {
            // Passed on as the service answered.
            validation: {
              type: ['object', 'null'],
              properties: {
                status: { type: 'string' },
                result_type: { type: 'string' },
                description: { type: 'string' },
                reason: { type: 'string' },
                features: { type: 'array' },
              },
              additionalProperties: true,
            },
            simulation: {
              type: ['object', 'null'],
              properties: { status: { type: 'string' }, assets_diffs: {}, exposures: {}, params: {}, error: { type: 'string' } },
              additionalProperties: true,
            },
          },
          additionalProperties: false,
        },
      },
    },
  }),
} as const
