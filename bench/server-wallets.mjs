// The server-side wallet API (issue #29): `personal_sign` by the app's backend through
// `POST /api/v1/wallets/:id/rpc` over loopback HTTP, on SQLite, with everything a real call does:
// the app secret, the authorization signature (verified, spent against replay), the policy, the
// signature, the audit row and the webhook event in one transaction. (1) round trip p50 / p95, one
// call at a time (target p50 ≤ 15 ms); (2) signatures per second with `concurrency` calls in flight
// (target ≥ 300/s). The signing service is the real one: the server's own signer process on its Unix
// socket, with an HD wallet delegated as the frame does it (device share HPKE-sealed to the signer,
// auth share sealed at rest), so the figure includes opening the escrow and rebuilding the key.
// Requests are signed before the clock starts.
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

/** `keyTtlMs`: how long the signer keeps a rebuilt key (0: rebuilt for every request, as before it kept any). */
export async function serverSigningFigures({ concurrency = 16, seconds = 10, keyTtlMs } = {}) {
  const { buildServer } = await tsImport('../server/app.ts', import.meta.url)
  const { ShareBox } = await tsImport('../server/crypto/share-box.ts', import.meta.url)
  const { deriveFromSeed, seedOf, splitSecret, toBase64 } = await tsImport('../frame/src/custody.ts', import.meta.url)
  const { sealDeviceShare } = await tsImport('../frame/src/delegation.ts', import.meta.url)
  const dir = await mkdtemp(join(tmpdir(), 'gatehouse-server-sign-'))
  const secret = randomBytes(32).toString('hex')
  const server = await buildServer({
    dbFile: join(dir, 'gatehouse.db'),
    logger: false,
    printMail: false,
    adminToken: ADMIN,
    secret,
    publicUrl: PUBLIC_URL,
    rateLimitsDisabled: true,
    ...(keyTtlMs === undefined ? {} : { signerKeyTtlMs: keyTtlMs }),
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
    const { secret: appSecret } = await inject('POST', `/api/v1/admin/apps/${appId}/secrets`, admin)
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    await inject('POST', `/api/v1/admin/apps/${appId}/authorization-keys`, admin, {
      keys: [{ public_key: publicKey.export({ format: 'der', type: 'spki' }).toString('base64') }],
    })
    // A user and an HD embedded wallet, delegated: the auth share sealed at rest, the device share sealed to the signer.
    const userId = `bench-${randomBytes(6).toString('hex')}`
    const walletId = `wallet-${randomBytes(6).toString('hex')}`
    const entropy = new Uint8Array(randomBytes(16))
    const { address } = deriveFromSeed(await seedOf(entropy), 'ethereum', 0)
    const shares = await splitSecret(entropy)
    const shareSet = 'set-1'
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
        address,
        verified_at: t,
        first_verified_at: t,
        latest_verified_at: t,
        details: JSON.stringify({
          id: walletId,
          chain_type: 'ethereum',
          wallet_client_type: 'privy',
          wallet_client: 'privy',
          connector_type: 'embedded',
          entropy_id: address,
          wallet_index: 0,
          delegated: true,
        }),
      })
      .execute()
    const context = `${appId}:${userId}:${address}:${shareSet}`
    await db
      .insertInto('wallet_secrets')
      .values({
        entropy_id: address,
        app_id: appId,
        user_id: userId,
        entropy_id_verifier: 'ethereum-address-verifier',
        kind: 'hd',
        share_set: shareSet,
        auth_share: new ShareBox(secret, 'auth-share').seal(toBase64(shares.auth), context),
        recovery_method: 'privy',
        recovery_share: 'unused',
        created_at: t,
        updated_at: t,
      })
      .execute()
    const signerKey = await server.gatehouse.delegation.signerKey()
    const sealed = await sealDeviceShare(signerKey, { appId, userId, entropyId: address, shareSet }, shares.device)
    await db
      .insertInto('delegated_wallets')
      .values({
        wallet_id: walletId,
        app_id: appId,
        user_id: userId,
        entropy_id: address,
        address,
        chain_type: 'ethereum',
        wallet_index: 0,
        imported: 0,
        share_set: shareSet,
        sealed_share: JSON.stringify({ enc: sealed.enc, ct: sealed.ct }),
        signer_key_id: signerKey.key_id,
        created_at: t,
      })
      .execute()

    const basic = { authorization: `Basic ${Buffer.from(`${appId}:${appSecret}`).toString('base64')}`, 'privy-app-id': appId }
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
        signer: 'process',
        ...(keyTtlMs === undefined ? {} : { keyTtlMs }),
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
  const keyTtlMs = process.env.GATEHOUSE_SIGNER_KEY_TTL_MS ? Number(process.env.GATEHOUSE_SIGNER_KEY_TTL_MS) : undefined
  for (const figure of await serverSigningFigures({ seconds: Number(process.env.BENCH_SECONDS ?? 10), keyTtlMs })) console.log(JSON.stringify(figure))
}
