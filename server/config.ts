/**
 * Server configuration. `loadConfig(env)` reads the environment (used by main.ts);
 * `resolveConfig(overrides)` fills defaults without touching the environment, so tests
 * get the same server regardless of the shell they run in.
 */
import { isIP } from 'node:net'
import { CONSOLE_APP_ID } from '@gatehouse/contract/routes'

export interface RateLimits {
  /** Length of every throttle window, seconds. */
  windowSeconds: number
  /** Codes sent to one address per window (stops mail bombing one inbox). */
  emailInit: number
  /** Codes requested from one IP per window (stops spraying many inboxes). */
  ipInit: number
  /** Code checks from one IP per window (stops guessing across many addresses). */
  ipAuthenticate: number
  /** A new code for an address that still holds a live code must wait this long, seconds. */
  resendCooldownSeconds: number
  /** Wrong guesses that kill a code. */
  codeMaxAttempts: number
  /**
   * Failed guesses one address (per app) may make across all its codes per `codeGuessWindowSeconds`;
   * once spent, its code checks and code requests answer too_many_requests until the window ends.
   * A new code resets only the per-code count, so without this budget every code request bought
   * five more guesses. See SECURITY.md for the odds the defaults give.
   */
  codeGuessBudget: number
  /** The window of `codeGuessBudget`, seconds. */
  codeGuessWindowSeconds: number
  /** Code lifetime, seconds. */
  codeTtlSeconds: number
  /**
   * Embedded-wallet key-material requests (auth share, recovery share) per user per window. A frame
   * asks once per page load and wallet secret; many more means a stolen token being milked.
   */
  keyMaterial: number
  /**
   * Telegram logins and links of one Telegram account per window. A signed widget result stays
   * valid for a day, so a captured one could be replayed; past this the user sees
   * 'Request limit reached for Telegram…' (spec §8).
   */
  telegramAccount: number
  /**
   * Calls that spend the app's paid quotas (transaction scan, card widget signing, exchange on-ramp
   * sessions) per user per window, and per IP (with `GET /spl_token_info`, which reads the app's
   * cluster) in `ipPaidCalls`. The widget makes one per confirmation or funding flow.
   */
  paidCalls: number
  ipPaidCalls: number
  /** Exchange on-ramp status checks per user per window: the widget polls every 1.5 s while its popup is open. */
  fundingStatus: number
}

/** A login method linked (or an address changed) this recently cannot recover a wallet (services/recovery-hold.ts). */
export const NEW_METHOD_HOLD_MS = 24 * 60 * 60 * 1000

/** Export shows the whole key: the login ceremony must be at most this old. */
export const EXPORT_LOGIN_MAX_AGE_MS = 5 * 60 * 1000
/** Enrolling the first MFA factor: the login ceremony must be at most this old (a stale or copied session cannot lock the owner out). */
export const MFA_ENROLL_LOGIN_MAX_AGE_MS = 5 * 60 * 1000

