/** What route handlers reach through `app.gatehouse`, and the per-route options they set. */
import type { TokenPrices } from './services/token-prices.js'
import type { SplTokens } from './services/spl-tokens.js'
import type { OAuthService } from './services/oauth.js'
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify'
import type { ServerConfig } from './config.js'
import type { KeyRing } from './crypto/tokens.js'
import type { DatabaseHandle } from './db/connect.js'
import type { Db } from './db/schema.js'
import type { App } from './services/app-config.js'
import type { AccountService } from './services/accounts.js'
import type { AppStore } from './services/apps.js'
import type { CaptchaService } from './services/captcha.js'
import type { EmbeddedWalletService } from './services/embedded-wallets.js'
import type { Mailer } from './services/mailer.js'
import type { PasswordlessService } from './services/passwordless.js'
import type { PasswordlessSmsService } from './services/passwordless-sms.js'
import type { PasskeyService } from './services/passkeys.js'
import type { FarcasterService } from './services/farcaster.js'
import type { SessionService } from './services/sessions.js'
import type { TelegramService } from './services/telegram.js'
import type { DeviceBinding, DeviceProofs } from './services/device-proofs.js'
import type { Throttle } from './services/throttle.js'
import type { MfaService } from './services/mfa.js'
import type { MfaPasskeys } from './services/mfa-passkeys.js'
import type { AccountNotices } from './services/account-notices.js'

export interface Gatehouse {
  config: ServerConfig
  database: DatabaseHandle
  db: Db
  apps: AppStore
  mailer: Mailer
  keys: KeyRing
  sessions: SessionService
  accounts: AccountService
  passwordless: PasswordlessService
  passwordlessSms: PasswordlessSmsService
  throttle: Throttle
  captcha: CaptchaService
  now: () => number
  wallets: EmbeddedWalletService
  mfa: MfaService
  mfaPasskeys: MfaPasskeys
  oauth: OAuthService
  passkeys: PasskeyService
  farcaster: FarcasterService
  telegram: TelegramService
  deviceProofs: DeviceProofs
  /** Security notices to the contacts an account had before a change (services/account-notices.ts). */
  notices: AccountNotices
  tokenPrices: TokenPrices
  splTokens: SplTokens
}

/**
 * What a route file receives: `request.body`, `params`, `querystring` and `headers` are typed from
 * the route's `as const` JSON schema (json-schema-to-ts), so no body interface is written twice.
 */
export type ApiInstance = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, JsonSchemaToTsProvider>

/**
 * Where a route finds its app id: the `privy-app-id` header (most routes), the `:app_id`
 * path parameter, or nowhere (health, dev, admin).
 */
export type AppIdSource = 'header' | 'param' | 'none'

export interface GatehouseRouteConfig {
  appId: AppIdSource
  /** A login route: a DPoP proof on it binds the session it creates to that device (services/device-proofs.ts). */
  issuesSession?: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    gatehouse: Gatehouse
  }
  interface FastifyRequest {
    /** The app named by the request; set by the app-id hook before any handler runs. */
    gatehouseApp: App | null
    /** The device proof of a bound session's call, verified and spent once by the API's hook (services/device-gate.ts). */
    device: DeviceBinding | null
  }
  interface FastifyContextConfig {
    appId?: AppIdSource
    issuesSession?: boolean
  }
}

/** Where every API route lives (route files name their paths relative to it): the contract's. */
export { API_PREFIX } from '@gatehouse/contract/routes/prefix'

/** Route options' `appId` for routes that read the `privy-app-id` header (most API routes). */
export const HEADER_APP = { appId: 'header' } as const
export const PARAM_APP = { appId: 'param' } as const
/** `HEADER_APP` for the routes that end a login ceremony in a new session. */
export const LOGIN_ROUTE = { appId: 'header', issuesSession: true } as const
export const NO_APP = { appId: 'none' } as const

/** preValidation hook for routes whose body is optional: a bare POST counts as {}. */
export async function emptyBody(request: FastifyRequest) {
  request.body ??= {}
}
