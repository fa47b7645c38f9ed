/**
 * createServices(config, database) composes every service of the server, without any HTTP: the API
 * (app.ts) decorates Fastify with the result, and anything else that needs the services (a script,
 * a server SDK's tests, a console) can build them the same way.
 */
import type { ServerConfig } from './config.js'
import { randomToken } from './crypto/hash.js'
import { ShareBox } from './crypto/share-box.js'
import { loadKeyRing, type KeyRing } from './crypto/tokens.js'
import { deleteExpiredAccountTransfers } from './db/account-transfers.js'
import { deleteOldAnalytics } from './db/analytics.js'
import { deleteExpiredLoginCodes } from './db/codes.js'
import type { DatabaseHandle } from './db/connect.js'
import { deleteExpiredOAuthStates } from './db/oauth-states.js'
import { deleteExpiredServerWalletRows } from './services/server-wallet-store.js'
import type { Db } from './db/schema.js'
import { deleteExpiredRefreshTokens } from './db/sessions.js'
import { deleteExpiredWalletNonces } from './db/wallet-nonces.js'
import { AccountNotices } from './services/account-notices.js'
import { AccountService } from './services/accounts.js'
import { AnalyticsService } from './services/analytics.js'
import { AppStore } from './services/apps.js'
import { CaptchaService } from './services/captcha.js'
import { DelegationService } from './services/delegation/delegations.js'
import type { DelegatedSigner } from './services/delegation/signer.js'
import { DeviceProofs } from './services/device-proofs.js'
import { EmbeddedWalletService } from './services/embedded-wallets.js'
import { FarcasterService } from './services/farcaster.js'
import { LoginCodes } from './services/login-codes.js'
import { deleteExpiredAudit } from './services/owner-audit.js'
import { createMailer, type Mailer } from './services/mailer.js'
import { MfaPasskeys } from './services/mfa-passkeys.js'
import { MfaService } from './services/mfa.js'
import { OAuthService, type OAuthDeps } from './services/oauth.js'
import { PasskeyService } from './services/passkeys.js'
import { PasswordlessSmsService } from './services/passwordless-sms.js'
import { PasswordlessService } from './services/passwordless.js'
import { RecoveryHold } from './services/recovery-hold.js'
import { SessionService } from './services/sessions.js'
import { createSmsSender, type SmsSender } from './services/sms-sender.js'
import { SplTokens } from './services/spl-tokens.js'
import { TelegramService } from './services/telegram.js'
import { Throttle } from './services/throttle.js'
import { CrossAppService } from './services/cross-app.js'
import { TokenPrices } from './services/token-prices.js'
import { DAY_MS } from './services/wallet-policy.js'
import { WEBHOOK_RETENTION_MS, WebhookService } from './services/webhooks.js'

/** Every service, as route handlers reach them through `app.gatehouse`. */
export interface Gatehouse {
  config: ServerConfig
  database: DatabaseHandle
  db: Db
  apps: AppStore
  mailer: Mailer
  keys: KeyRing
  sessions: SessionService
  accounts: AccountService
  /** Issues and checks the login codes of e-mail, SMS and the SMS second factor (services/login-codes.ts). */
  codes: LoginCodes
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
  /** The owner's daily series and the counters behind them (services/analytics.ts). */
  analytics: AnalyticsService
  /** Webhook endpoints, their delivery log, and the delivery worker (`webhooks.worker`, started by main.ts). */
  webhooks: WebhookService
  /** Delegated actions: the frame's hand-over, revoking, and the signer process (services/delegation/). */
  delegation: DelegationService
  /** What the server-side wallet API signs through: the delegation service. */
  delegatedSigner: DelegatedSigner
  /** Cross-app accounts and wallets, as provider and as requester (services/cross-app.ts). */
  crossApp: CrossAppService
}

/** Where services report what an operator should hear about (a captcha provider down, a notice not sent). */
export interface ServiceLog {
  warn(details: object, message: string): void
}

export interface ServiceOptions {
  /** Clock in ms; tests move it to expire codes and tokens. */
  now?: () => number
  /** Replaces the mail transport (the dev outbox comes from `createMailer`). */
  mailer?: Mailer
  /** Replaces the SMS transport. */
  smsSender?: SmsSender
  /** Replaces parts of OAuth provider presets (tests: stand-ins for Apple, TikTok… on loopback). */
  oauthPresets?: OAuthDeps['presets']
  /** Replaces fetch for calls to cross-app providers on other servers (tests). */
  fetch?: typeof fetch
  /** Defaults to console.warn; the API passes its request logger. */
  log?: ServiceLog
  /** The signing service of delegated wallets; defaults to none (nothing is delegated). */
  delegatedSigner?: DelegatedSigner
}

/** Browser origins a development server allows for every app (the demo pages, the tests' hosts). */
export const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/

const consoleLog: ServiceLog = { warn: (details, message) => console.warn(message, details) }

/**
 * Builds the services on an open (migrated) database: loads or creates the signing keys and seals app
 * secrets stored before sealing. The caller owns the database; an injected mailer stays the caller's
 * to close, a created one is closed with `services.mailer.close()`.
 */
