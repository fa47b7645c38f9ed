/** Sign-In With Ethereum (EIP-4361): nonce, login, link and unlink of an external wallet. */
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
} as const
