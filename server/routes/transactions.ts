/**
 * What the transaction confirmation screens ask the server: token prices in USD, SPL token info
 * (Solana) and the app's transaction scan (spec part 3 §7).
 */
import { HEADER_APP, type ApiInstance } from '../context.js'
import { ApiError } from '../errors.js'
import { publicPaidRead, requirePaidCall } from '../services/paid-calls.js'
import { clusterRpcUrl } from '../services/spl-tokens.js'
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

const splTokenSchema = {
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

  app.get('/spl_token_info', { schema: splTokenSchema, config: HEADER_APP }, async (request) => {
    await publicPaidRead(request)
    const { mint_address, cluster } = request.query
    const rpcUrl = clusterRpcUrl(cluster, request.gatehouseApp!.config.solanaCluster)
    if (!rpcUrl) throw new ApiError('invalid_data', `Unknown Solana cluster ${cluster}`)
    let info
    try {
      info = await app.gatehouse.splTokens.info(rpcUrl, mint_address)
    } catch (error) {
      request.log.warn({ err: error }, 'spl_token_info: the cluster did not answer')
      throw new ApiError('upstream_unavailable', 'The Solana cluster did not answer')
    }
    if (!info) throw new ApiError('not_found', 'No SPL token mint at this address')
    return { mint_address, symbol: info.symbol, decimals: info.decimals }
  })

  app.post('/scan/transaction', { schema: scanSchema, config: HEADER_APP }, async (request) => {
    await requirePaidCall(request)
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
