/**
 * What the transaction confirmation screen asks the server: token prices in USD and the app's
 * transaction scan (spec part 3 §7).
 */
import { HEADER_APP, type ApiInstance } from '../context.js'
import { ApiError } from '../errors.js'
import { requireBearer } from '../services/bearer.js'
import { scanTransaction } from '../services/transaction-scan.js'

const priceSchema = {
  summary: 'Price of a token in USD (spec part 3 §7); SOL is asked on chain id 0',
  querystring: {
    type: 'object',
    required: ['chainId', 'tokenSymbol'],
    additionalProperties: false,
    properties: { chainId: { type: 'string', pattern: '^[0-9]{1,12}$' }, tokenSymbol: { type: 'string', pattern: '^[A-Za-z0-9.]{1,20}$' } },
  },
} as const

const bearerHeaders = { type: 'object', properties: { authorization: { type: 'string' } } } as const
const scanSchema = {
  summary: "Scan an Ethereum transaction with the app's scanning service (signed-in users); answers { validation, simulation } or 404 when scanning is off",
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
} as const

export default async function transactionRoutes(app: ApiInstance) {
  app.get('/token_price', { schema: priceSchema, config: HEADER_APP }, async (request) => {
    const usd = await app.gatehouse.tokenPrices.usd(Number(request.query.chainId), request.query.tokenSymbol)
    if (usd === null) throw new ApiError('not_found', 'No price for this token')
    return { usd }
  })

  app.post('/scan/transaction', { schema: scanSchema, config: HEADER_APP }, async (request) => {
    await requireBearer(request)
    const settings = request.gatehouseApp!.settings.transactionScan
    if (!settings) throw new ApiError('not_found', 'Transaction scanning is not enabled for this app')
    const { chain_id, metadata, request: call } = request.body
    const tx = (call.params[0] ?? {}) as { from?: unknown }
    const result = await scanTransaction(settings, {
      chainId: chain_id,
      domain: metadata?.domain ?? request.headers.origin ?? '',
      accountAddress: typeof tx.from === 'string' ? tx.from : '',
      request: { method: call.method, params: call.params as unknown[] },
    })
    if (!result) throw new ApiError('not_found', 'The scan did not answer')
    return result
  })
}
