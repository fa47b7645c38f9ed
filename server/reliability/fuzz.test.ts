/**
 * Generated requests to every route the server documents (its own OpenAPI document, so new
 * routes are covered without touching this file), against the real server process in
 * production mode on SQLite and on PostgreSQL: no answer ≥ 500, the process never dies, and
 * every error answer is `{ error, code }` with a code of the shared table and its status.
 *
 * Bounded and repeatable: a fixed number of runs per route from a fixed seed. Override with
 * GATEHOUSE_FUZZ_RUNS / GATEHOUSE_FUZZ_SEED to search longer; a failure prints the seed, the
 * request and the server's log.
 */
import { API_ERROR_CODES } from '@gatehouse/contract'
import { ROUTES } from '@gatehouse/contract/routes'
import fc from 'fast-check'
import { exportJWK, generateKeyPair } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  API_ADMIN_TOKEN,
  freePort,
  nextCode,
  scratchDatabase,
  startApiProcess,
  type ApiProcess,
  type HttpRequest,
  type HttpResponse,
  type ScratchDatabase,
} from '../../test/api-process.js'
import { operationsOf, requestFor, withProof, type FuzzContext, type FuzzRequest, type Operation } from '../../test/fuzz-requests.js'
import { postgresAvailable } from '../../test/postgres.js'
import { startSmtpSink, type SmtpSink } from '../../test/smtp.js'

const RUNS = Number(process.env.GATEHOUSE_FUZZ_RUNS || 20)
const SEED = Number(process.env.GATEHOUSE_FUZZ_SEED || 0x6a7e)
const FROM = '127.0.9.1'
/** GATEHOUSE_FUZZ_ROUTES: a regular expression over 'METHOD /path' to fuzz only some routes (the whole document by default). */
const ONLY = process.env.GATEHOUSE_FUZZ_ROUTES ? new RegExp(process.env.GATEHOUSE_FUZZ_ROUTES) : null
/** GET /metrics is served (and so documented and fuzzed) only with its token set. */
const METRICS_TOKEN = 'reliability-metrics-token-0123456789'

/**
 * Pages a browser lands on rather than API calls: the OAuth providers' redirect target shows a
 * person a sentence, not JSON, when its link is stale.
 */
const PAGES = new Set(['GET /api/v1/oauth/callback', 'POST /api/v1/oauth/callback'])

/** What is wrong with an answer, or null when it keeps the rules. */
function answerProblem(op: Operation, res: HttpResponse): string | null {
  if (res.status >= 500) return `answered ${res.status}`
  if (res.status < 400) return null
  if (PAGES.has(`${op.method} ${op.path}`) && /^text\/(plain|html)/.test(String(res.headers['content-type']))) return null
  let body: unknown
  try {
    body = res.json()
  } catch {
    return `error answer ${res.status} is not JSON: ${res.text.slice(0, 200)}`
  }
  const { error, code } = (body ?? {}) as { error?: unknown; code?: unknown }
  if (typeof error !== 'string' || typeof code !== 'string') return `error answer ${res.status} is not { error, code }: ${res.text.slice(0, 200)}`
  const status = (API_ERROR_CODES as Record<string, number>)[code]
  if (status === undefined) return `unknown error code ${code}`
  if (status !== res.status) return `code ${code} answered with ${res.status}, the table says ${status}`
  return null
}

/** Seed per route, so one route's failure replays without the others. */
const seedOf = (op: Operation) => [...`${op.method} ${op.path}`].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, SEED)

/** The request, readable: long runs of one character are counted rather than printed. */
const describeReport = (req: HttpRequest) =>
  JSON.stringify(req)
    .replace(/(.)\1{30,}/gu, (run, c: string) => `${c}×${[...run].length}`)
    .slice(0, 2000)

