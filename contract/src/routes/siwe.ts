/** Sign-In With Ethereum (EIP-4361): nonce, login, link and unlink of an external wallet; link of the user's smart wallet. */
import { defineRoute } from './define.ts'
import { bearerHeaders } from './headers.ts'
import { userResponseSchema } from './shared.ts'
import { walletSignInRoutes } from './wallet-sign-in.ts'

const siwe = walletSignInRoutes('siwe', 'Ethereum', 'a signed EIP-4361 message', {
  message: { type: 'string', minLength: 1, maxLength: 4096 },
  signature: { type: 'string', minLength: 1, maxLength: 16384, description: '0x-hex; long for EIP-6492 wrapped signatures' },
  chainId: { anyOf: [{ type: 'string', maxLength: 64 }, { type: 'integer' }, { type: 'null' }], description: "CAIP-2 ('eip155:1'); must match the message" },
  walletClientType: { type: ['string', 'null'], maxLength: 64 },
  connectorType: { type: ['string', 'null'], maxLength: 64 },
})

export const siweRoutes = {
  'POST /siwe/init': siwe.init,
  'POST /siwe/authenticate': siwe.authenticate,
  'POST /siwe/link': siwe.link,
  'POST /siwe/unlink': siwe.unlink,
  'POST /siwe/link_smart_wallet': defineRoute({
    method: 'POST',
    path: '/siwe/link_smart_wallet',
    schema: {
      summary:
        "Link the signed-in user's smart wallet (the ERC-4337 account its embedded wallet owns): a SIWE message (nonce from /siwe/init for the smart wallet's address) signed by the account, verified by ERC-1271 or, before deployment, ERC-6492 (answers the user)",
      headers: bearerHeaders,
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['message', 'signature', 'smart_wallet_type'],
        properties: {
          message: { type: 'string', minLength: 1, maxLength: 4096 },
          signature: { type: 'string', minLength: 1, maxLength: 16384, description: '0x-hex; ERC-1271 (deployed) or ERC-6492 wrapped (counterfactual)' },
          smart_wallet_type: { type: 'string', minLength: 1, maxLength: 64, description: "the app's smartWallets.accountType ('solady')" },
          smart_wallet_version: { type: ['string', 'null'], maxLength: 32 },
        },
      },
      response: { 200: userResponseSchema },
    },
  }),
} as const
