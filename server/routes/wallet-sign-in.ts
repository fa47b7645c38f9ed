/**
 * The routes of a wallet-signature login (SIWE, SIWS): init (nonce, captcha-checked by the
 * service), authenticate, link, unlink and transfer. One registrar, so both chains share the same
 * checks (bearer + live session) and differ only in their signed-input schema and service. The
 * signed input's type is the chain service's (`Signed`): the schema is built per chain here.
 */
import { type ApiInstance, HEADER_APP, LOGIN_ROUTE } from '../context.js'
import type { App } from '../services/app-config.js'
import { requireBearer } from '../services/bearer.js'
import type { AuthResponse } from '../services/sessions.js'
import type { WireUser } from '../services/users.js'
import { walletAuthFor, type AuthMode, type ChainType, type WalletAuthService } from '../services/wallet-auth.js'
import { registerWalletTransfer } from './wallet-transfer.js'

/** What a chain's sign-in service does; the signed input is its own wire shape. */
export interface WalletSignInService<Signed> {
  /** Captcha-checked (`captchaToken`) before anything else, like every unauthenticated init. */
  init(app: App, address: string, ip: string, captchaToken?: string | null): Promise<{ nonce: string }>
  authenticate(app: App, input: Signed & { mode?: AuthMode }, origin: string | undefined, ip: string): Promise<AuthResponse>
  link(app: App, userId: string, input: Signed, origin: string | undefined, ip: string): Promise<WireUser>
  /** The stored form of an address (EIP-55 checksum for Ethereum); identity when absent. */
  normalise?(address: string): string
}

export interface WalletSignInRoutes<Signed> {
  /** Path segment and label: 'siwe' / 'SIWE'. */
  name: 'siwe' | 'siws'
  chainType: ChainType
  /** JSON-schema properties of the signed input (message, signature and the chain's extras). */
  signed: Record<string, object>
  /** What authenticate trades for a session, for the route summary. */
  signedWhat: string
  create(wallets: WalletAuthService, now: () => number): WalletSignInService<Signed>
}

const address = { type: 'string', minLength: 1, maxLength: 128 } as const
const bearerHeaders = { type: 'object', properties: { authorization: { type: 'string' } } } as const

export function registerWalletSignIn<Signed>(app: ApiInstance, spec: WalletSignInRoutes<Signed>): void {
  const label = spec.name.toUpperCase()
  const chainName = spec.chainType === 'ethereum' ? 'Ethereum' : 'Solana'
  const wallets = () => walletAuthFor(app.gatehouse)
  let service: WalletSignInService<Signed> | null = null
  const sign = () => (service ??= spec.create(wallets(), app.gatehouse.now))
  const path = (action: string) => `/${spec.name}/${action}`
  const signedUser = async (request: Parameters<typeof requireBearer>[0]) => {
    const { userId, sessionId } = await requireBearer(request)
    await app.gatehouse.sessions.userForSession(sessionId, userId)
    return userId
  }

  const initSchema = {
    summary: `${label}: a single-use nonce for the address (expires in 10 minutes)`,
    body: { type: 'object', required: ['address'], properties: { address, token: { type: ['string', 'null'], description: 'captcha token' } } },
  } as const
  app.post(path('init'), { schema: initSchema, config: HEADER_APP }, async (request) =>
    sign().init(request.gatehouseApp!, request.body.address, request.ip, request.body.token),
  )

  const authenticateSchema = {
    summary: `${label}: trade ${spec.signedWhat} for a session (auth response)`,
    body: {
      type: 'object',
      required: ['message', 'signature'],
      properties: { ...spec.signed, mode: { type: 'string', enum: ['login-or-sign-up', 'no-signup'] } },
    },
  }
  app.post<{ Body: Signed & { mode?: AuthMode } }>(path('authenticate'), { schema: authenticateSchema, config: LOGIN_ROUTE }, (request) =>
    sign().authenticate(request.gatehouseApp!, request.body as Signed & { mode?: AuthMode }, request.headers.origin, request.ip),
  )

  const linkSchema = {
    summary: `${label}: link the signing wallet to the signed-in user (answers the user)`,
    headers: bearerHeaders,
    body: { type: 'object', required: ['message', 'signature'], properties: spec.signed },
  }
  app.post<{ Body: Signed }>(path('link'), { schema: linkSchema, config: HEADER_APP }, async (request) =>
    sign().link(request.gatehouseApp!, await signedUser(request), request.body as Signed, request.headers.origin, request.ip),
  )

  const unlinkSchema = {
    summary: `${label}: unlink an external ${chainName} wallet from the signed-in user (answers the user)`,
    headers: bearerHeaders,
    body: { type: 'object', required: ['address'], properties: { address } },
  } as const
  app.post(path('unlink'), { schema: unlinkSchema, config: HEADER_APP }, async (request) => {
    const userId = await signedUser(request)
    const stored = sign().normalise?.(request.body.address) ?? request.body.address
    return wallets().unlink(request.gatehouseApp!, userId, stored)
  })

  registerWalletTransfer(app, spec.chainType)
}
