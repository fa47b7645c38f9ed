/**
 * buildServer(options) assembles the API: the database, the services (composed apart from HTTP in
 * create-services.ts), CORS, the app-id gate, error handling and the routes. Tests call it in-process; main.ts adds the listening socket.
 */
import cors from '@fastify/cors'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { productionProblems, resolveConfig, type ConfigOverrides, type TrustProxy } from './config.js'
import { API_PREFIX } from './context.js'
import { createServices, LOCAL_ORIGIN, sweepExpired, type Gatehouse, type ServiceOptions } from './create-services.js'
import { openDatabase, type DatabaseHandle } from './db/connect.js'
import { webhookQueueStats } from './db/webhook-stats.js'
import { APP_ID_PATTERN } from './crypto/hash.js'
import { ApiError, clientErrorHandler, installErrorHandlers, sendError } from './errors.js'
import { registerOpenApi } from './openapi.js'
import { checkResponses } from './response-check.js'
import { Metrics } from './services/metrics.js'
import apiRoutes from './routes/api.js'
import devRoutes, { devHostCheck, isDevPath } from './routes/dev.js'
import devIdpRoutes from './routes/dev-idp.js'
import healthRoutes from './routes/health.js'
import metricsRoutes from './routes/metrics.js'
import walletFrameRoutes from './routes/wallet-frame.js'
import crossAppPageRoutes from './routes/cross-app-pages.js'
import widgetRoutes from './routes/widget.js'
import consoleRoutes, { type ConsoleOptions } from './routes/console.js'

/** The configuration, plus what tests inject into the services (clock, mailer, SMS sender, OAuth presets). */
export interface BuildServerOptions extends ConfigOverrides, Omit<ServiceOptions, 'log'> {
  /** An open database (from `openDatabase`); otherwise one is opened from databaseUrl/dbFile and closed with the server. */
  database?: DatabaseHandle
  /** Fastify logger; defaults to the configured level (warn). Pass false to silence. */
  logger?: boolean
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void }
  /** Where the built widget is served from (routes/widget.ts); tests point it at a scratch folder. */
  widget?: { dir?: string; version?: string | null }
  /** Where the built console is served from (routes/console.ts); tests point it at a scratch folder. */
  console?: ConsoleOptions
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
const SWEEP_INTERVAL_MS = 10 * 60 * 1000

export async function buildServer(options: BuildServerOptions = {}): Promise<FastifyInstance> {
  const config = resolveConfig(options)
  const problems = productionProblems({ ...config, smtpUrl: options.mailer ? 'injected' : config.smtpUrl })
  if (problems.length) throw new Error(problems.join('\n'))
  const now = options.now ?? Date.now
  const ownsDatabase = !options.database
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dbFile: config.dbFile }))

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

  const gatehouse = await createServices(config, database, {
    now,
    mailer: options.mailer,
    smsSender: options.smsSender,
    oauthPresets: options.oauthPresets,
    delegatedSigner: options.delegatedSigner,
    fetch: options.fetch,
    log: app.log,
  })

  app.decorate('gatehouse', gatehouse)
  app.decorateRequest('gatehouseApp', null)

  // Off unless its token is set: then every answered request is counted (services/metrics.ts).
  const metrics = config.metricsToken
    ? new Metrics({
        poolUse: () => database.poolUse?.() ?? { max: 1, total: 1, idle: null, waiting: null },
        webhookQueue: () => webhookQueueStats(gatehouse.db),
      })
    : null
  if (metrics) app.addHook('onResponse', async (request, reply) => metrics.observe(request, reply))

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
    const found = APP_ID_PATTERN.test(id) ? await gatehouse.apps.get(id) : null
    if (!found) throw new ApiError('missing_or_invalid_app_id', 'Missing or invalid app id')
    request.gatehouseApp = found
  })

  // Before any route: the OpenAPI document is gathered from every route's schema as it is added.
  await registerOpenApi(app)
  await app.register(healthRoutes)
  if (metrics && config.metricsToken) await app.register(metricsRoutes, { metrics, token: config.metricsToken })
  await app.register(walletFrameRoutes)
  await app.register(crossAppPageRoutes)
  await app.register(widgetRoutes, options.widget ?? {})
  await app.register(consoleRoutes, options.console ?? {})
  await app.register(apiRoutes, { prefix: API_PREFIX })
  if (config.dev) await app.register(devRoutes)
  if (config.dev) await app.register(devIdpRoutes)

  // Expired rows are dead weight: sweep them now and then (every instance may; it is idempotent).
  const sweep = setInterval(() => {
    sweepExpired(gatehouse, now()).catch((error) => app.log.warn({ err: error }, 'sweep failed'))
  }, SWEEP_INTERVAL_MS)
  sweep.unref()
  gatehouse.analytics.start((error) => app.log.warn({ err: error }, 'analytics flush failed'))

  app.addHook('onClose', async () => {
    clearInterval(sweep)
    await gatehouse.analytics.stop().catch((error) => app.log.warn({ err: error }, 'analytics flush failed'))
    await gatehouse.webhooks.worker.stop()
    await gatehouse.delegation.close()
    if (!options.mailer) await gatehouse.mailer.close()
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
