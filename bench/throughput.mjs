// Complete e-mail code logins per second against the SQLite server: init → read the code from
// the development outbox → authenticate, at a fixed concurrency for a fixed time. The server runs
// as its own process so its peak RSS (VmHWM) is its own. Loopback only; bounded in time.
import { readFile } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { startScratchServer } from '../scripts/lib/server-process.mjs'

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

async function peakRssBytes(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0)
  return kb * 1024
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
    const call = (method, path, body) =>
      new Promise((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body)
        const req = request(
          `${base}${path}`,
          {
            method,
            agent,
            headers: { 'privy-app-id': appId, ...(payload ? { 'content-type': 'application/json' } : {}) },
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

    const latencies = []
    let failures = 0
    const deadline = Date.now() + seconds * 1000
    const started = Date.now()
    const worker = async (w) => {
      for (let n = 0; Date.now() < deadline; n++) {
        const email = `bench-${w}-${n}@example.com`
        const t0 = performance.now()
        try {
          const init = await call('POST', '/api/v1/passwordless/init', { email })
          if (init.status !== 200) throw new Error(`init ${init.status}`)
          const outbox = (await call('GET', `/dev/outbox?to=${encodeURIComponent(email)}`)).json()
          const auth = await call('POST', '/api/v1/passwordless/authenticate', { email, code: outbox[0].code, mode: 'login-or-sign-up' })
          if (auth.status !== 200 || !auth.json().token) throw new Error(`authenticate ${auth.status}`)
          latencies.push(performance.now() - t0)
        } catch {
          failures++
        }
      }
    }
    await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)))
    agent.destroy()
    const elapsed = (Date.now() - started) / 1000
    const sorted = latencies.sort((a, b) => a - b)
    const round = (x) => Math.round(x * 10) / 10
    return {
      bench: 'email-login-throughput',
      database: 'sqlite',
      concurrency,
      seconds: round(elapsed),
      logins: sorted.length,
      failures,
      loginsPerSecond: round(sorted.length / elapsed),
      p50Ms: round(percentile(sorted, 50)),
      p95Ms: round(percentile(sorted, 95)),
      p99Ms: round(percentile(sorted, 99)),
      serverPeakRssBytes: await peakRssBytes(child.pid),
      target: { loginsPerSecond: 500, p99Ms: 100 },
    }
  } finally {
    await server.stop()
  }
}
