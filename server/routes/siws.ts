/** Sign-In With Solana routes; the checks (ed25519, plain or memo-transaction messages) are in services/siws.ts. */
import type { ApiInstance } from '../context.js'
import { SiwsService, type SiwsSignedInput } from '../services/siws.js'
import { registerWalletSignIn } from './wallet-sign-in.js'

const signed = {
  message: { type: 'string', minLength: 1, maxLength: 8192 },
  signature: { type: 'string', minLength: 1, maxLength: 256, description: 'base64 ed25519 signature' },
  message_type: {
    type: 'string',
    enum: ['plain', 'transaction'],
    description: "default 'plain'; 'transaction': message is a base64 transaction message with the text in a memo",
  },
  walletClientType: { type: ['string', 'null'], maxLength: 64 },
  connectorType: { type: ['string', 'null'], maxLength: 64 },
} as const

export default async function siwsRoutes(app: ApiInstance) {
  registerWalletSignIn<SiwsSignedInput>(app, {
    name: 'siws',
    chainType: 'solana',
    signed,
    signedWhat: 'a signed Sign-In With Solana message (or memo transaction)',
    create: (wallets, now) => new SiwsService(wallets, now),
  })
}
