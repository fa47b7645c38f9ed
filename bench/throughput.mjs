// Complete e-mail code logins per second against the SQLite server: init → read the code from
// the development outbox → authenticate, at a fixed concurrency for a fixed time. The server runs
// as its own process so its peak RSS (VmHWM) is its own. Loopback only; bounded in time.
// Measured twice on one server: plain logins, then logins that carry the wallet frame's device
// proof (DPoP) as the widget sends them, so the figure shows what device binding costs.
import { webcrypto } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { startScratchServer } from '../scripts/lib/server-process.mjs'

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

async function peakRssBytes(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0)
  return kb * 1024
}

/**
 * Device proofs made before the clock starts: in the browser each frame signs its own, so the
 * benchmark client (sharing the two cores with the server) must not spend the server's CPU on them.
 */
async function proofPool(count, htu) {
  const { SignJWT, exportJWK } = await import('jose')
  const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
  const { kty, crv, x, y } = await exportJWK(pair.publicKey)
  const pool = []
  for (let i = 0; i < count; i++) {
    const jti = Buffer.from(webcrypto.getRandomValues(new Uint8Array(18))).toString('base64url')
    pool.push(
      await new SignJWT({ htm: 'POST', htu, jti })
        .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk: { kty, crv, x, y } })
        .setIssuedAt()
        .sign(pair.privateKey),
    )
  }
  return pool
}

/** @param {{ concurrency?: number, seconds?: number }} options */
export async function loginThroughput({ concurrency = 32, seconds = 20 } = {}) {
  const server = await startScratchServer({
    // The benchmark is one client at one IP; lift the abuse throttles for it.
    env: { GATEHOUSE_RATE_LIMIT: 'off' },
  })
  const { base, child } = server
  try {
    const appId = (await server.createApp({ name: 'Bench' })).id
    // node:http with a keep-alive agent: fetch costs the client more CPU per call than the server
    // spends per login, and both share the same two cores.
    const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
    const call = (method, path, body, extra = {}) =>
      new Promise((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body)
        const req = request(
          `${base}${path}`,
          {
            method,
            agent,
            headers: { 'privy-app-id': appId, ...(payload ? { 'content-type': 'application/json' } : {}), ...extra },
          },
          (res) => {
            let text = ''
            res
              .setEncoding('utf8')
              .on('data', (d) => (text += d))
              .on('end', () => resolve({ status: res.statusCode, json: () => JSON.parse(text) }))
          },
        )
        req.on('error', reject).end(payload)
      })

    const round = (x) => Math.round(x * 10) / 10
    const measure = async (label, proofs, duration = seconds) => {
      const latencies = []
      let failures = 0
      let ranDry = false
      const deadline = Date.now() + duration * 1000
      const started = Date.now()
      const worker = async (w) => {
        for (let n = 0; Date.now() < deadline; n++) {
          const email = `bench-${label}-${w}-${n}@example.com`
          const t0 = performance.now()
          try {
            const init = await call('POST', '/api/v1/passwordless/init', { email })
            if (init.status !== 200) throw new Error(`init ${init.status}`)
            const outbox = (await call('GET', `/dev/outbox?to=${encodeURIComponent(email)}`)).json()
            let dpop = {}
            if (proofs) {
              const proof = proofs.pop()
              // A pool that runs dry ends the phase: a login without its proof would measure the plain path.
              if (!proof) {
                ranDry = true
                break
              }
              dpop = { dpop: proof }
            }
            const auth = await call('POST', '/api/v1/passwordless/authenticate', { email, code: outbox[0].code, mode: 'login-or-sign-up' }, dpop)
            if (auth.status !== 200 || !auth.json().token) throw new Error(`authenticate ${auth.status}`)
            latencies.push(performance.now() - t0)
          } catch (error) {
            failures++
            if (process.env.BENCH_DEBUG) console.error(String(error))
          }
        }
      }
      await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)))
      const elapsed = (Date.now() - started) / 1000
      const sorted = latencies.sort((a, b) => a - b)
      if (ranDry) console.error(`bench: the proof pool of ${label} ran dry before its ${duration} s were up`)
      return { seconds: round(elapsed), logins: sorted.length, failures, loginsPerSecond: round(sorted.length / elapsed), sorted }
    }
    const htu = `${base}/api/v1/passwordless/authenticate`
    const half = seconds / 2
    // Unmeasured warm-up (JIT, SQLite page cache, the first device key import), both paths.
    const warmSeconds = Math.max(1, seconds / 5)
    const warm = await measure('warm', null, warmSeconds)
    await measure('warm-bound', await proofPool(Math.ceil(warm.loginsPerSecond * 2 * warmSeconds), htu), warmSeconds)
    // Plain and device-bound phases in the order A B B A, each half the time: the database grows
    // and the machine drifts during the run, and this order cancels a steady drift between the two.
    // Each bound phase gets its own pool, made just before it (a proof lives 60 s) and sized at
    // twice the plain rate just measured, so the pool can never be what limits the bound rate.
    const plain1 = await measure('plain-1', null, half)
    const poolFor = () => proofPool(Math.ceil(plain1.loginsPerSecond * 2 * half) + 100, htu)
    const bound1 = await measure('bound-1', await poolFor(), half)
    const bound2 = await measure('bound-2', await poolFor(), half)
    const phases = [plain1, bound1, bound2, await measure('plain-2', null, half)]
    const join = (a, b) => {
      const sorted = [...a.sorted, ...b.sorted].sort((x, y) => x - y)
      const elapsed = a.seconds + b.seconds
      return { seconds: round(elapsed), logins: sorted.length, failures: a.failures + b.failures, loginsPerSecond: round(sorted.length / elapsed), sorted }
    }
    const plain = join(phases[0], phases[3])
    const bound = join(phases[1], phases[2])
    agent.destroy()
    return {
      bench: 'email-login-throughput',
      database: 'sqlite',
      concurrency,
      seconds: plain.seconds,
      logins: plain.logins,
      failures: plain.failures + bound.failures,
      loginsPerSecond: plain.loginsPerSecond,
      p50Ms: round(percentile(plain.sorted, 50)),
      p95Ms: round(percentile(plain.sorted, 95)),
      p99Ms: round(percentile(plain.sorted, 99)),
      deviceBoundLoginsPerSecond: bound.loginsPerSecond,
      deviceBoundP99Ms: round(percentile(bound.sorted, 99)),
      /** How much slower logins get when each binds its session to a device (verify proof, spend its id). */
      deviceBindingCostPercent: round((1 - bound.loginsPerSecond / plain.loginsPerSecond) * 100),
      serverPeakRssBytes: await peakRssBytes(child.pid),
      target: { loginsPerSecond: 500, p99Ms: 100, deviceBindingCostPercent: 10 },
    }
  } finally {
    await server.stop()
  }
}
