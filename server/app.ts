/**
 * buildServer(options) assembles the API: database, keys, services, CORS, the app-id gate,
 * error handling and the routes. Tests call it in-process; main.ts adds the listening socket.
 */
import cors from '@fastify/cors'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { productionProblems, resolveConfig, type ConfigOverrides, type TrustProxy } from './config.js'
import { API_PREFIX, type Gatehouse } from './context.js'
import { deleteExpiredAccountTransfers } from './db/account-transfers.js'
import { deleteExpiredLoginCodes } from './db/codes.js'
import { deleteExpiredOAuthStates } from './db/oauth-states.js'
import { openDatabase, type DatabaseHandle } from './db/connect.js'
import { deleteExpiredRefreshTokens } from './db/sessions.js'
import { deleteExpiredWalletNonces } from './db/wallet-nonces.js'
import { DeviceProofs } from './services/device-proofs.js'
import { APP_ID_PATTERN, randomToken } from './crypto/hash.js'
import { loadKeyRing } from './crypto/tokens.js'
import { ApiError, clientErrorHandler, installErrorHandlers, sendError } from './errors.js'
import { registerOpenApi } from './openapi.js'
import { checkResponses } from './response-check.js'
import { AccountService } from './services/accounts.js'
import { AppStore } from './services/apps.js'
import { CaptchaService } from './services/captcha.js'
import { TokenPrices } from './services/token-prices.js'
import { SplTokens } from './services/spl-tokens.js'
import { EmbeddedWalletService } from './services/embedded-wallets.js'
import { createMailer, type Mailer } from './services/mailer.js'
import { OAuthService, type OAuthDeps } from './services/oauth.js'
import { PasswordlessService } from './services/passwordless.js'
import { PasswordlessSmsService } from './services/passwordless-sms.js'
import { PasskeyService } from './services/passkeys.js'
import { MfaService } from './services/mfa.js'
import { MfaPasskeys } from './services/mfa-passkeys.js'
import { ShareBox } from './crypto/share-box.js'
import { createSmsSender, type SmsSender } from './services/sms-sender.js'
import { AccountNotices } from './services/account-notices.js'
import { RecoveryHold } from './services/recovery-hold.js'
import { SessionService } from './services/sessions.js'
import { Throttle } from './services/throttle.js'
import apiRoutes from './routes/api.js'
import devRoutes, { devHostCheck, isDevPath } from './routes/dev.js'
import devIdpRoutes from './routes/dev-idp.js'
import healthRoutes from './routes/health.js'
import walletFrameRoutes from './routes/wallet-frame.js'
import { FarcasterService } from './services/farcaster.js'
import { TelegramService } from './services/telegram.js'

export interface BuildServerOptions extends ConfigOverrides {
  /** An open database (from `openDatabase`); otherwise one is opened from databaseUrl/dbFile and closed with the server. */
  database?: DatabaseHandle
  /** Replaces the mail transport (the dev outbox comes from `createMailer`). */
  mailer?: Mailer
  /** Replaces the SMS transport. */
  smsSender?: SmsSender
  /** Clock in ms; tests move it to expire codes and tokens. */
  now?: () => number
  /** Fastify logger; defaults to the configured level (warn). Pass false to silence. */
  logger?: boolean
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void }
  /** Replaces parts of OAuth provider presets (tests: stand-ins for Apple, TikTok… on loopback). */
  oauthPresets?: OAuthDeps['presets']
}

export const CORS_HEADERS = [
  'privy-app-id',
  'privy-client-id',
  'privy-client',
  'privy-ca-id',
  'authorization',
  'content-type',
  'farcaster-channel-token',
  'dpop',
]
const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/
const SWEEP_INTERVAL_MS = 10 * 60 * 1000

