/**
 * The API server as an operator runs it (`server/main.ts` in its own process, production mode,
 * mail over real SMTP) for the reliability suites: they kill it, restart it on the same database,
 * run two of it side by side, and read its database directly.
 *
 *   const db = await scratchDatabase('postgres')
 *   const api = await startApiProcess({ database: db, smtpUrl: sink.url })
 *   const res = await api.request({ method: 'POST', path: '/api/v1/passwordless/init', appId, body: { email } })
 *   await api.kill('SIGKILL')
 */
import { request as httpRequest } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ChildProcess } from 'node:child_process'
import type { DeviceKey } from '../frame/src/device.ts'
import { openDatabase, type DatabaseHandle } from '../server/db/connect.ts'
import { createPostgresDatabase, dropPostgresDatabase } from './postgres.ts'
import type { SmtpSink } from './smtp.ts'
// @ts-expect-error plain ES module shared with `npm start` and the benchmarks
import { freePort as nextFreePort, startServerProcess } from '../scripts/lib/server-process.mjs'
// @ts-expect-error plain ES module
import { ensureServerBundle } from '../scripts/lib/server-bundle.mjs'

/** A loopback port nothing listens on (yet). */
export const freePort: () => Promise<number> = nextFreePort

export const API_ADMIN_TOKEN = 'reliability-admin-token-0123456789'
/** Fixed, so a restarted process reads the codes and signing key its predecessor wrote. */
export const API_SECRET = 'reliability-secret-0123456789-0123456789'

export interface ScratchDatabase {
  kind: 'sqlite' | 'postgres'
  /** What the server process is told (DATABASE_URL or GATEHOUSE_DB_FILE). */
  env: Record<string, string>
  /** A direct connection for checking rows (no migrations run: the server owns the schema). */
  open(): Promise<DatabaseHandle>
  remove(): Promise<void>
}

/** A fresh, empty database: a SQLite file in a temp folder, or a new PostgreSQL database. */
export async function scratchDatabase(kind: 'sqlite' | 'postgres'): Promise<ScratchDatabase> {
  if (kind === 'postgres') {
    const url = await createPostgresDatabase()
    if (!url) throw new Error('PostgreSQL is not available')
    return {
      kind,
      env: { DATABASE_URL: url },
      open: () => openDatabase({ databaseUrl: url, skipMigrations: true }),
      remove: () => dropPostgresDatabase(url),
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-reliability-'))
  const file = join(dir, 'gatehouse.db')
  return {
    kind,
    env: { DATABASE_URL: '', GATEHOUSE_DB_FILE: file },
    open: () => openDatabase({ dbFile: file, skipMigrations: true }),
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  }
}

export interface HttpRequest {
  method: string
  /** Path and query, sent as given (tests may send malformed escapes on purpose). */
  path: string
  headers?: Record<string, string>
  /** An object is sent as JSON; a string or Buffer as is (with whatever content-type `headers` say). */
  body?: unknown
  appId?: string
  token?: string
  /**
   * The loopback address the request comes from (any of 127.0.0.0/8): per-IP throttles count
   * per source address, so suites pick their own to stay out of each other's windows.
   */
  from?: string
  /** How long to wait for the answer (default 30 s); hundreds of requests at once take longer on a slow machine. */
  timeoutMs?: number
  /** A wallet frame's device key: the request carries its DPoP proof (bound to `token` when given). */
  device?: DeviceKey
}

export interface HttpResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
  json(): any
}

/** One HTTP request on its own connection (no pooling, so `from` is honoured every time). */
export function http(port: number, req: HttpRequest, timeoutMs = req.timeoutMs ?? 30_000): Promise<HttpResponse> {
  const headers: Record<string, string> = { ...req.headers }
  if (req.appId !== undefined) headers['privy-app-id'] = req.appId
  if (req.token !== undefined) headers.authorization = `Bearer ${req.token}`
  let payload: Buffer | undefined
  if (typeof req.body === 'string' || Buffer.isBuffer(req.body)) payload = Buffer.from(req.body)
  else if (req.body !== undefined) {
    payload = Buffer.from(JSON.stringify(req.body))
    headers['content-type'] ??= 'application/json'
  }
  if (payload) headers['content-length'] = String(payload.length)
  return new Promise((resolve, reject) => {
    const r = httpRequest(
      { host: '127.0.0.1', port, method: req.method, path: req.path, headers, localAddress: req.from, agent: false, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('error', reject)
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) })
        })
      },
    )
    r.on('timeout', () => r.destroy(new Error(`${req.method} ${req.path}: no answer within ${timeoutMs} ms`)))
    r.on('error', reject)
    r.end(payload)
  })
}