function fuzzSuite(kind: 'sqlite' | 'postgres') {
  let sink: SmtpSink
  let database: ScratchDatabase
  let api: ApiProcess
  let operations: Operation[]
  /** The OpenAPI document the server serves. */
  let document: Parameters<typeof operationsOf>[0]
  let appId: string
  let scratchAppId: string
  let appSecret: string
  /** A webhook endpoint's and a delivery's ids on the scratch app. */
  let ownerIds: string[] = []

  beforeAll(async () => {
    sink = await startSmtpSink()
    database = await scratchDatabase(kind)
    // Behind one proxy hop: requests name their client address (X-Forwarded-For), mostly a new one
    // each, so the throttles run on every request yet seldom answer 429 before the code under test.
    // Webhook endpoints the fuzz points anywhere give up within a second (the test send waits for its attempt).
    api = await startApiProcess({
      database,
      smtpUrl: sink.url,
      env: { TRUST_PROXY: '1', GATEHOUSE_METRICS_TOKEN: METRICS_TOKEN, GATEHOUSE_WEBHOOK_TIMEOUT_MS: '1000' },
    })
    const doc = (await api.request({ method: 'GET', path: '/api/v1/openapi.json' })).json()
    document = doc
    operations = operationsOf(doc).filter((op) => !ONLY || ONLY.test(`${op.method} ${op.path}`))
    // Every login method the admin API knows, switched on, so the fuzz reaches each method's code.
    const methods = doc.paths['/api/v1/admin/apps'].post.requestBody.content['application/json'].schema.properties.loginMethods.properties
    const { publicKey } = await generateKeyPair('ES256')
    appId = await api.createApp({
      loginMethods: Object.fromEntries(Object.keys(methods).map((m) => [m, true])),
      allowedOrigins: [`http://127.0.0.1:${api.port}`],
      telegram: { botToken: '123456:fuzz-bot-token', botUsername: 'fuzz_bot' },
      customAuth: { issuer: 'https://host.example', publicKey: JSON.stringify(await exportJWK(publicKey)) },
      // An issuer on a loopback port nobody listens on: the fuzz never reaches the real Google,
      // and an unreachable provider is one of the states it must survive.
      oauth: { google: { clientId: 'fuzz-client', clientSecret: 'fuzz-secret', issuer: `http://127.0.0.1:${await freePort()}` } },
    })
    scratchAppId = await api.createApp()
    const secret = await api.request({ method: 'POST', path: `/api/v1/admin/apps/${scratchAppId}/secrets`, token: API_ADMIN_TOKEN })
    expect(secret.status, secret.text).toBe(201)
    appSecret = secret.json().secret
    // A webhook endpoint of the scratch app (nobody listens there) with one delivery: the owner routes reach past "not found".
    const owner = { token: API_ADMIN_TOKEN, from: FROM }
    const hooks = `/api/v1/apps/${scratchAppId}/webhooks`
    const endpoint = await api.request({ ...owner, method: 'POST', path: hooks, body: { url: `https://127.0.0.1:${await freePort()}/hooks` } })
    expect(endpoint.status, endpoint.text).toBe(201)
    const sent = await api.request({ ...owner, method: 'POST', path: `${hooks}/${endpoint.json().id}/test` })
    expect(sent.status, sent.text).toBe(200)
    ownerIds = [endpoint.json().id, sent.json().id]
  })

  afterAll(async () => {
    await api?.kill()
    await sink?.close()
    await database?.remove()
  })

  /**
   * A fresh session per route (a fuzzed logout must not blunt the routes after it); every other
   * one bound to a device key, so the device-proof checks of refresh and key material are reached.
   */
  async function context(n: number): Promise<FuzzContext> {
    const email = `fuzz-${n}@example.com`
    const headers = { 'x-forwarded-for': `10.99.${n}.1` }
    const { privateKey, publicKey } = await generateKeyPair('ES256')
    const device = { privateKey, publicJwk: await exportJWK(publicKey) }
    const partial = {
      appId,
      scratchAppId,
      accessToken: '',
      refreshToken: '',
      adminToken: API_ADMIN_TOKEN,
      metricsToken: METRICS_TOKEN,
      appSecret,
      origin: `http://127.0.0.1:${api.port}`,
      known: [],
      device,
    }
    const init = await api.request({ method: 'POST', path: '/api/v1/passwordless/init', appId, from: FROM, headers, body: { email } })
    expect(init.status, init.text).toBe(200)
    const login: FuzzRequest = {
      method: 'POST',
      path: '/api/v1/passwordless/authenticate',
      appId,
      from: FROM,
      headers,
      body: { email, code: await nextCode(sink, email) },
    }
    if (n % 2) login.proof = { header: 'good', htm: null, htu: null, iat: null, jti: `login-proof-${n}-0123456789`, ath: null }
    const auth = await api.request(await withProof(login, partial))
    expect(auth.status, auth.text).toBe(200)
    const session = auth.json()
    return {
      ...partial,
      accessToken: session.token,
      refreshToken: session.refresh_token,
      known: [email, session.user.id, session.refresh_token, appId, 'fuzz-0@example.com', 'embedded-wallets.js', '123456', ...ownerIds],
    }
  }

  it(`every documented route, ${RUNS} generated requests each: no answer ≥ 500, no crash, every error { error, code }`, async () => {
    expect(operations.length).toBeGreaterThan(ONLY ? 0 : 60)
    if (!ONLY) {
      const names = operations.map((op) => `${op.method} ${op.path}`)
      expect(names).toEqual(
        expect.arrayContaining(['GET /metrics', 'GET /api/v1/apps/{app_id}/analytics/logins', 'GET /api/v1/apps/{app_id}/analytics/code_funnel']),
      )
    }
    const failures: string[] = []
    for (const [n, op] of operations.entries()) {
      if (process.env.GATEHOUSE_FUZZ_TRACE) process.stderr.write(`fuzz: ${op.method} ${op.path}\n`)
      const ctx = await context(n)
      const seed = seedOf(op)
      let last: { req: HttpRequest; problem: string } | null = null
      const property = fc.asyncProperty(requestFor(op, ctx), async (generated) => {
        const req = await withProof(generated, ctx)
        const res = await api.request({ ...req, from: FROM }).catch((error: Error) => ({ error }))
        const problem = 'error' in res ? `no answer: ${res.error.message}` : answerProblem(op, res)
        if (problem) last = { req, problem }
        return problem === null
      })
      const details = await fc.check(property, { numRuns: RUNS, seed, endOnFailure: true })
      if (details.failed) {
        const found = last as { req: HttpRequest; problem: string } | null
        const what = found ? `${found.problem}\n  request: ${describeReport(found.req)}` : `the property threw: ${String(details.errorInstance)}`
        failures.push(`${op.method} ${op.path} (GATEHOUSE_FUZZ_SEED=${SEED}, route seed ${seed}): ${what}`)
      }
      if (api.child.exitCode !== null || api.child.signalCode !== null) {
        failures.push(`${op.method} ${op.path}: the server process died (${api.child.exitCode ?? api.child.signalCode})`)
        break
      }
    }
    const log = failures.length ? `\nserver log:\n${api.output().slice(-6000)}` : ''
    expect(failures.length, failures.join('\n') + log).toBe(0)
  }, 300_000)

  it('every owner route of the route map is in the document the fuzz reads (so none escapes it)', () => {
    const documented = new Set(operationsOf(document).map((op) => `${op.method} ${op.path}`))
    const owner = Object.values(ROUTES)
      .filter((r) => r.path.startsWith('/admin/') || r.path.startsWith('/apps/:app_id/'))
      .map((r) => `${r.method} /api/v1${r.path.replace(/:([a-z_]+)/g, '{$1}')}`)
    expect(owner.length).toBeGreaterThan(20)
    expect(owner.filter((name) => !documented.has(name))).toEqual([])
  })

  // The import's JSON lines body has its own parser (a line at a time): the document only describes the JSON body.
  it.skipIf(ONLY && !ONLY.test('POST /api/v1/apps/{app_id}/users/import'))(
    `the users import as JSON lines, ${RUNS * 5} generated bodies: no answer ≥ 500, every error { error, code }, a report line per line`,
    async () => {
      const op = operationsOf(document).find((o) => o.method === 'POST' && o.path === '/api/v1/apps/{app_id}/users/import')!
      const account = fc.record(
        {
          type: fc.constantFrom('email', 'phone', 'wallet', 'farcaster', 'telegram', 'custom_auth', 'passkey'),
          address: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 60 }), fc.constant('0x' + 'ab'.repeat(20))),
          phone_number: fc.constantFrom('+14155550100', '+1', 'x'),
          fid: fc.oneof(fc.integer(), fc.string({ maxLength: 12 })),
          telegram_user_id: fc.oneof(fc.integer(), fc.string({ maxLength: 12 })),
          custom_user_id: fc.string({ maxLength: 40 }),
          chain_type: fc.constantFrom('ethereum', 'solana', 'bitcoin'),
        },
        { requiredKeys: ['type'] },
      )
      const line = fc.oneof(
        fc
          .record(
            {
              linked_accounts: fc.oneof(fc.array(account, { maxLength: 4 }), fc.anything()),
              custom_metadata: fc.oneof(
                fc.dictionary(fc.string({ maxLength: 10 }), fc.oneof(fc.string(), fc.integer(), fc.boolean()), { maxKeys: 4 }),
                fc.anything(),
              ),
              wallets: fc.oneof(fc.array(fc.record({ chain_type: fc.constantFrom('ethereum', 'solana', 'dogecoin') }), { maxLength: 3 }), fc.anything()),
              extra: fc.anything(),
            },
            { requiredKeys: [] },
          )
          .map((o) => JSON.stringify(o)),
        fc.json(),
        fc.string({ maxLength: 80 }),
      )
      const body = fc.tuple(fc.array(line, { maxLength: 12 }), fc.constantFrom('\n', '\r\n'))
      const failures: string[] = []
      const property = fc.asyncProperty(body, async ([lines, eol]) => {
        const text = lines.join(eol)
        const res = await api.request({
          method: 'POST',
          path: `/api/v1/apps/${scratchAppId}/users/import`,
          token: API_ADMIN_TOKEN,
          from: FROM,
          headers: { 'content-type': 'application/x-ndjson' },
          body: text,
        })
        const problem = answerProblem(op, res)
        if (problem) failures.push(`${problem}\n  body: ${JSON.stringify(text).slice(0, 2000)}`)
        // Every non-blank line gets its report line.
        else if (res.status === 200) expect(res.json().lines.length).toBe(text.split(/\r?\n/).filter((l) => l.trim() !== '').length)
        return problem === null
      })
      await fc.assert(property, { numRuns: RUNS * 5, seed: SEED })
      expect(failures, failures.join('\n')).toEqual([])
      expect(api.child.exitCode).toBeNull()
    },
    300_000,
  )
}

describe('fuzzing every route (sqlite)', () => fuzzSuite('sqlite'))
describe.skipIf(!postgresAvailable())('fuzzing every route (postgres)', () => fuzzSuite('postgres'))
