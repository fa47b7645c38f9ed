/**
 * `POST /siwe/transfer` and `POST /siws/transfer`: move an external wallet another user holds onto
 * the signed-in user, with the nonce of the `account_transfer_required` answer of `…/link`.
 * Spec part 1 §5: a wallet transfer needs wallet metadata (walletClientType, chainId, connectorType).
 */
import { defineRoute } from './define.ts'
import { bearerHeaders, confirmWalletDeletion } from './headers.ts'
import { userAnswer } from './shared.ts'

const transferSchema = <const C extends 'ethereum' | 'solana'>(chainType: C) =>
  ({
    summary: `${chainType === 'ethereum' ? 'SIWE' : 'SIWS'}: transfer a wallet linked to another user (that user is deleted); answers the user`,
    headers: bearerHeaders,
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
        confirm_wallet_deletion: confirmWalletDeletion,
      },
    },
    response: { 200: userAnswer('The user, with the wallet linked') },
  }) as const

export const walletTransferRoutes = {
  'POST /siwe/transfer': defineRoute({ method: 'POST', path: '/siwe/transfer', schema: transferSchema('ethereum') }),
  'POST /siws/transfer': defineRoute({ method: 'POST', path: '/siws/transfer', schema: transferSchema('solana') }),
} as const
