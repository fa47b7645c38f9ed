/** Sign-In With Solana: nonce, login (plain or memo-transaction messages), link and unlink of an external wallet. */
import { walletSignInRoutes } from './wallet-sign-in.ts'

const siws = walletSignInRoutes('siws', 'Solana', 'a signed Sign-In With Solana message (or memo transaction)', {
  message: { type: 'string', minLength: 1, maxLength: 8192 },
  signature: { type: 'string', minLength: 1, maxLength: 256, description: 'base64 ed25519 signature' },
  message_type: {
    type: 'string',
    enum: ['plain', 'transaction'],
    description: "default 'plain'; 'transaction': message is a base64 transaction message with the text in a memo",
  },
  walletClientType: { type: ['string', 'null'], maxLength: 64 },
  connectorType: { type: ['string', 'null'], maxLength: 64 },
})

export const siwsRoutes = {
  'POST /siws/init': siws.init,
  'POST /siws/authenticate': siws.authenticate,
  'POST /siws/link': siws.link,
  'POST /siws/unlink': siws.unlink,
} as const