export interface ServerConfig {
  port: number
  host: string
  /** Base URL of this server as browsers see it; the `iss` of every token. */
  publicUrl: string
  /** postgres://… selects PostgreSQL; otherwise SQLite at `dbFile`. */
  databaseUrl: string | null
  dbFile: string
  smtpUrl: string | null
  smtpFrom: string
  /** Development mode: dev outbox, localhost CORS, generated secrets. NODE_ENV !== 'production'. */
  dev: boolean
  /** Every success answer is checked against its route's response schema (tests; GATEHOUSE_CHECK_RESPONSES=1). */
  checkResponses: boolean
  /** Bearer token for /api/v1/admin; null disables the admin API. */
  adminToken: string | null
  /**
   * Bearer token of `GET /metrics` (Prometheus text format: requests, logins, webhook queue,
   * database pool; routes/metrics.ts), from GATEHOUSE_METRICS_TOKEN. null (the default) turns the
   * metrics off: the path answers 404 and no request is measured.
   */
  metricsToken: string | null
  /** The app whose users are console operators (their roles per app: services/owner-auth.ts); null: no operators. */
  consoleAppId: string | null
  /** GATEHOUSE_OWNER_EMAIL: the console account with this e-mail becomes the first owner when it signs in (services/console-owners.ts). */
  ownerEmail: string | null
  /** How long audit rows are kept, days (GATEHOUSE_AUDIT_RETENTION_DAYS; 0 keeps them forever). */
  auditRetentionDays: number
  /** Keys the code HMAC and encrypts the stored signing key. Required in production. */
  secret: string | null
  /**
   * Seals the automatic-recovery shares of embedded wallets; falls back to `secret` (with its own
   * derived key). Keep it apart from `secret` so one leaked secret does not open both server shares.
   */
  recoverySecret: string | null
  /** Where development secrets and the SQLite file live. */
  stateDir: string
  /**
   * Delegated actions (SECURITY.md): an operator's signer process socket (GATEHOUSE_SIGNER_SOCKET);
   * null: the server starts its own signer process, with the key of `signerKeyFile`
   * (GATEHOUSE_SIGNER_KEY_FILE; development: `<stateDir>/signer.key`; null: a key per process).
   */
  signerSocket: string | null
  signerKeyFile: string | null
  rateLimits: RateLimits
  /** Turns every throttle off (benchmarks). */
  rateLimitsDisabled: boolean
  /** How long a just-rotated refresh token may be presented again without revoking the session, ms. */
  refreshReuseGraceMs: number
  outboxSize: number
  /** Print every outgoing message on stdout (development aid; off in tests). */
  printMail: boolean
  /** How long an app's configuration is cached in memory, ms. */
  appCacheMs: number
  /** How long the wallet frame signs from memory before the server confirms the session again, ms (at most 30 000). */
  frameSessionCheckMs: number
  /** How recent the login ceremony must be for a key export, ms (at most 5 minutes; an operator may ask for less). */
  exportLoginMaxAgeMs: number
  /** How long a newly linked method or changed address is held back from recovering a wallet, ms. */
  newMethodHoldMs: number
  /** How recent the login ceremony must be to enroll the first MFA factor, ms (at most 5 minutes). */
  mfaEnrollLoginMaxAgeMs: number
  bodyLimit: number
  /**
   * Which `X-Forwarded-For` entries to believe: false (none: the socket address is the client), a
   * number of proxy hops in front of the server, or the proxies' addresses / CIDR ranges. Never
   * "all": the left-most entry is whatever the client wrote, which would give it a fresh per-IP
   * budget on every request.
   */
  trustProxy: TrustProxy
  /**
   * Development mode listening on a non-loopback address. Off, main.ts refuses to start that way:
   * development serves every login code at /dev/outbox and trusts any localhost origin.
   */
  devOnNetwork: boolean
  logLevel: string
  /** SMS delivery; null sends to the development outbox only. */
  sms: SmsConfig | null
  /** ISO countries SMS login accepts (upper case); empty = every country. */
  smsAllowedCountries: string[]
  /** Captcha: the provider's siteverify endpoint (Cloudflare Turnstile's wire format). */
  captchaVerifyUrl: string
  /**
   * Token prices (`GET /token_price`): a CoinGecko-style `simple/price` endpoint
   * (`?ids=…&vs_currencies=usd`). null = no prices (the widget then shows no USD values).
   */
  priceSourceUrl: string | null
  /** SPL token symbols by mint (`GATEHOUSE_SPL_TOKEN_SYMBOLS=mint=SYMBOL,…`) for mints without Metaplex metadata; extends the known list. */
  splTokenSymbols: Record<string, string>
  /** How long one siteverify call may take before the init call answers captcha_timeout, ms. */
  captchaVerifyTimeoutMs: number
  /** The widget script the browser loads (published in the app configuration as captcha.scriptUrl). */
  captchaScriptUrl: string

