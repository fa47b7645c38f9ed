/** Sign-In With Solana routes; the checks (ed25519, plain or memo-transaction messages) are in services/siws.ts. */
import { ROUTES } from '@gatehouse/contract/routes'
import type { ApiInstance } from '../context.js'
import { SiwsService, type SiwsSignedInput } from '../services/siws.js'
import { registerWalletSignIn } from './wallet-sign-in.js'

export default async function siwsRoutes(app: ApiInstance) {
  registerWalletSignIn<SiwsSignedInput>(app, {
    chainType: 'solana',
    routes: {
      init: ROUTES['POST /siws/init'],
      authenticate: ROUTES['POST /siws/authenticate'],
      link: ROUTES['POST /siws/link'],
      unlink: ROUTES['POST /siws/unlink'],
      transfer: ROUTES['POST /siws/transfer'],
    },
    create: (wallets, now) => new SiwsService(wallets, now),
  })
}
