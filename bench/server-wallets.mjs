// The server-side wallet API (issue #29): `personal_sign` by the app's backend through
// `POST /api/v1/wallets/:id/rpc` over loopback HTTP, on SQLite, with everything a real call does:
// the app secret, the authorization signature (verified, spent against replay), the policy, the
// signature, the audit row and the webhook event in one transaction. (1) round trip p50 / p95, one
// call at a time (target p50 ≤ 15 ms); (2) signatures per second with `concurrency` calls in flight
// (target ≥ 300/s). The signing service is the tests' in-memory stand-in (test/delegated-signer.ts),
// so the figure is the API's own cost. Requests are signed before the clock starts.
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import canonicalize from 'canonicalize'
import { tsImport } from 'tsx/esm/api'

const PUBLIC_URL = 'http://bench.test'
const ADMIN = 'bench-admin-token-0123456789'
const round = (x) => Math.round(x * 10) / 10
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]

export async function serverSigningFigures({ concurrency = 16, seconds = 10 } = {}) {
  const { buildServer } = await tsImport('../server/app.ts', import.meta.url)
  const { LocalDelegatedSigner } = await tsImport('../test/delegated-signer.ts', import.meta.url)
  const { generatePrivateKey, privateKeyToAccount } = await import('viem/accounts')
  const dir = await mkdtemp(join(tmpdir(), 'gatehouse-server-sign-'))
  const signer = new LocalDelegatedSigner()
  const server = await buildServer({
    dbFile: join(dir, 'gatehouse.db'),
    logger: false,
    printMail: false,
    adminToken: ADMIN,
    secret: randomBytes(32).toString('hex'),
    publicUrl: PUBLIC_URL,
    rateLimitsDisabled: true,
    delegatedSigner: signer,
  })
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  try {
    await server.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${server.server.address().port}`
    const admin = { authorization: `Bearer ${ADMIN}` }
    const inject = async (method, url, headers, payload) => {
      const res = await server.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) })
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
      return res.json()
    }
    const { id: appId } = await inject('POST', '/api/v1/admin/apps', admin, { name: 'Bench' })
    const { secret } = await inject('POST', `/api/v1/admin/apps/${appId}/secrets`, admin)
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    await inject('POST', `/api/v1/admin/apps/${appId}/authorization-keys`, admin, {
      keys: [{ public_key: publicKey.export({ format: 'der', type: 'spki' }).toString('base64') }],
    })
    // A user and an embedded wallet, its key held by the stand-in signing service.
    const userId = `bench-${randomBytes(6).toString('hex')}`
    const walletId = `wallet-${randomBytes(6).toString('hex')}`
    const key = generatePrivateKey()
    const t = Date.now()
    const db = server.gatehouse.db
    await db.insertInto('users').values({ id: userId, app_id: appId, created_at: t, has_accepted_terms: 0, is_guest: 0 }).execute()
    await db
      .insertInto('linked_accounts')
      .values({
        id: walletId,
        user_id: userId,
        app_id: appId,
        type: 'wallet',
        address: privateKeyToAccount(key).address,
        verified_at: t,
        first_verified_at: t,
        latest_verified_at: t,
        details: JSON.stringify({ id: walletId, chain_type: 'ethereum', wallet_client_type: 'privy', wallet_client: 'privy', connector_type: 'embedded' }),
      })
      .execute()
    signer.delegateEthereum(walletId, key)

    const basic = { authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`, 'privy-app-id': appId }
    /** A request as the app's backend sends it: signed over RFC 8785 JSON (node:crypto, DER). */
    const signed = (method, path, body) => {
      const headers = { 'privy-app-id': appId, 'privy-request-expiry': String(Date.now() + 240_000) }
      const payload = canonicalize({ version: 1, method, url: `${PUBLIC_URL}${path}`, body, headers })
      const signature = sign('sha256', Buffer.from(payload), { key: privateKey, dsaEncoding: 'der' }).toString('base64')
      return {
        path,
        body: JSON.stringify(body),
        headers: { ...basic, ...headers, 'privy-authorization-signature': signature, 'content-type': 'application/json' },
      }
    }
    const policy = { policy: { methods: ['personal_sign'], native_value: { per_day: '1000' } } }
    const patch = signed('PATCH', `/api/v1/wallets/${walletId}`, policy)
    await inject('PATCH', patch.path, patch.headers, policy)

    let n = 0
    const nextCall = () =>
      signed('POST', `/api/v1/wallets/${walletId}/rpc`, {
        method: 'personal_sign',
        params: { message: `bench ${n++} ${createHash('sha1').update(String(n)).digest('hex')}`, encoding: 'utf-8' },
      })
    const send = (call) =>
      new Promise((resolve, reject) => {
        const started = performance.now()
        const req = request(`${base}${call.path}`, { method: 'POST', agent, headers: call.headers }, (res) => {
          res.resume()
          res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`rpc: ${res.statusCode}`))))
        })
        req.on('error', reject).end(call.body)
      })

    // Warm up (JIT, prepared statements), then one at a time.
    for (let i = 0; i < 50; i++) await send(nextCall())
    const latencies = []
    for (let i = 0; i < 300; i++) latencies.push(await send(nextCall()))
    latencies.sort((a, b) => a - b)

    // Throughput: enough requests signed in advance for the window, `concurrency` in flight.
    const calls = Array.from({ length: Math.max(2000, seconds * 1500) }, nextCall)
    let done = 0
    const deadline = performance.now() + seconds * 1000
    const started = performance.now()
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline && calls.length) {
          await send(calls.pop())
          done++
        }
      }),
    )
    const elapsed = (performance.now() - started) / 1000
    const audit = await db
      .selectFrom('audit_log')
      .select(db.fn.countAll().as('n'))
      .where('app_id', '=', appId)
      .where('action', '=', 'wallet.rpc')
      .executeTakeFirstOrThrow()
    const p50Ms = round(percentile(latencies, 0.5))
    const signaturesPerSecond = round(done / elapsed)
    return [
      {
        bench: 'server-sign',
        method: 'personal_sign',
        database: 'sqlite',
        samples: latencies.length,
        p50Ms,
        p95Ms: round(percentile(latencies, 0.95)),
        concurrency,
        signaturesPerSecond,
        auditRows: Number(audit.n),
        target: { p50Ms: 15, signaturesPerSecond: 300 },
        withinTarget: p50Ms <= 15 && signaturesPerSecond >= 300,
      },
    ]
  } finally {
    agent.destroy()
    await server.close()
    await rm(dir, { recursive: true, force: true })
  }
}

// `node bench/server-wallets.mjs`: this figure alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const figure of await serverSigningFigures({ seconds: Number(process.env.BENCH_SECONDS ?? 10) })) console.log(JSON.stringify(figure))
}
