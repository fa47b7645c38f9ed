// Webhooks (issue #27): (1) deliveries per second from the server's worker to a local receiver,
// draining a backlog of user.created events; (2) complete e-mail code sign-ups and logins of
// existing users per second with the outbox write and without it (GATEHOUSE_WEBHOOK_OUTBOX=off),
// on one server whose outbox is switched between interleaved rounds, so the figure shows what
// writing the events in the login's transaction costs.
// The delivery figure on SQLite, and on a scratch PostgreSQL database when PostgreSQL is installed.
// Loopback only; bounded in time.
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { Agent, createServer, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, startServerProcess } from '../scripts/lib/server-process.mjs'

const round = (x) => Math.round(x * 10) / 10

/** A receiver that answers 200 to every POST and notes when each arrived. */
async function receiver() {
  const arrivals = []
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      arrivals.push(performance.now())
      res.end()
    })
  })
  server.keepAliveTimeout = 30_000
  await new Promise((r) => server.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${server.address().port}/hooks`, arrivals, close: () => new Promise((r) => server.close(r)) }
}

/** A server process on `dir`'s SQLite file (or `databaseUrl`), with a known admin token. */
async function serverOn(dir, { databaseUrl = '', env = {} } = {}) {
  const adminToken = 'bench-admin-token-0123456789'
  const server = await startServerProcess({
    port: await freePort(),
    stdio: 'ignore',
    env: {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      GATEHOUSE_DB_FILE: join(dir, 'gatehouse.db'),
      GATEHOUSE_STATE_DIR: dir,
      GATEHOUSE_ADMIN_TOKEN: adminToken,
      GATEHOUSE_RATE_LIMIT: 'off',
      ...env,
    },
  })
  const agent = new Agent({ keepAlive: true, maxSockets: 64 })
  const call = (method, path, body, headers = {}) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      const req = request(
        `${server.base}${path}`,
        { method, agent, headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers } },
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
  const admin = { authorization: `Bearer ${adminToken}` }
  return {
    ...server,
    call,
    async createApp(config) {
      const res = await call('POST', '/api/v1/admin/apps', { name: 'Bench', ...config }, admin)
      if (res.status !== 201) throw new Error(`create app: ${res.status}`)
      return res.json().id
    },
    async addEndpoint(appId, url, events) {
      const res = await call('POST', `/api/v1/apps/${appId}/webhooks`, { url, events }, admin)
      if (res.status !== 201) throw new Error(`add endpoint: ${res.status}`)
    },
    async close() {
      agent.destroy()
      await server.stop()
    },
  }
}

/** Runs `task` on `concurrency` lanes until `count` are done or `deadline` passes; answers how many succeeded. */
async function lanes(concurrency, count, deadline, task) {
  let next = 0
  let done = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count && Date.now() < deadline) {
        next++
        if (await task().catch(() => false)) done++
      }
    }),
  )
  return done
}

/** (1) A backlog of `events` user.created events made with the worker off, then drained by a fresh process with it on. */
export async function webhookDeliveryRate({ events = 3000, databaseUrl = '' } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'gatehouse-bench-webhooks-'))
  const sink = await receiver()
  try {
    const filler = await serverOn(dir, { databaseUrl, env: { GATEHOUSE_WEBHOOK_WORKER: 'off' } })
    let appId
    try {
      appId = await filler.createApp({ loginMethods: { guest: true } })
      await filler.addEndpoint(appId, sink.url, ['user.created'])
      const made = await lanes(16, events, Date.now() + 120_000, async () => {
        const res = await filler.call(
          'POST',
          '/api/v1/guest/authenticate',
          { guest_credential: randomBytes(32).toString('base64url') },
          { 'privy-app-id': appId },
        )
        return res.status === 200
      })
      if (made < events) events = made
    } finally {
      await filler.close()
    }
    const worker = await serverOn(dir, { databaseUrl })
    try {
      const deadline = Date.now() + 120_000
      while (sink.arrivals.length < events && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    } finally {
      await worker.close()
    }
    const delivered = sink.arrivals.length
    const span = (sink.arrivals[delivered - 1] - sink.arrivals[0]) / 1000
    const perSecond = delivered > 1 ? round((delivered - 1) / span) : 0
    return {
      bench: 'webhook-deliveries',
      database: databaseUrl ? 'postgres' : 'sqlite',
      events,
      delivered,
      seconds: round(span),
      deliveriesPerSecond: perSecond,
      target: { deliveriesPerSecond: 500 },
      withinTarget: delivered === events && perSecond >= 500,
    }
  } finally {
    await sink.close()
    await rm(dir, { recursive: true, force: true })
  }
}

/** CPU seconds the process `pid` has used so far (user + system; Linux /proc, clock ticks of 10 ms). */
async function cpuSeconds(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100
}

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/**
 * (2) What the outbox write costs complete e-mail code logins: sign-ups (two events each) and logins
 * of existing users (one event), per second with the outbox and without it, on ONE server process
 * whose outbox is switched between turns (PUT /dev/webhook-outbox, the run-time form of
 * GATEHOUSE_WEBHOOK_OUTBOX=off): two processes differed by several per cent with the same settings,
 * as much as the cost measured. The machine is shared and its load drifts, so each round measures
 * both settings back to back (the order alternating round by round) and the figure compares the
 * medians of the rounds' rates; each round's own cost is kept too, so the spread shows how noisy
 * the run was. Beside the rates, the server's CPU time per login (from /proc): what other
 * processes take does not count there, so it is the steadier cross-check on a busy machine.
 * BENCH_OUTBOX_AA=1 keeps the outbox off in both turns: the "cost" printed is then the noise floor.
 * Answers one figure per kind.
 */
export async function outboxLoginCost({ concurrency = 32, seconds = 20, rounds = Number(process.env.BENCH_OUTBOX_ROUNDS ?? 8) } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'gatehouse-bench-outbox-'))
  const sink = await receiver()
  const aa = process.env.BENCH_OUTBOX_AA === '1'
  let server
  try {
    // The worker is off: the figure is the change's own cost, the delivery is measured above.
    server = await serverOn(dir, { env: { GATEHOUSE_WEBHOOK_WORKER: 'off' } })
    const s = server
    const appId = await s.createApp({})
    await s.addEndpoint(appId, sink.url, ['user.created', 'user.authenticated'])
    const headers = { 'privy-app-id': appId }
    const outbox = async (on) => {
      const res = await s.call('PUT', '/dev/webhook-outbox', { on: on && !aa })
      if (res.status !== 200) throw new Error(`outbox switch: ${res.status}`)
    }
    /** The server's users so far: the logins of existing users cycle through them. */
    const known = []
    let fresh = 0
    const login = async (email) => {
      if ((await s.call('POST', '/api/v1/passwordless/init', { email }, headers)).status !== 200) return false
      const codes = (await s.call('GET', `/dev/outbox?to=${encodeURIComponent(email)}`)).json()
      const auth = await s.call('POST', '/api/v1/passwordless/authenticate', { email, code: codes[0].code, mode: 'login-or-sign-up' }, headers)
      return auth.status === 200
    }
    /** Logins per second and CPU per login for `duration` s: sign-ups of new addresses, or logins of known users. */
    const measure = async (kind, duration) => {
      const cpu0 = await cpuSeconds(s.child.pid)
      const started = Date.now()
      let next = 0
      const done = await lanes(concurrency, Infinity, started + duration * 1000, async () => {
        if (kind === 'login') return login(known[next++ % known.length])
        const email = `bench-${fresh++}@example.com`
        const ok = await login(email)
        if (ok) known.push(email)
        return ok
      })
      const elapsed = (Date.now() - started) / 1000
      return { rate: done / elapsed, cpuMs: done ? (((await cpuSeconds(s.child.pid)) - cpu0) * 1000) / done : 0 }
    }
    // Unmeasured warm-up (JIT, page cache) of both settings; it also makes the users the logins go through.
    const warm = Math.max(1, seconds / 5)
    for (const on of [true, false]) {
      await outbox(on)
      await measure('sign-up', warm / 2)
      await measure('login', warm / 2)
    }
    const turn = Math.max(0.5, seconds / (2 * rounds))
    // [with, without] per kind: rates and CPU per login, one entry per round.
    const rates = { 'sign-up': [[], []], login: [[], []] }
    const cpu = { 'sign-up': [[], []], login: [[], []] }
    for (let r = 0; r < rounds; r++) {
      for (const kind of ['sign-up', 'login']) {
        for (const n of r % 2 ? [1, 0] : [0, 1]) {
          await outbox(n === 0)
          const m = await measure(kind, turn)
          rates[kind][n].push(m.rate)
          cpu[kind][n].push(m.cpuMs)
        }
      }
    }
    return ['sign-up', 'login'].map((kind) => {
      const [on, off] = rates[kind]
      const cost = round((1 - median(on) / median(off)) * 100)
      const perRound = on.map((x, i) => round((1 - x / off[i]) * 100)).sort((a, b) => a - b)
      const [cpuOn, cpuOff] = cpu[kind].map(median)
      return {
        bench: 'outbox-login-cost',
        kind,
        ...(aa ? { aaNoiseCheck: true } : {}),
        database: 'sqlite',
        concurrency,
        rounds,
        turnSeconds: turn,
        loginsPerSecondWithOutbox: round(median(on)),
        loginsPerSecondWithoutOutbox: round(median(off)),
        outboxCostPercent: cost,
        /** Each round's cost (with vs without, back to back), sorted: the run's noise. */
        roundCostPercent: perRound,
        /** The server's CPU time per login (median of the rounds), and the share of it the outbox takes. */
        cpuMsPerLoginWithOutbox: Math.round(cpuOn * 1000) / 1000,
        cpuMsPerLoginWithoutOutbox: Math.round(cpuOff * 1000) / 1000,
        outboxCpuCostPercent: round((1 - cpuOff / cpuOn) * 100),
        /** The rounds' rates, in order: the machine's drift. */
        ratesWithOutbox: on.map(round),
        ratesWithoutOutbox: off.map(round),
        target: { outboxCostPercent: 10 },
        withinTarget: cost <= 10,
      }
    })
  } finally {
    await server?.close()
    await sink.close()
    await rm(dir, { recursive: true, force: true })
  }
}

/** Every figure: deliveries on SQLite, on a scratch PostgreSQL database when PostgreSQL is installed, and the outbox's cost. */
export async function webhookFigures({ concurrency = 32, seconds = 20 } = {}) {
  const figures = [await webhookDeliveryRate()]
  // The test suites' helper makes (and drops) a scratch PostgreSQL database; it is TypeScript, loaded through tsx.
  const { tsImport } = await import('tsx/esm/api')
  const pg = await tsImport('../test/postgres.ts', import.meta.url)
  if (pg.postgresAvailable()) {
    const url = await pg.createPostgresDatabase()
    try {
      figures.push(await webhookDeliveryRate({ databaseUrl: url }))
    } finally {
      await pg.dropPostgresDatabase(url)
    }
  }
  figures.push(...(await outboxLoginCost({ concurrency, seconds })))
  return figures
}

// `node bench/webhooks.mjs` on its own prints the figures; `--outbox` only the outbox's cost (no build, a minute or so).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { benchTable } = await import('./table.mjs')
  const options = { concurrency: Number(process.env.BENCH_CONCURRENCY ?? 32), seconds: Number(process.env.BENCH_SECONDS ?? 20) }
  const figures = process.argv.includes('--outbox') ? await outboxLoginCost(options) : await webhookFigures(options)
  for (const figure of figures) console.log(JSON.stringify(figure))
  console.log(`\n${benchTable(figures)}`)
  process.exit(0)
}
