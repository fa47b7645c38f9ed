/**
 * `POST /siwe/transfer` and `POST /siws/transfer`: move an external wallet that another user holds
 * onto the signed-in user, with the nonce of the `account_transfer_required` answer of `…/link`.
 * Spec part 1 §5: a wallet transfer needs wallet metadata (walletClientType, chainId, connectorType).
 */
import { ApiError } from '../errors.js'
import { HEADER_APP, type ApiInstance } from '../context.js'
import { requireBearer } from '../services/bearer.js'
import { parseEvmChainId } from '../services/siwe.js'
import { walletAuthFor, type ChainType } from '../services/wallet-auth.js'

const transferSchema = (chainType: ChainType) =>
  ({
    summary: `${chainType === 'ethereum' ? 'SIWE' : 'SIWS'}: transfer a wallet linked to another user (that user is deleted); answers the user`,
    headers: { type: 'object', properties: { authorization: { type: 'string' } } },
    body: {
      type: 'object',
      required: ['nonce', 'walletClientType', 'chainId', 'connectorType'],
      properties: {
        nonce: { type: 'string', minLength: 1, maxLength: 256 },
        walletClientType: { type: 'string', minLength: 1, maxLength: 64 },
        chainId: {
          anyOf: [{ type: 'string', minLength: 1, maxLength: 64 }, { type: 'integer' }],
          description: chainType === 'ethereum' ? "CAIP-2 ('eip155:1') or the number" : "the cluster ('mainnet', 'devnet', …)",
        },
        connectorType: { type: 'string', minLength: 1, maxLength: 64 },
      },
    },
  }) as const

export function registerWalletTransfer(app: ApiInstance, chainType: ChainType) {
  const path = chainType === 'ethereum' ? 'siwe' : 'siws'
  app.post(`/${path}/transfer`, { schema: transferSchema(chainType), config: HEADER_APP }, async (request) => {
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