  /** Sign In With Farcaster: where custody addresses are read, and the relay channels. */
  farcaster: FarcasterConfig

  /** Webhook delivery (services/webhook-worker.ts). */
  webhooks: WebhookConfig

  /**
   * Smart wallets: the key whose signatures the apps' verifying paymasters accept
   * (GATEHOUSE_PAYMASTER_SIGNER_KEY, 0x + 64 hex digits; services/paymaster.ts). null: no paymaster
   * endpoint, no sponsored user operations.
   */
  paymasterSignerKey: `0x${string}` | null
}

/** How the webhook worker delivers (GATEHOUSE_WEBHOOK_*). */
export interface WebhookConfig {
  /** Whether `main.ts` starts the delivery worker in this process (GATEHOUSE_WEBHOOK_WORKER=off: another process delivers). */
  worker: boolean
  /** Whether changes write webhook events at all (GATEHOUSE_WEBHOOK_OUTBOX=off: apps use no webhooks; the benchmark's baseline). */
  outbox: boolean
  /** One POST may take this long, ms. */
  timeoutMs: number
  /** A claimed delivery is the claimer's this long; after a crash another worker takes it then. Longer than the timeout. */
  leaseMs: number
  /** How often an idle worker looks for due deliveries, ms. */
  pollMs: number
  /** Endpoints may be plain http:// in production too (GATEHOUSE_WEBHOOK_ALLOW_HTTP=1: a receiver on a private network, tests). */
  allowHttp: boolean
  /** An endpoint whose every attempt failed for this long is disabled, ms. */
  disableAfterMs: number
}

/** Sign In With Farcaster: the chain holding the IdRegistry, and the relay channel rules. */
export interface FarcasterConfig {
  /** JSON-RPC URL of the chain holding the IdRegistry (Optimism mainnet in production). null = Farcaster login cannot work. */
  rpcUrl: string | null
  /** The IdRegistry contract whose `custodyOf(fid)` answers the custody address. */
  idRegistryAddress: string
  /** How long a relay channel (and so a QR code) lives, seconds. The client gives up after 120 s. */
  channelTtlSeconds: number
  /** When set, the relay's authenticate route requires it in `X-Farcaster-Auth-Relay-Key`. */
  relayKey: string | null
  /**
   * An upstream AuthKit relay (e.g. https://relay.farcaster.xyz, where the public Farcaster app
   * completes channels): channels are opened and polled there instead of on our relay.
   */
  relayUrl: string | null
}

export type TrustProxy = false | number | string[]

/** Forces development mode on a non-loopback HOST (see `devExposureProblem`). */
export const DEV_ON_NETWORK_ENV = 'GATEHOUSE_DEV_ON_NETWORK'

/** Farcaster's IdRegistry on Optimism mainnet (https://docs.farcaster.xyz/reference/contracts/deployments). */
export const FARCASTER_ID_REGISTRY_OPTIMISM = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'

export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify'
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js'

/** A Twilio-compatible Messages API: POST {baseUrl}/2010-04-01/Accounts/{accountSid}/Messages.json. */
export interface SmsConfig {
  baseUrl: string
  accountSid: string
  authToken: string
  /** Sender number (E.164) or messaging service id. */
  from: string
  /** WhatsApp sender (E.164); the WhatsApp variant is refused without it. */
  whatsappFrom: string | null
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  windowSeconds: 600,
  emailInit: 5,
  ipInit: 60,
  ipAuthenticate: 120,
  // The widget already holds "Resend code" back for 30 s after each resend, but the first resend may
  // come right after the first send; the per-address window below bounds mail bombing instead.
  resendCooldownSeconds: 0,
  codeMaxAttempts: 5,
  // 20 per 6 h: any 24 h touch at most 5 windows, so at most 100 guesses at a 10⁶ code space.
  codeGuessBudget: 20,
  codeGuessWindowSeconds: 6 * 3600,
  codeTtlSeconds: 600,
  keyMaterial: 60,
  telegramAccount: 10,
  paidCalls: 60,
  ipPaidCalls: 300,
  fundingStatus: 600,
}