export async function createServices(config: ServerConfig, database: DatabaseHandle, options: ServiceOptions = {}): Promise<Gatehouse> {
  const now = options.now ?? Date.now
  const log = options.log ?? consoleLog
  const db = database.db
  // Without a configured secret (tests, quick experiments) codes are keyed by a per-process
  // secret: pending codes die with the process, which is harmless there.
  const secret = config.secret ?? randomToken(32)

  const keys = await loadKeyRing(db, { secret: config.secret, issuer: config.publicUrl, now, dialect: database.dialect })
  // Printing puts login codes in the log: a development convenience, never in production.
  const mailer = options.mailer ?? createMailer({ ...config, print: config.printMail && config.dev, now })
  const throttle = new Throttle(db, config.rateLimits, config.rateLimitsDisabled, now)
  const captcha = new CaptchaService({ config, log })
  const apps = new AppStore(db, {
    cacheMs: config.appCacheMs,
    now,
    secret: config.secret,
    dev: config.dev,
    paymasterBase: config.paymasterSignerKey ? config.publicUrl : null,
  })
  // Rows written before app secrets were sealed (or while no secret was configured) are sealed now.
  await apps.sealStoredSecrets()
  const sessions = new SessionService(db, keys, now, config.refreshReuseGraceMs)
  const smsSender = options.smsSender ?? createSmsSender({ config: config.sms, outbox: mailer.outbox, print: config.printMail && config.dev, now })
  const notices = new AccountNotices({ db, mailer, sms: smsSender, now, log })
  const accounts = new AccountService({ db, sessions, throttle, now, notices })
  const codes = new LoginCodes({ db, throttle, secret, now })
  const passwordless = new PasswordlessService({ mailer, captcha, accounts, codes })
  const passwordlessSms = new PasswordlessSmsService({ sms: smsSender, captcha, accounts, codes, allowedCountries: config.smsAllowedCountries })
  const frameOrigin = new URL(config.publicUrl).origin
  const deviceProofs = new DeviceProofs(db, config.publicUrl, now)
  const mfa = new MfaService({
    db,
    sms: smsSender,
    throttle,
    box: new ShareBox(secret, 'mfa-totp'),
    codes,
    now,
    notices,
    enrollLoginMaxAgeMs: config.mfaEnrollLoginMaxAgeMs,
    smsAllowedCountries: config.smsAllowedCountries,
  })
  const wallets = new EmbeddedWalletService({
    mfa,
    db,
    sessions,
    throttle,
    secret,
    recoverySecret: config.recoverySecret,
    frameOrigin,
    mailer,
    exportLoginMaxAgeMs: config.exportLoginMaxAgeMs,
    notices,
    recoveryHold: new RecoveryHold({ db, now, holdMs: config.newMethodHoldMs }),
    log,
    now,
  })
  // The page a provider sends the browser back to must be an origin the app allows.
  const oauth = new OAuthService({
    db,
    accounts,
    throttle,
    captcha,
    now,
    publicUrl: config.publicUrl,
    originAllowed: (a, origin) => (config.dev && LOCAL_ORIGIN.test(origin)) || a.settings.allowedOrigins.includes(origin),
    presets: options.oauthPresets,
  })
  const passkeys = new PasskeyService({ db, accounts, throttle, captcha, config, now })
  const delegation = new DelegationService({
    db,
    wallets,
    mfa,
    secret,
    signer: { socket: config.signerSocket ?? undefined, keyFile: config.signerKeyFile ?? undefined },
    now,
  })
  const mfaPasskeys = new MfaPasskeys({ db, mfa, passkeys, accounts, now })
  const farcaster = new FarcasterService({ db, accounts, throttle, captcha, config: config.farcaster, dev: config.dev, now })
  const telegram = new TelegramService({ accounts, throttle, captcha, now })
  return {
    config,
    database,
    db,
    apps,
    mailer,
    keys,
    sessions,
    accounts,
    codes,
    passwordless,
    passwordlessSms,
    throttle,
    captcha,
    now,
    wallets,
    mfa,
    mfaPasskeys,
    oauth,
    passkeys,
    farcaster,
    telegram,
    deviceProofs,
    notices,
    tokenPrices: new TokenPrices(config.priceSourceUrl, now),
    splTokens: new SplTokens(config.splTokenSymbols, now),
    analytics: new AnalyticsService(db, now),
    crossApp: new CrossAppService({
      db,
      apps,
      keys,
      accounts,
      now,
      fetch: options.fetch,
      originAllowed: (a, origin) => (config.dev && LOCAL_ORIGIN.test(origin)) || a.settings.allowedOrigins.includes(origin),
    }),
    webhooks: new WebhookService({ db, dialect: database.dialect, config: config.webhooks, now, log, secret: config.secret, dev: config.dev }),
    delegation,
    delegatedSigner: options.delegatedSigner ?? delegation,
  }
}

/** Deletes the rows that expired before `t` (codes, tokens, nonces, counters…); idempotent, so every instance may. */
export async function sweepExpired(services: Gatehouse, t: number): Promise<void> {
  const { db, throttle, deviceProofs, passkeys, farcaster, webhooks } = services
  await Promise.all([
    deleteExpiredLoginCodes(db, t),
    deleteExpiredRefreshTokens(db, t),
    deleteExpiredAccountTransfers(db, t),
    deleteExpiredOAuthStates(db, t),
    throttle.deleteStale(),
    deleteExpiredWalletNonces(db, t),
    deviceProofs.deleteExpired(t),
    passkeys.deleteExpired(t),
    farcaster.deleteExpired(t),
    deleteOldAnalytics(db, t),
    deleteExpiredAudit(db, t, services.config.auditRetentionDays),
    webhooks.worker.deleteOlderThan(t - WEBHOOK_RETENTION_MS),
    deleteExpiredServerWalletRows(db, t, DAY_MS),
  ])
}
