/**
 * Funding (spec part 3 §7, api-paths.md): the card provider's signed widget URL and the exchange
 * on-ramp's session and status. Signed-in users with a live session only (the URLs carry the user's
 * address, and each call spends the app's provider quota: services/paid-calls.ts); an on-ramp's
 * status is answered only to the user who started it.
 */
import { HEADER_APP, type ApiInstance } from '../context.js'
import { insertOnrampSession, onrampSessionOwner } from '../db/onramp-sessions.js'
import { ApiError } from '../errors.js'
import { requirePaidCall } from '../services/paid-calls.js'
import { getCoinbaseOnRampStatus, initCoinbaseOnRamp, signMoonpayOnRampUrl, type CoinbaseInitInput, type MoonpaySignInput } from '../services/funding.js'

const address = { type: 'string', minLength: 32, maxLength: 64, pattern: '^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$' } as const
const bearerHeaders = { type: 'object', properties: { authorization: { type: 'string' } } } as const

const moonpaySchema = {
  summary: 'signMoonpayOnRampUrl: the card provider widget URL for an address, signed with the app secret key; answers { signedUrl, externalTransactionId }',
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
} as const

const coinbaseInitSchema = {
  summary: 'initCoinbaseOnRamp: a session for the exchange on-ramp; answers { partner_user_id, session_token, url }',
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
} as const

const coinbaseStatusSchema = {
  summary: 'getCoinbaseOnRampStatus: { status: pending | success | failure, tx_hash } of the partner user id',
  headers: bearerHeaders,
  querystring: {
    type: 'object',
    required: ['partnerUserId'],
    additionalProperties: false,
    properties: { partnerUserId: { type: 'string', pattern: '^[0-9a-fA-F-]{36}$' } },
  },
} as const

export default async function fundingRoutes(app: ApiInstance) {
  app.post('/plugins/moonpay_on_ramp/sign', { schema: moonpaySchema, config: HEADER_APP }, async (request) => {
    await requirePaidCall(request)
    return signMoonpayOnRampUrl(request.gatehouseApp!, request.body as MoonpaySignInput)
  })

  app.post('/funding/coinbase_on_ramp/init', { schema: coinbaseInitSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requirePaidCall(request)
    const answer = await initCoinbaseOnRamp(request.gatehouseApp!, request.body as CoinbaseInitInput, request.ip)
    // The status of this partner user id is answered to this user only.
    await insertOnrampSession(app.gatehouse.db, {
      partner_user_id: answer.partner_user_id,
      app_id: answer.app_id,
      user_id: userId,
      created_at: app.gatehouse.now(),
    })
    return answer
  })

  app.get('/funding/coinbase_on_ramp/status', { schema: coinbaseStatusSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requirePaidCall(request, 'status')
    if ((await onrampSessionOwner(app.gatehouse.db, request.gatehouseApp!.id, request.query.partnerUserId)) !== userId)
      throw new ApiError('not_found', 'No exchange on-ramp session of this user has this id')
    return getCoinbaseOnRampStatus(request.gatehouseApp!, request.query.partnerUserId)
  })
}
