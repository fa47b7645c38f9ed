/**
 * Shared harness for the server tests (not a test file itself). `forEachDatabase` runs a
 * suite once on a SQLite temp file and once on a fresh PostgreSQL database; `startHarness`
 * builds an in-process server with a movable clock and helpers to create apps and log in.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { describe } from 'vitest'
import { createPostgresDatabase, dropPostgresDatabase, postgresAvailable } from '../test/postgres.js'
import { buildServer, type BuildServerOptions } from './app.js'
import { openDatabase, type DatabaseHandle } from './db/connect.js'
import { putMfaFactor, setSessionMfa } from './db/mfa.js'
import type { AuthResponse } from './services/sessions.js'
import { deriveFromSeed, generateEntropy, seedOf, splitSecret, toBase64, verifierFor, type DerivedKey, type Shares } from '../frame/src/custody.js'
import { DeviceKey, memoryKeyStore } from '../frame/src/device.js'
import { signRegistration, tokenSubject } from '../frame/src/registration.js'

export interface TestDatabase {
  kind: 'sqlite' | 'postgres'
  /**
   * Opens (and migrates) a fresh database. Each call gets its own (several harnesses may share a
   * target): close the handle, then `remove()` deletes exactly that database.
   */
  open(): Promise<{ database: DatabaseHandle; remove(): Promise<void> }>
}

function sqliteTarget(): TestDatabase {
  return {
    kind: 'sqlite',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'gatehouse-test-'))
      const database = await openDatabase({ dbFile: join(dir, 'test.db') })
      return { database, remove: async () => rmSync(dir, { recursive: true, force: true }) }
    },
  }
}

function postgresTarget(): TestDatabase {
  return {
    kind: 'postgres',
    async open() {
      const url = await createPostgresDatabase()
      if (!url) throw new Error('PostgreSQL is not available')
      const database = await openDatabase({ databaseUrl: url })
      return { database, remove: () => dropPostgresDatabase(url) }
    },
  }
}

/** A target answering an already open database (a second server on the first one's database); removes nothing. */
export function sameDatabase(kind: TestDatabase['kind'], database: DatabaseHandle): TestDatabase {
  return { kind, open: async () => ({ database, remove: async () => {} }) }
}

/** Runs `suite` against SQLite and PostgreSQL (skipped with a message when PostgreSQL is absent). */
export function forEachDatabase(suite: (target: TestDatabase) => void) {
  describe('sqlite', () => suite(sqliteTarget()))
  describe.skipIf(!postgresAvailable())('postgres', () => suite(postgresTarget()))
}

export const ADMIN_TOKEN = 'test-admin-token-0123456789'
export const TEST_SECRET = 'test-secret-0123456789-0123456789-0123456789'

export interface RequestOptions {
  appId?: string
  token?: string
  ip?: string
  headers?: Record<string, string>
  /** A wallet frame's device key: the request carries its DPoP proof (bound to `token` when given). */
  device?: DeviceKey
}

/** The public URL the harness server runs under (device proofs name it in `htu`). */
export const TEST_PUBLIC_URL = 'http://gatehouse.test'

export interface EmbeddedWalletFixture {
  entropy: Uint8Array
  key: DerivedKey
  shares: Shares
}

/** A device as the wallet frame makes one (frame/src/device.ts), its key in memory; pass the harness clock when a test moves it. */
export const testDevice = (now?: () => number) => DeviceKey.open(memoryKeyStore(), now)

