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
import { appsRoutes } from './apps.ts'
import { usersRoutes } from './users.ts'
import { sessionsRoutes } from './sessions.ts'
import { guestRoutes } from './guest.ts'
import { customAuthRoutes } from './custom-auth.ts'
import { analyticsRoutes } from './analytics.ts'
import { ownerAnalyticsRoutes } from './owner-analytics.ts'
import { adminRoutes } from './admin.ts'
import { ownerRoutes } from './owner.ts'
import { consoleRoutes } from './console.ts'
import { fundingRoutes } from './funding.ts'
import { transactionsRoutes } from './transactions.ts'
import { walletsRoutes } from './wallets.ts'
import { walletRpcRoutes } from './wallet-rpc.ts'
import { walletTransferRoutes } from './wallet-transfer.ts'
import { ownerUsersRoutes } from './owner-users.ts'
import { webhooksRoutes } from './webhooks.ts'
import { serverWalletsRoutes } from './server-wallets.ts'
import { delegationRoutes } from './delegation.ts'
import { crossAppRoutes } from './cross-app.ts'
import { smartWalletsRoutes } from './smart-wallets.ts'

export * from './define.ts'
export * from './shared.ts'
export { type oauthCallbackFields } from './oauth.ts'
export { FARCASTER_CHANNEL_TOKEN_HEADER } from './farcaster.ts'
export { mfaProofResponseSchema, mfaUserResponseSchema } from './mfa.ts'
export * from './app-config.ts'
export * from './headers.ts'
export { RECOVERY_METHODS } from './wallets.ts'
export { OWNER_IMPORT_MAX_LINES, ownerUserSchema } from './owner-users.ts'
export { ANALYTICS_EVENT_NAMES } from './analytics.ts'
export { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MAX_DAYS } from './owner-analytics.ts'
export { OWNER_PREFIX, OWNER_APP_COLLECTIONS, isOwnerRoute, OPERATOR_ROLE_NAMES, AUDIT_ACTOR_TYPES } from './owner.ts'
export { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from './webhooks.ts'
export { CONSOLE_APP_ID } from './admin.ts'
export {
  SERVER_WALLET_METHODS,
  AUTHORIZATION_SIGNATURE_HEADER,
  REQUEST_EXPIRY_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  MAX_REQUEST_LIFETIME_MS,
  walletPolicySchema,
} from './server-wallets.ts'
export { crossAppTokensSchema } from './cross-app.ts'
export { PAYMASTER_ERROR_CODES } from './smart-wallets.ts'

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
  ...appsRoutes,
  ...usersRoutes,
  ...sessionsRoutes,
  ...guestRoutes,
  ...customAuthRoutes,
  ...analyticsRoutes,
  ...ownerAnalyticsRoutes,
  ...adminRoutes,
  ...ownerRoutes,
  ...consoleRoutes,
  ...fundingRoutes,
  ...transactionsRoutes,
  ...walletsRoutes,
  ...walletRpcRoutes,
  ...walletTransferRoutes,
  ...ownerUsersRoutes,
  ...webhooksRoutes,
  ...serverWalletsRoutes,
  ...delegationRoutes,
  ...crossAppRoutes,
  ...smartWalletsRoutes,
} as const

export type Routes = typeof ROUTES