export type ConfigOverrides = Partial<Omit<ServerConfig, 'rateLimits' | 'farcaster' | 'webhooks'>> & {
  rateLimits?: Partial<RateLimits>
  farcaster?: Partial<FarcasterConfig>
  webhooks?: Partial<WebhookConfig>
}

function resolveWebhookConfig(o: Partial<WebhookConfig> = {}): WebhookConfig {
  const timeoutMs = o.timeoutMs ?? 15_000
  return {
    worker: o.worker ?? true,
    outbox: o.outbox ?? true,
    timeoutMs,
    // The lease outlives the POST and the writing of its result, so no second worker starts it meanwhile.
    leaseMs: Math.max(o.leaseMs ?? 60_000, timeoutMs + 1_000),
    pollMs: o.pollMs ?? 250,
    allowHttp: o.allowHttp ?? false,
    disableAfterMs: o.disableAfterMs ?? 5 * 24 * 3600_000,
  }
}

export function resolveConfig(overrides: ConfigOverrides = {}): ServerConfig {
  const port = overrides.port ?? 8787
  const stateDir = overrides.stateDir ?? '.gatehouse'
  return {
    port,
    host: overrides.host ?? '127.0.0.1',
    publicUrl: (overrides.publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    databaseUrl: overrides.databaseUrl ?? null,
    dbFile: overrides.dbFile ?? `${stateDir}/gatehouse.db`,
    smtpUrl: overrides.smtpUrl ?? null,
    smtpFrom: overrides.smtpFrom ?? 'Gatehouse <no-reply@localhost>',
    dev: overrides.dev ?? true,
    paymasterSignerKey: overrides.paymasterSignerKey ?? null,
    checkResponses: overrides.checkResponses ?? false,
    adminToken: overrides.adminToken ?? null,
    metricsToken: overrides.metricsToken ?? null,
    consoleAppId: overrides.consoleAppId ?? null,
    ownerEmail: overrides.ownerEmail ?? null,
    auditRetentionDays: overrides.auditRetentionDays ?? 365,
    secret: overrides.secret ?? null,
    recoverySecret: overrides.recoverySecret ?? null,
    stateDir,
    signerSocket: overrides.signerSocket ?? null,
    signerKeyFile: overrides.signerKeyFile ?? null,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...overrides.rateLimits },
    rateLimitsDisabled: overrides.rateLimitsDisabled ?? false,
    refreshReuseGraceMs: overrides.refreshReuseGraceMs ?? 5_000,
    outboxSize: overrides.outboxSize ?? 2000,
    printMail: overrides.printMail ?? true,
    appCacheMs: overrides.appCacheMs ?? 5000,
    // Capped: a logout or revocation must stop the frame signing within a minute.
    frameSessionCheckMs: Math.min(overrides.frameSessionCheckMs ?? 30_000, 30_000),
    exportLoginMaxAgeMs: Math.min(overrides.exportLoginMaxAgeMs ?? EXPORT_LOGIN_MAX_AGE_MS, EXPORT_LOGIN_MAX_AGE_MS),
    newMethodHoldMs: overrides.newMethodHoldMs ?? NEW_METHOD_HOLD_MS,
    mfaEnrollLoginMaxAgeMs: Math.min(overrides.mfaEnrollLoginMaxAgeMs ?? MFA_ENROLL_LOGIN_MAX_AGE_MS, MFA_ENROLL_LOGIN_MAX_AGE_MS),
    bodyLimit: overrides.bodyLimit ?? 64 * 1024,
    trustProxy: overrides.trustProxy ?? false,
    devOnNetwork: overrides.devOnNetwork ?? false,
    logLevel: overrides.logLevel ?? 'warn',
    sms: overrides.sms ?? null,
    smsAllowedCountries: (overrides.smsAllowedCountries ?? []).map((c) => c.toUpperCase()),
    captchaVerifyUrl: overrides.captchaVerifyUrl ?? TURNSTILE_VERIFY_URL,
    priceSourceUrl: overrides.priceSourceUrl ?? null,
    splTokenSymbols: overrides.splTokenSymbols ?? {},
    captchaVerifyTimeoutMs: overrides.captchaVerifyTimeoutMs ?? 5_000,
    captchaScriptUrl: overrides.captchaScriptUrl ?? TURNSTILE_SCRIPT_URL,
    farcaster: {
      rpcUrl: overrides.farcaster?.rpcUrl ?? null,
      idRegistryAddress: overrides.farcaster?.idRegistryAddress ?? FARCASTER_ID_REGISTRY_OPTIMISM,
      channelTtlSeconds: overrides.farcaster?.channelTtlSeconds ?? 300,
      relayKey: overrides.farcaster?.relayKey ?? null,
      relayUrl: overrides.farcaster?.relayUrl?.replace(/\/+$/, '') ?? null,
    },
    webhooks: resolveWebhookConfig(overrides.webhooks),
  }
}

