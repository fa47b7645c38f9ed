/**
 * The step of `POST /siwe/transfer` and `POST /siws/transfer` (registered by wallet-sign-in.ts through
 * account-routes.ts): move an external wallet that another user holds onto the signed-in user, with
 * the nonce of the `account_transfer_required` answer of `…/link`.
 * Spec part 1 §5: a wallet transfer needs wallet metadata (walletClientType, chainId, connectorType).
 */
import type { Routes } from '@gatehouse/contract/routes'
import { ApiError } from '../errors.js'
import type { ApiInstance } from '../context.js'
import { parseEvmChainId } from '../services/siwe.js'
import { walletAuthFor, type ChainType } from '../services/wallet-auth.js'
import type { AccountStep } from './account-routes.js'

export function transferWallet(app: ApiInstance, chainType: ChainType): AccountStep<Routes['POST /siwe/transfer'] | Routes['POST /siws/transfer']> {
  return async (target, userId, request) => {
    const { nonce, walletClientType, connectorType } = request.body
    let chainId: string
    if (chainType === 'ethereum') {
      const id = parseEvmChainId(request.body.chainId)
      if (id === null) throw new ApiError('invalid_data', 'chainId must be a CAIP-2 eip155 chain id')
      chainId = `eip155:${id}`
    } else chainId = String(request.body.chainId)
    const confirmWalletDeletion = request.body.confirm_wallet_deletion === true
    return walletAuthFor(app.gatehouse).transfer(target, userId, chainType, nonce, { walletClientType, chainId, connectorType }, confirmWalletDeletion)
  }
}