export interface Harness {
  server: FastifyInstance
  database: DatabaseHandle
  clock: { now(): number; advance(ms: number): void }
  /** Creates an app through the admin API (any public field or allowedOrigins/allowlist/userLimit). */
  createApp(settings?: Record<string, unknown>): Promise<string>
  patchApp(appId: string, patch: Record<string, unknown>): Promise<LightMyRequestResponse>
  post(path: string, body: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>
  get(path: string, options?: RequestOptions): Promise<LightMyRequestResponse>
  /** The newest code sent to `email` (from the dev outbox). */
  lastCode(email: string): string
  /** init + authenticate; throws unless both succeed. */
  login(appId: string, email: string, options?: RequestOptions): Promise<AuthResponse>
  /**
   * What the wallet frame of `device` does for a user's first Ethereum wallet: new entropy, the
   * 2-of-3 split, the proof of possession, `POST /wallets`. Throws unless it is registered.
   */
  registerEmbeddedWallet(appId: string, token: string, device: DeviceKey): Promise<EmbeddedWalletFixture>
  close(): Promise<void>
}

/** A random private address per request, so tests do not trip each other's per-IP throttles. */
const randomIp = () => `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`

export async function startHarness(target: TestDatabase, options: BuildServerOptions = {}): Promise<Harness> {
  const { database, remove } = await target.open()
  let offset = 0
  const clock = { now: () => Date.now() + offset, advance: (ms: number) => void (offset += ms) }
  const server = await buildServer({
    database,
    now: clock.now,
    logger: false,
    printMail: false,
    adminToken: ADMIN_TOKEN,
    secret: TEST_SECRET,
    publicUrl: TEST_PUBLIC_URL,
    appCacheMs: 0,
    checkResponses: true,
    ...options,
  })

  const request = async (method: InjectOptions['method'], path: string, body: unknown, o: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...o.headers }
    if (o.appId) headers['privy-app-id'] = o.appId
    if (o.token) headers.authorization = `Bearer ${o.token}`
    if (o.device) headers.dpop = await o.device.proof({ htm: String(method), htu: `${TEST_PUBLIC_URL}${path.split('?')[0]}`, accessToken: o.token })
    return server.inject({ method, url: path, headers, remoteAddress: o.ip ?? randomIp(), ...(body === undefined ? {} : { payload: body as object }) })
  }
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }

  const harness: Harness = {
    server,
    database,
    clock,
    async createApp(settings = {}) {
      const res = await request('POST', '/api/v1/admin/apps', { name: 'Test App', ...settings }, { headers: admin })
      if (res.statusCode !== 201) throw new Error(`createApp: ${res.statusCode} ${res.body}`)
      return res.json().id as string
    },
    patchApp: (appId, patch) => request('PATCH', `/api/v1/admin/apps/${appId}`, patch, { headers: admin }),
    post: (path, body, o) => request('POST', path, body, o),
    get: (path, o) => request('GET', path, undefined, o),
    lastCode(email) {
      const entry = server.gatehouse.mailer.outbox?.list(email)[0]
      if (!entry?.code) throw new Error(`no code sent to ${email}`)
      return entry.code
    },
    async login(appId, email, o = {}) {
      const init = await harness.post('/api/v1/passwordless/init', { email }, { ...o, device: undefined, appId })
      if (init.statusCode !== 200) throw new Error(`init: ${init.statusCode} ${init.body}`)
      const auth = await harness.post('/api/v1/passwordless/authenticate', { email, code: harness.lastCode(email), mode: 'login-or-sign-up' }, { ...o, appId })
      if (auth.statusCode !== 200) throw new Error(`authenticate: ${auth.statusCode} ${auth.body}`)
      return auth.json() as AuthResponse
    },
    async registerEmbeddedWallet(appId, token, device) {
      const entropy = generateEntropy()
      const key = deriveFromSeed(await seedOf(entropy), 'ethereum', 0)
      const shares = await splitSecret(entropy)
      const body = {
        chain_type: 'ethereum',
        address: key.address,
        wallet_index: 0,
        entropy_id: key.address,
        entropy_id_verifier: verifierFor('ethereum'),
        shares: { share_set: 'set-1', auth_share: toBase64(shares.auth), recovery_method: 'privy', recovery_share: toBase64(shares.recovery) },
        proof: await signRegistration(key, { appId, userId: tokenSubject(token) }),
      }
      const res = await harness.post('/api/v1/wallets', body, { appId, token, headers: { origin: TEST_PUBLIC_URL }, device })
      if (res.statusCode !== 200) throw new Error(`registerEmbeddedWallet: ${res.statusCode} ${res.body}`)
      return { entropy, key, shares }
    },
    async close() {
      await server.close()
      await database.close()
      await remove()
    },
  }
  return harness
}

/**
 * Gives the user of an access token an enrolled TOTP factor and, unless `verified` is false, a live
 * MFA verification on that token's session (what the widget's MFA screens leave behind).
 */
export async function withOperatorMfa(server: FastifyInstance, appId: string, token: string, verified = true): Promise<void> {
  const { sub, sid } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string; sid: string }
  const db = server.gatehouse.db
  await putMfaFactor(db, { user_id: sub, type: 'totp', app_id: appId, secret: 'test', active: 1, last_step: null, created_at: Date.now() })
  if (verified) await setSessionMfa(db, sid, server.gatehouse.now())
}