const RATE_LIMIT_ENV: Record<keyof RateLimits, string> = {
  windowSeconds: 'GATEHOUSE_RATE_LIMIT_WINDOW_SECONDS',
  emailInit: 'GATEHOUSE_RATE_LIMIT_EMAIL_INIT',
  ipInit: 'GATEHOUSE_RATE_LIMIT_IP_INIT',
  ipAuthenticate: 'GATEHOUSE_RATE_LIMIT_IP_AUTHENTICATE',
  resendCooldownSeconds: 'GATEHOUSE_RATE_LIMIT_RESEND_COOLDOWN_SECONDS',
  codeMaxAttempts: 'GATEHOUSE_CODE_MAX_ATTEMPTS',
  codeGuessBudget: 'GATEHOUSE_CODE_GUESS_BUDGET',
  codeGuessWindowSeconds: 'GATEHOUSE_CODE_GUESS_WINDOW_SECONDS',
  codeTtlSeconds: 'GATEHOUSE_CODE_TTL_SECONDS',
  keyMaterial: 'GATEHOUSE_RATE_LIMIT_KEY_MATERIAL',
  telegramAccount: 'GATEHOUSE_RATE_LIMIT_TELEGRAM_ACCOUNT',
  paidCalls: 'GATEHOUSE_RATE_LIMIT_PAID_CALLS',
  ipPaidCalls: 'GATEHOUSE_RATE_LIMIT_IP_PAID_CALLS',
  fundingStatus: 'GATEHOUSE_RATE_LIMIT_FUNDING_STATUS',
}

