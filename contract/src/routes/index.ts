/**
 * The route map: every route of the API by `'METHOD /path'`, each with its request and response
 * schemas. One file per area; the server registers from these objects, the widget's client is
 * typed by them (server/routes/*.ts, src/api/client.ts).
 */
import { passwordlessRoutes } from './passwordless.ts'
import { passkeyRoutes } from './passkeys.ts'
import { passwordlessLinkRoutes } from './passwordless-link.ts'
import { passwordlessSmsRoutes } from './passwordless-sms.ts'
import { oauthRoutes } from './oauth.ts'
import { telegramRoutes } from './telegram.ts'
import { farcasterRoutes } from './farcaster.ts'
import { siweRoutes } from './siwe.ts'
import { siwsRoutes } from './siws.ts'
import { mfaRoutes } from './mfa.ts'

export * from './define.ts'
export * from './shared.ts'
export { OAUTH_PROVIDERS, type oauthCallbackFields } from './oauth.ts'
export { FARCASTER_CHANNEL_TOKEN_HEADER } from './farcaster.ts'
export { mfaProofResponseSchema, mfaUserResponseSchema } from './mfa.ts'

export const ROUTES = {
  ...passwordlessRoutes,
  ...passkeyRoutes,
  ...passwordlessLinkRoutes,
  ...passwordlessSmsRoutes,
  ...oauthRoutes,
  ...telegramRoutes,
  ...farcasterRoutes,
  ...siweRoutes,
  ...siwsRoutes,
  ...mfaRoutes,
} as const

export type Routes = typeof ROUTES
export type RouteKey = keyof Routes