export async function buildServer(options: BuildServerOptions = {}): Promise<FastifyInstance> {
  const config = resolveConfig(options)
  const problems = productionProblems({ ...config, smtpUrl: options.mailer ? 'injected' : config.smtpUrl })
  if (problems.length) throw new Error(problems.join('\n'))
  const now = options.now ?? Date.now
  const ownsDatabase = !options.database
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dbFile: config.dbFile }))
  const db = database.db
  // Without a configured secret (tests, quick experiments) codes are keyed by a per-process
  // secret: pending codes die with the process, which is harmless there.
  const secret = config.secret ?? randomToken(32)

  // Created first: services log through it (the captcha check's warnings about the provider).
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: config.bodyLimit,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
    // The router refuses malformed escapes and over-long path parameters before any hook runs;
    // without this they would leave in Fastify's own error shape instead of `{ error, code }`.
    clientErrorHandler,
    frameworkErrors: (error, _request, reply) =>
      sendError(reply, 'invalid_data', error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : 'The URL is not valid'),
  })
  // Response schemas document and (in tests) check the answers; they never reshape one in production.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data))
  if (config.checkResponses) checkResponses(app)

  const keys = await loadKeyRing(db, { secret: config.secret, issuer: config.publicUrl, now, dialect: database.dialect })
  // Printing puts login codes in the log: a development convenience, never in production.
  const mailer = options.mailer ?? createMailer({ ...config, print: config.printMail && config.dev, now })
  const throttle = new Throttle(db, config.rateLimits, config.rateLimitsDisabled, now)
  const captcha = new CaptchaService({ config, log: app.log })
  const apps = new AppStore(db, { cacheMs: config.appCacheMs, now, secret: config.secret, dev: config.dev })
  // Rows written before app secrets were sealed (or while no secret was configured) are sealed now.
  await apps.sealStoredSecrets()
  const sessions = new SessionService(db, keys, now, config.refreshReuseGraceMs)
  const smsSender = options.smsSender ?? createSmsSender({ config: config.sms, outbox: mailer.outbox, print: config.printMail && config.dev, now })
  const notices = new AccountNotices({ db, mailer, sms: smsSender, now, log: app.log })
  const accounts = new AccountService({ db, sessions, throttle, now, notices })
  const passwordless = new PasswordlessService({ db, mailer, throttle, captcha, sessions, accounts, secret, now })
  const passwordlessSms = new PasswordlessSmsService({
    db,
    sms: smsSender,
    throttle,
    captcha,
    accounts,
    secret,
    now,
    allowedCountries: config.smsAllowedCountries,
  })
  const frameOrigin = new URL(config.publicUrl).origin
  const deviceProofs = new DeviceProofs(db, config.publicUrl, now)
  const mfa = new MfaService({
    db,
    sms: smsSender,
    throttle,
    box: new ShareBox(secret, 'mfa-totp'),
    secret,
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
    log: app.log,
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
  const mfaPasskeys = new MfaPasskeys({ db, mfa, passkeys, accounts, now })
  const farcaster = new FarcasterService({ db, accounts, throttle, captcha, config: config.farcaster, dev: config.dev, now })
  const telegram = new TelegramService({ accounts, throttle, captcha, now })
  const gatehouse: Gatehouse = {
    config,
    database,
    db,
    apps,
    mailer,
    keys,
    sessions,
    accounts,
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
  }

  app.decorate('gatehouse', gatehouse)
  app.decorateRequest('gatehouseApp', null)

  // Patterns of every real route, so the not-found handler can tell 404 from 405.
  const routePatterns = new Map<string, Set<string>>()
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'OPTIONS')
    const set = routePatterns.get(route.url) ?? new Set<string>()
    for (const m of methods) set.add(m)
    routePatterns.set(route.url, set)
  })
  installErrorHandlers(app, () => routePatterns)

  // An empty JSON body counts as {} (logout and accept_terms have nothing to say); anything
  // else goes through Fastify's parser with its prototype-poisoning protection.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  // JSON only. text/plain in particular must go: browsers send it cross-origin without a
  // preflight, so accepting it would let any page trigger login mails.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, {})
    parseJson(request, body as string, done)
  })

  // PostgreSQL text cannot hold U+0000 (SQLite can): refuse it at the door, the same on both
  // databases, rather than fail inside a query. No field of the API has a use for it.
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
      throw new ApiError('invalid_data', 'Text must not contain the NUL character')
    }
  })

  await app.register(cors, {
    delegator: async (request: FastifyRequest) => {
      const origin = request.headers.origin
      const allowed = origin && !isDevPath(request.url) ? await originAllowed(gatehouse, request, origin) : false
      return {
        origin: allowed ? origin : false,
        credentials: true,
        methods: ['GET', 'POST', 'PATCH', 'OPTIONS'],
        allowedHeaders: CORS_HEADERS,
        maxAge: 600,
      }
    },
  })

  if (config.dev) app.addHook('onRequest', devHostCheck(config))

  app.addHook('onRequest', async (request) => {
    const source = request.routeOptions.config?.appId
    if (!source || source === 'none') return
    const raw = source === 'param' ? (request.params as { app_id?: string }).app_id : request.headers['privy-app-id']
    const id = typeof raw === 'string' ? raw : ''
    const found = APP_ID_PATTERN.test(id) ? await apps.get(id) : null
    if (!found) throw new ApiError('missing_or_invalid_app_id', 'Missing or invalid app id')
    request.gatehouseApp = found
  })

  // Before any route: the OpenAPI document is gathered from every route's schema as it is added.
  await registerOpenApi(app)
  await app.register(healthRoutes)
  await app.register(walletFrameRoutes)
  await app.register(apiRoutes, { prefix: API_PREFIX })
  if (config.dev) await app.register(devRoutes)
  if (config.dev) await app.register(devIdpRoutes)

  // Expired rows are dead weight: sweep them now and then (every instance may; it is idempotent).
  const sweep = setInterval(() => {
    const t = now()
    Promise.all([
      deleteExpiredLoginCodes(db, t),
      deleteExpiredRefreshTokens(db, t),
      deleteExpiredAccountTransfers(db, t),
      deleteExpiredOAuthStates(db, t),
      throttle.deleteStale(),
      deleteExpiredWalletNonces(db, t),
      deviceProofs.deleteExpired(t),
      passkeys.deleteExpired(t),
      farcaster.deleteExpired(t),
    ]).catch((error) => app.log.warn({ err: error }, 'sweep failed'))
  }, SWEEP_INTERVAL_MS)
  sweep.unref()

  app.addHook('onClose', async () => {
    clearInterval(sweep)
    if (!options.mailer) await mailer.close()
    if (ownsDatabase) await database.close()
  })
  return app
}

