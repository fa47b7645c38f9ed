/**
 * `POST /api/v1/wallets/:wallet_id/rpc` (api-paths.md), dispatched on the Authorization scheme:
 * - Bearer (a signed-in user, the widget): only a sponsored `eth_sendTransaction` of a transaction
 *   the wallet frame already signed; the server pays its gas and broadcasts it (services/gas-sponsorship.ts).
 * - Basic (the app's backend: app secret + `privy-app-id`) with an authorization signature: the
 *   server-side wallet API signs with a delegated wallet within its policy (services/server-wallets.ts).
 */
import { ROUTES } from '@gatehouse/contract/routes'
import { appOf, HEADER_APP, type ApiInstance } from '../context.js'
import { ApiError } from '../errors.js'
import { requireSignedInUser } from '../services/bearer.js'
import { sponsorTransaction } from '../services/gas-sponsorship.js'
import { serverRpc, type ServerRpcBody } from '../services/server-wallets.js'
import { authorizeWalletCall, isAppSecretCall } from './server-wallets.js'

const rpc = ROUTES['POST /wallets/:wallet_id/rpc']

export default async function walletRpcRoutes(app: ApiInstance) {
  app.post(rpc.path, { schema: rpc.schema, config: HEADER_APP }, async (request) => {
    if (isAppSecretCall(request)) {
      const { db, now, delegatedSigner } = app.gatehouse
      const call = await authorizeWalletCall(request, request.params.wallet_id)
      if ('sponsor' in request.body || 'signed_transaction' in request.body.params)
        throw new ApiError('invalid_data', "A sponsored send is the widget's call: the app's backend sends params.transaction")
      return serverRpc({ db, now, signer: delegatedSigner, ...call, ip: request.ip }, request.body as ServerRpcBody)
    }
    // The session must still be live: a logged-out session's token is refused, not only an expired one.
    const { userId } = await requireSignedInUser(request)
    const body = request.body
    if (!('sponsor' in body) || body.sponsor !== true || !('signed_transaction' in body.params))
      throw new ApiError('not_supported', 'Only sponsored eth_sendTransaction is answered: the wallet frame signs and the browser broadcasts')
    const { hash } = await sponsorTransaction(app.gatehouse.db, app.gatehouse.now, {
      app: appOf(request),
      userId,
      walletId: request.params.wallet_id,
      signedTransaction: body.params.signed_transaction as `0x${string}`,
      ip: request.ip,
    }).catch((error: unknown) => {
      // The sponsor account failing (out of funds, RPC down) is the operator's to fix: it is logged.
      if (error instanceof ApiError && error.code === 'internal_error') request.log.warn({ appId: appOf(request).id }, error.message)
      throw error
    })
    const caip2 = body.caip2 ?? null
    return { method: 'eth_sendTransaction', data: { hash, caip2 } } as const
  })
}
