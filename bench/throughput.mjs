// Complete e-mail code logins per second against the SQLite server: init → read the code from
// the development outbox → authenticate, at a fixed concurrency for a fixed time. The server runs
// as its own process so its peak RSS (VmHWM) is its own. Loopback only; bounded in time.
import { readFile } from 'node:fs/promises'
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
    const headers = { 'content-type': 'application/json', 'privy-app-id': appId }
    const post = (path, body) =>
      fetch(`${base}/api/v1${path}`, { method: 'POST', headers, body: JSON.stringify(body) })

    const latencies = []
    let failures = 0
    const deadline = Date.now() + seconds * 1000
    const started = Date.now()
    const worker = async (w) => {
      for (let n = 0; Date.now() < deadline; n++) {
        const email = `bench-${w}-${n}@example.com`
        const t0 = performance.now()
        try {
          const init = await post('/passwordless/init', { email })
          await init.arrayBuffer()
          if (!init.ok) throw new Error(`init ${init.status}`)
          const outbox = await fetch(`${base}/dev/outbox?to=${encodeURIComponent(email)}`).then((r) => r.json())
          const auth = await post('/passwordless/authenticate', { email, code: outbox[0].code, mode: 'login-or-sign-up' })
          const body = await auth.json()
          if (!auth.ok || !body.token) throw new Error(`authenticate ${auth.status}`)
          latencies.push(performance.now() - t0)
        } catch {
          failures++
        }
      }
    }
    await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)))
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
