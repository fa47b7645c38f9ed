/**
 * `POST /siwe/transfer` and `POST /siws/transfer`: move an external wallet that another user holds
 * onto the signed-in user, with the nonce of the `account_transfer_required` answer of `…/link`.
 * Spec part 1 §5: a wallet transfer needs wallet metadata (walletClientType, chainId, connectorType).
 */
import { ROUTES } from '@gatehouse/contract/routes'
import { ApiError } from '../errors.js'
import { HEADER_APP, type ApiInstance } from '../context.js'
import { requireBearer } from '../services/bearer.js'
import { parseEvmChainId } from '../services/siwe.js'
import { walletAuthFor, type ChainType } from '../services/wallet-auth.js'

export function registerWalletTransfer(app: ApiInstance, chainType: ChainType) {
  const route = ROUTES[chainType === 'ethereum' ? 'POST /siwe/transfer' : 'POST /siws/transfer']
  app.post(route.path, { schema: route.schema, config: HEADER_APP }, async (request) => {
    const { userId, sessionId } = await requireBearer(request)
    await app.gatehouse.sessions.userForSession(sessionId, userId)
    const { nonce, walletClientType, connectorType } = request.body
    let chainId: string
    if (chainType === 'ethereum') {
      const id = parseEvmChainId(request.body.chainId)
      if (id === null) throw new ApiError('invalid_data', 'chainId must be a CAIP-2 eip155 chain id')
      chainId = `eip155:${id}`
    } else chainId = String(request.body.chainId)
    return walletAuthFor(app.gatehouse).transfer(request.gatehouseApp!, userId, chainType, nonce, { walletClientType, chainId, connectorType })
  })
}
