/** Sign-In With Ethereum (EIP-4361) routes; the checks are in services/siwe.ts. */
import type { ApiInstance } from '../context.js'
import { SiweService, type SiweSignedInput } from '../services/siwe.js'
import { registerWalletSignIn } from './wallet-sign-in.js'

const signed = {
  message: { type: 'string', minLength: 1, maxLength: 4096 },
  signature: { type: 'string', minLength: 1, maxLength: 16384, description: '0x-hex; long for EIP-6492 wrapped signatures' },
  chainId: { anyOf: [{ type: 'string', maxLength: 64 }, { type: 'integer' }, { type: 'null' }], description: "CAIP-2 ('eip155:1'); must match the message" },
  walletClientType: { type: ['string', 'null'], maxLength: 64 },
  connectorType: { type: ['string', 'null'], maxLength: 64 },
} as const

export default async function siweRoutes(app: ApiInstance) {
  registerWalletSignIn<SiweSignedInput>(app, {
    name: 'siwe',
    chainType: 'ethereum',
    signed,
    signedWhat: 'a signed EIP-4361 message',
    create: (wallets, now) => new SiweService(wallets, now),
  })
}
