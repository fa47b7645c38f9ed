/** Sign-In With Ethereum (EIP-4361) routes; the checks are in services/siwe.ts. */
import { ROUTES } from '@gatehouse/contract/routes'
import type { ApiInstance } from '../context.js'
import { SiweService, type SiweSignedInput } from '../services/siwe.js'
import { registerWalletSignIn } from './wallet-sign-in.js'

export default async function siweRoutes(app: ApiInstance) {
  registerWalletSignIn<SiweSignedInput>(app, {
    chainType: 'ethereum',
    routes: {
      init: ROUTES['POST /siwe/init'],
      authenticate: ROUTES['POST /siwe/authenticate'],
      link: ROUTES['POST /siwe/link'],
      unlink: ROUTES['POST /siwe/unlink'],
      transfer: ROUTES['POST /siwe/transfer'],
    },
    create: (wallets, now) => new SiweService(wallets, now),
  })
}