/**
 * Fastify's own number form trusts nothing (it cannot tell a proxy from a direct client), so a hop
 * count becomes a function: the socket peer and the next n - 1 entries are proxies, the entry after
 * them is the client. That is only sound when clients cannot reach the server around the proxies.
 */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust
}

async function originAllowed(gatehouse: Gatehouse, request: FastifyRequest, origin: string): Promise<boolean> {
  if (gatehouse.config.dev && LOCAL_ORIGIN.test(origin)) return true
  // A preflight carries no header values, so it cannot name its app: allow the origins
  // some app allows; the real request is then checked against its own app.
  if (request.method === 'OPTIONS') return (await gatehouse.apps.allAllowedOrigins()).has(origin)
  const raw = request.headers['privy-app-id'] ?? (request.params as { app_id?: string } | undefined)?.app_id
  if (typeof raw !== 'string' || !APP_ID_PATTERN.test(raw)) return false
  const app = await gatehouse.apps.get(raw)
  return app?.settings.allowedOrigins.includes(origin) ?? false
}

/** Whether any string (value or key) in a parsed request part contains U+0000. Iterative: bodies may nest deeply. */
function containsNul(value: unknown): boolean {
  const stack = [value]
  while (stack.length) {
    const item = stack.pop()
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true
    } else if (item && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\u0000')) return true
        stack.push(inner)
      }
    }
  }
  return false
}
