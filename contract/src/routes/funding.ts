/** Funding (spec part 3 §7, api-paths.md): the card provider's signed widget URL and the exchange on-ramp. */
import { defineRoute } from './define.ts'
import { bearerHeaders } from './headers.ts'

const address = { type: 'string', minLength: 32, maxLength: 64, pattern: '^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$' } as const

export const fundingRoutes = {
  'POST /plugins/moonpay_on_ramp/sign': defineRoute({
    method: 'POST',
    path: '/plugins/moonpay_on_ramp/sign',
    schema: {
      summary: 'signMoonpayOnRampUrl: the card provider widget URL for an address, signed with the app secret key',
      headers: bearerHeaders,
      body: {
        type: 'object',
        required: ['address'],
        additionalProperties: false,
        properties: {
          address,
          useSandbox: { type: 'boolean' },
          config: {
            type: 'object',
            additionalProperties: false,
            properties: {
              uiConfig: {
                type: 'object',
                additionalProperties: false,
                properties: { accentColor: { type: 'string', pattern: '^#[0-9a-fA-F]{3,8}$' }, theme: { type: 'string', enum: ['light', 'dark'] } },
              },
              paymentMethod: { type: 'string', pattern: '^[a-z_]{1,40}$' },
              currencyCode: { type: 'string', pattern: '^[a-z0-9_]{1,30}$' },
              quoteCurrencyAmount: { type: 'number', exclusiveMinimum: 0, maximum: 1e12 },
            },
          },
        },
      },
      response: {
        200: {
          description: 'The signed widget URL and the id the provider reports the purchase under',
          type: 'object',
          required: ['signedUrl', 'externalTransactionId'],
          properties: { signedUrl: { type: 'string' }, externalTransactionId: { type: 'string' } },
          additionalProperties: false,
        },
      },
    },
  }),
  'POST /funding/coinbase_on_ramp/init': defineRoute({
    method: 'POST',
    path: '/funding/coinbase_on_ramp/init',
    schema: {
      summary: 'initCoinbaseOnRamp: a session for the exchange on-ramp',
      headers: bearerHeaders,
      body: {
        type: 'object',
        required: ['addresses'],
        additionalProperties: false,
        properties: {
          addresses: {
            type: 'array',
            minItems: 1,
            maxItems: 4,
            items: {
              type: 'object',
              required: ['address', 'blockchains'],
              additionalProperties: false,
              properties: { address, blockchains: { type: 'array', minItems: 1, maxItems: 6, items: { type: 'string', maxLength: 20 } } },
            },
          },
          assets: { type: 'array', maxItems: 3, items: { type: 'string', enum: ['ETH', 'USDC', 'SOL'] } },
        },
      },
      response: {
        200: {
          description: 'The session token, the partner user id whose status can be asked, and the URL to open',
          type: 'object',
          required: ['partner_user_id', 'session_token', 'app_id', 'url'],
          properties: { partner_user_id: { type: 'string' }, session_token: { type: 'string' }, app_id: { type: 'string' }, url: { type: 'string' } },
          additionalProperties: false,
        },
      },
    },
  }),
  'GET /funding/coinbase_on_ramp/status': defineRoute({
    method: 'GET',
    path: '/funding/coinbase_on_ramp/status',
    schema: {
      summary: 'getCoinbaseOnRampStatus: the status of the newest purchase of the partner user id',
      headers: bearerHeaders,
      querystring: {
        type: 'object',
        required: ['partnerUserId'],
        additionalProperties: false,
        properties: { partnerUserId: { type: 'string', pattern: '^[0-9a-fA-F-]{36}$' } },
      },
      response: {
        200: {
          description: 'pending while no purchase is final; the transaction hash once known',
          type: 'object',
          required: ['status', 'tx_hash'],
          properties: { status: { type: 'string', enum: ['pending', 'success', 'failure'] }, tx_hash: { type: ['string', 'null'] } },
          additionalProperties: false,
        },
      },
    },
  }),
} as const