export interface ApiProcess {
  port: number
  /** PUBLIC_URL: the issuer of its tokens, and where device proofs point (`htu`). */
  publicUrl: string
  child: ChildProcess
  /** Everything the process wrote to stdout and stderr so far (its log). */
  output(): string
  request(req: HttpRequest): Promise<HttpResponse>
  /** Creates an app through the admin API; returns its id. */
  createApp(settings?: Record<string, unknown>): Promise<string>
  /** Sends `signal` and resolves once the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>
}

export interface ApiProcessOptions {
  database: ScratchDatabase
  smtpUrl: string
  /** A restart passes its predecessor's port; by default a free one. */
  port?: number
  /** The issuer of every token: instances of one deployment share it. Default: this process's own URL. */
  publicUrl?: string
  env?: Record<string, string>
}

export async function startApiProcess(options: ApiProcessOptions): Promise<ApiProcess> {
  const port: number = options.port ?? (await freePort())
  const publicUrl = options.publicUrl ?? `http://127.0.0.1:${port}`
  const state = mkdtempSync(join(tmpdir(), 'gatehouse-reliability-state-'))
  let log = ''
  const server = await (
    startServerProcess({
      port,
      // The server's bundle (built once, kept while the sources are unchanged) starts far sooner than tsx.
      entry: await ensureServerBundle(),
      exitWithParent: true,
      onOutput: (chunk: Buffer) => (log += chunk),
      env: {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PUBLIC_URL: publicUrl,
        SMTP_URL: options.smtpUrl,
        GATEHOUSE_SECRET: API_SECRET,
        GATEHOUSE_ADMIN_TOKEN: API_ADMIN_TOKEN,
        GATEHOUSE_STATE_DIR: state,
        LOG_LEVEL: 'error',
        ...options.database.env,
        ...options.env,
      },
    }) as Promise<{ child: unknown }>
  ).catch((error: Error) => {
    // The log is the only place that says why a server would not start.
    throw new Error(`${error.message}\n${log.trim()}`)
  })
  const child = server.child as ChildProcess
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })
  void exited.then(() => rmSync(state, { recursive: true, force: true }))
  const api: ApiProcess = {
    port,
    publicUrl,
    child,
    output: () => log,
    async request(req) {
      if (!req.device) return http(port, req)
      const dpop = await req.device.proof({ htm: req.method, htu: `${publicUrl}${req.path.split('?')[0]}`, accessToken: req.token })
      return http(port, { ...req, headers: { ...req.headers, dpop } })
    },
    async createApp(settings = {}) {
      const res = await api.request({
        method: 'POST',
        path: '/api/v1/admin/apps',
        token: API_ADMIN_TOKEN,
        body: { name: 'Reliability', ...settings },
      })
      if (res.status !== 201) throw new Error(`createApp: ${res.status} ${res.text}`)
      return res.json().id as string
    },
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      await exited
    },
  }
  return api
}

/** The six-digit code of the next mail to `email`. */
export async function nextCode(sink: SmtpSink, email: string): Promise<string> {
  const mail = await sink.nextMessage(email, 15_000, (m) => /login code/i.test(m.subject))
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
  if (!code) throw new Error(`no code in the mail to ${email}: ${mail.text}`)
  return code
}

/** Runs `task` over `items` with at most `limit` at a time. */
export async function inBatches<T, R>(items: T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await task(items[i], i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}