// proxy-addr's names for the reserved ranges, accepted in TRUST_PROXY lists.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** TRUST_PROXY: unset/0 = no proxy, a number = that many hops, else a comma-separated list of addresses or CIDRs. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim()
  if (value === '' || value === '0' || value === 'false') return false
  if (/^\d+$/.test(value)) return Number(value)
  if (value === 'true')
    throw new Error(
      'TRUST_PROXY=true would believe any X-Forwarded-For a client sends: set the number of proxies in front of the server (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.5,10.1.0.0/16)',
    )
  const entries = value.split(',').map((e) => e.trim())
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/')
    const family = isIP(address)
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32))
    if (!PROXY_RANGE_NAMES.has(entry) && (!family || !bitsOk || extra !== undefined)) {
      throw new Error(`TRUST_PROXY must be a number of hops or a comma-separated list of addresses or CIDRs, got '${entry}'`)
    }
  }
  return entries
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]
  if (raw === undefined || raw === '') return undefined
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got '${raw}'`)
  return n
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const rateLimits: Partial<RateLimits> = {}
  // Short forms: one number for both per-IP throttles, one for the per-address throttle.
  const ip = intFromEnv(env, 'GATEHOUSE_RATE_LIMIT_IP')
  if (ip !== undefined) rateLimits.ipInit = rateLimits.ipAuthenticate = ip
  const email = intFromEnv(env, 'GATEHOUSE_RATE_LIMIT_EMAIL')
  if (email !== undefined) rateLimits.emailInit = email
  for (const [key, name] of Object.entries(RATE_LIMIT_ENV) as [keyof RateLimits, string][]) {
    const value = intFromEnv(env, name)
    if (value !== undefined) rateLimits[key] = value
  }
  const databaseUrl = env.DATABASE_URL || null
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// (leave it unset for SQLite)')
  }
  return resolveConfig({
    port: intFromEnv(env, 'PORT'),
    host: env.HOST || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    databaseUrl,
    dbFile: env.GATEHOUSE_DB_FILE || undefined,
    smtpUrl: env.SMTP_URL || null,
    smtpFrom: env.SMTP_FROM || undefined,
    dev: env.NODE_ENV !== 'production',
    paymasterSignerKey: (() => {
      const key = env.GATEHOUSE_PAYMASTER_SIGNER_KEY
      if (!key) return null
      if (!/^0x[0-9a-fA-F]{64}$/.test(key)) throw new Error('GATEHOUSE_PAYMASTER_SIGNER_KEY must be 0x and 64 hex digits')
      return key as `0x${string}`
    })(),
    checkResponses: env.GATEHOUSE_CHECK_RESPONSES === '1',
    adminToken: env.GATEHOUSE_ADMIN_TOKEN || null,
    metricsToken: env.GATEHOUSE_METRICS_TOKEN || null,
    // The console's own app (created at start by main.ts) unless the operator names another.
    consoleAppId: env.GATEHOUSE_CONSOLE_APP_ID || CONSOLE_APP_ID,
    ownerEmail: env.GATEHOUSE_OWNER_EMAIL?.trim() || null,
    auditRetentionDays: intFromEnv(env, 'GATEHOUSE_AUDIT_RETENTION_DAYS'),
    secret: env.GATEHOUSE_SECRET || null,
    recoverySecret: env.GATEHOUSE_RECOVERY_SECRET || null,
    stateDir: env.GATEHOUSE_STATE_DIR || undefined,
    signerSocket: env.GATEHOUSE_SIGNER_SOCKET || undefined,
    signerKeyFile: env.GATEHOUSE_SIGNER_KEY_FILE || undefined,
    rateLimits,
    rateLimitsDisabled: env.GATEHOUSE_RATE_LIMIT === 'off',
    refreshReuseGraceMs: (() => {
      const seconds = intFromEnv(env, 'GATEHOUSE_REFRESH_REUSE_GRACE_SECONDS')
      return seconds === undefined ? undefined : seconds * 1000
    })(),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    devOnNetwork: env[DEV_ON_NETWORK_ENV] === '1',
    logLevel: env.LOG_LEVEL || undefined,
    sms: env.SMS_ACCOUNT_SID
      ? {
          baseUrl: (env.SMS_API_URL || 'https://api.twilio.com').replace(/\/+$/, ''),
          accountSid: env.SMS_ACCOUNT_SID,
          authToken: env.SMS_AUTH_TOKEN || '',
          from: env.SMS_FROM || '',
          whatsappFrom: env.SMS_WHATSAPP_FROM || null,
        }
      : null,
    smsAllowedCountries: (env.GATEHOUSE_SMS_COUNTRIES || '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
    captchaVerifyUrl: env.GATEHOUSE_CAPTCHA_VERIFY_URL || undefined,
    priceSourceUrl: env.GATEHOUSE_PRICE_SOURCE_URL || undefined,
    splTokenSymbols: env.GATEHOUSE_SPL_TOKEN_SYMBOLS
      ? Object.fromEntries(
          env.GATEHOUSE_SPL_TOKEN_SYMBOLS.split(',')
            .map((pair) => pair.split('=').map((part) => part.trim()))
            .filter((pair): pair is [string, string] => pair.length === 2 && Boolean(pair[0]) && Boolean(pair[1])),
        )
      : undefined,
    captchaVerifyTimeoutMs: intFromEnv(env, 'GATEHOUSE_CAPTCHA_VERIFY_TIMEOUT_MS'),
    captchaScriptUrl: env.GATEHOUSE_CAPTCHA_SCRIPT_URL || undefined,
    frameSessionCheckMs: intFromEnv(env, 'GATEHOUSE_FRAME_SESSION_CHECK_MS'),
    exportLoginMaxAgeMs: intFromEnv(env, 'GATEHOUSE_EXPORT_LOGIN_MAX_AGE_MS'),
    newMethodHoldMs: intFromEnv(env, 'GATEHOUSE_NEW_METHOD_HOLD_MS'),
    mfaEnrollLoginMaxAgeMs: intFromEnv(env, 'GATEHOUSE_MFA_ENROLL_LOGIN_MAX_AGE_MS'),
    farcaster: {
      rpcUrl: env.FARCASTER_RPC_URL || undefined,
      idRegistryAddress: env.FARCASTER_ID_REGISTRY_ADDRESS || undefined,
      channelTtlSeconds: (() => {
        const seconds = intFromEnv(env, 'GATEHOUSE_FARCASTER_CHANNEL_TTL_SECONDS')
        // The browser polls for 120 s; a shorter channel would die under a user still scanning.
        if (seconds !== undefined && seconds < 120) throw new Error('GATEHOUSE_FARCASTER_CHANNEL_TTL_SECONDS must be at least 120')
        return seconds
      })(),
      relayKey: env.FARCASTER_RELAY_KEY || undefined,
      relayUrl: env.FARCASTER_RELAY_URL || undefined,
    },
    webhooks: {
      worker: env.GATEHOUSE_WEBHOOK_WORKER !== 'off',
      outbox: env.GATEHOUSE_WEBHOOK_OUTBOX !== 'off',
      timeoutMs: intFromEnv(env, 'GATEHOUSE_WEBHOOK_TIMEOUT_MS'),
      leaseMs: intFromEnv(env, 'GATEHOUSE_WEBHOOK_LEASE_MS'),
      pollMs: intFromEnv(env, 'GATEHOUSE_WEBHOOK_POLL_MS'),
      allowHttp: env.GATEHOUSE_WEBHOOK_ALLOW_HTTP === '1',
    },
  })
}

/** Whether `host` (a HOST value) listens only on the loopback interface. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase()
  if (h === 'localhost' || h === '::1') return true
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h
  return isIP(v4) === 4 && v4.startsWith('127.')
}

/**
 * Why this development server must not start, or null. Development mode is what an unset NODE_ENV
 * gives, so a forgotten variable on a server would otherwise publish every login code.
 */
export function devExposureProblem(config: ServerConfig): string | null {
  if (!config.dev || config.devOnNetwork || isLoopbackHost(config.host)) return null
  return `Gatehouse refuses to start: development mode (NODE_ENV is not 'production') on HOST=${config.host} would serve every login code at /dev/outbox to the network; set NODE_ENV=production, listen on HOST=127.0.0.1, or set ${DEV_ON_NETWORK_ENV}=1 to force it.`
}

/** Problems that must stop a production server from starting; empty when all is well. */
export function productionProblems(config: ServerConfig): string[] {
  if (config.dev) return []
  const problems: string[] = []
  if (!config.smtpUrl) problems.push('SMTP_URL is required in production (e.g. smtp://mail.example.com:587): login codes must reach real inboxes.')
  if (!config.secret || config.secret.length < 32)
    problems.push('GATEHOUSE_SECRET (at least 32 characters) is required in production: it keys the code hashes and encrypts the signing key.')
  return problems
}
