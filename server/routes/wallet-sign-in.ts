/**
 * The routes of a wallet-signature login (SIWE, SIWS): init (nonce, captcha-checked by the
 * service), authenticate, link, unlink and transfer. One registrar, so both chains share the same
 * checks (bearer + live session) and differ only in their routes (the contract's, each with its
 * signed-input schema) and service. The signed input's type is the chain service's (`Signed`).
 * Link, unlink and transfer are registered by account-routes.ts, with WalletAuthService's own
 * unlink and transfer (an external wallet is no AccountService row: embedded ones never move).
 */
import type { Routes } from '@gatehouse/contract/routes'
import { appOf, type ApiInstance, HEADER_APP, LOGIN_ROUTE } from '../context.js'
import type { App } from '../services/app-config.js'
import { requireLiveBearer } from '../services/bearer.js'
import type { AuthResponse } from '../services/sessions.js'
import type { WireUser } from '../services/users.js'
import { walletAuthFor, type AuthMode, type ChainType, type WalletAuthService } from '../services/wallet-auth.js'
import { accountRoutes } from './account-routes.js'
import { transferWallet } from './wallet-transfer.js'

/** What a chain's sign-in service does; the signed input is its own wire shape. */
export interface WalletSignInService<Signed> {
  /** Captcha-checked (`captchaToken`) before anything else, like every unauthenticated init. */
  init(app: App, address: string, ip: string, captchaToken?: string | null): Promise<{ nonce: string }>
  authenticate(app: App, input: Signed & { mode?: AuthMode }, origin: string | undefined, ip: string): Promise<AuthResponse>
  link(app: App, userId: string, input: Signed, origin: string | undefined, ip: string): Promise<WireUser>
  /** The stored form of an address (EIP-55 checksum for Ethereum); identity when absent. */
  normalise?(address: string): string
}

type Chain = 'siwe' | 'siws'
/** The chain's five routes, from the contract's route map (`ROUTES['POST /siwe/init']`, …). */
export interface WalletSignInRouteDefs<N extends Chain> {
  init: Routes[`POST /${N}/init`]
  authenticate: Routes[`POST /${N}/authenticate`]
  link: Routes[`POST /${N}/link`]
  unlink: Routes[`POST /${N}/unlink`]
  transfer: Routes[`POST /${N}/transfer`]
}

export interface WalletSignInRoutes<Signed> {
  chainType: ChainType
  routes: WalletSignInRouteDefs<'siwe'> | WalletSignInRouteDefs<'siws'>
  create(wallets: WalletAuthService, now: () => number): WalletSignInService<Signed>
}

export function registerWalletSignIn<Signed>(app: ApiInstance, spec: WalletSignInRoutes<Signed>): void {
  const { init, authenticate, link, unlink, transfer } = spec.routes
  const wallets = () => walletAuthFor(app.gatehouse)
  let service: WalletSignInService<Signed> | null = null
  const sign = () => (service ??= spec.create(wallets(), app.gatehouse.now))
  app.post(init.path, { schema: init.schema, config: HEADER_APP }, async (request) =>
    sign().init(appOf(request), request.body.address, request.ip, request.body.token),
  )

  // The signed input's schema is the chain's: its type is the chain service's (`Signed`).
  app.post<{ Body: Signed & { mode?: AuthMode }; Reply: AuthResponse }>(authenticate.path, { schema: authenticate.schema, config: LOGIN_ROUTE }, (request) =>
    sign().authenticate(appOf(request), request.body as Signed & { mode?: AuthMode }, request.headers.origin, request.ip),
  )

  accountRoutes(
    app,
    { link, unlink, transfer },
    {
      // A missing bearer answers missing_or_invalid_token here (not must_be_authenticated), as the wallet routes always have.
      signedIn: requireLiveBearer,
      link: (target, userId, request) => sign().link(target, userId, request.body as Signed, request.headers.origin, request.ip),
      unlink: (target, userId, request) => wallets().unlink(target, userId, sign().normalise?.(request.body.address) ?? request.body.address),
      transfer: transferWallet(app, spec.chainType),
    },
  )
}
