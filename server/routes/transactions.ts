/**
 * What the transaction confirmation screens ask the server: token prices in USD, SPL token info
 * (Solana) and the app's transaction scan (spec part 3 §7).
 */
import { ROUTES } from '@gatehouse/contract/routes'
import { appOf, HEADER_APP, type ApiInstance } from '../context.js'
import { ApiError } from '../errors.js'
import { publicPaidRead, requirePaidCall } from '../services/paid-calls.js'
import { clusterRpcUrl } from '../services/spl-tokens.js'
import { scanTransaction } from '../services/transaction-scan.js'

const price = ROUTES['GET /token_price']
const splToken = ROUTES['GET /spl_token_info']
const scan = ROUTES['POST /scan/transaction']

export default async function transactionRoutes(app: ApiInstance) {
  app.get(price.path, { schema: price.schema, config: HEADER_APP }, async (request) => {
    const usd = await app.gatehouse.tokenPrices.usd(Number(request.query.chainId), request.query.tokenSymbol)
    if (usd === null) throw new ApiError('not_found', 'No price for this token')
    return { usd }
  })

  app.get(splToken.path, { schema: splToken.schema, config: HEADER_APP }, async (request) => {
    await publicPaidRead(request)
    const { mint_address, cluster } = request.query
    const rpcUrl = clusterRpcUrl(cluster, appOf(request).config.solanaCluster)
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

  app.post(scan.path, { schema: scan.schema, config: HEADER_APP }, async (request) => {
    await requirePaidCall(request)
    const settings = appOf(request).settings.transactionScan
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
