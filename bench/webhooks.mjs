// Webhooks (issue #27): (1) deliveries per second from the server's worker to a local receiver,
// draining a backlog of user.created events; (2) complete e-mail code sign-ups and logins of
// existing users per second with the outbox write and without it (GATEHOUSE_WEBHOOK_OUTBOX=off),
// on two servers measured in interleaved rounds, so the figure shows what writing the events in
// the login's transaction costs.
// The delivery figure on SQLite, and on a scratch PostgreSQL database when PostgreSQL is installed.
// Loopback only; bounded in time.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
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

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/**
 * (2) What the outbox write costs complete e-mail code logins: sign-ups (two events each) and logins
 * of existing users (one event), per second with the outbox and without it
 * (GATEHOUSE_WEBHOOK_OUTBOX=off), on two servers measured in short interleaved turns. The machine is
 * shared, so its load drifts: each round measures both servers back to back (the order alternating
 * round by round), and the figure compares the medians of the rounds' rates; each round's own cost
 * (with vs without, measured seconds apart) is kept too, so the spread shows how noisy the run was.
 * Answers one figure per kind.
 */
export async function outboxLoginCost({ concurrency = 32, seconds = 20, rounds = Number(process.env.BENCH_OUTBOX_ROUNDS ?? 8) } = {}) {
  const dirs = await Promise.all([0, 1].map(() => mkdtemp(join(tmpdir(), 'gatehouse-bench-outbox-'))))
  const sink = await receiver()
  const servers = []
  try {
    // The worker is off in both: the figure is the change's own cost, the delivery is measured above.
    servers.push(await serverOn(dirs[0], { env: { GATEHOUSE_WEBHOOK_WORKER: 'off' } }))
    servers.push(await serverOn(dirs[1], { env: { GATEHOUSE_WEBHOOK_WORKER: 'off', GATEHOUSE_WEBHOOK_OUTBOX: 'off' } }))
    const apps = []
    for (const s of servers) {
      const appId = await s.createApp({})
      await s.addEndpoint(appId, sink.url, ['user.created', 'user.authenticated'])
      apps.push(appId)
    }
    /** Each server's users so far: the logins of existing users cycle through them. */
    const known = [[], []]
    let fresh = 0
    const login = async (n, email) => {
      const s = servers[n]
      const headers = { 'privy-app-id': apps[n] }
      if ((await s.call('POST', '/api/v1/passwordless/init', { email }, headers)).status !== 200) return false
      const outbox = (await s.call('GET', `/dev/outbox?to=${encodeURIComponent(email)}`)).json()
      const auth = await s.call('POST', '/api/v1/passwordless/authenticate', { email, code: outbox[0].code, mode: 'login-or-sign-up' }, headers)
      return auth.status === 200
    }
    /** Logins per second on server `n` for `duration` s: sign-ups of new addresses, or logins of its users. */
    const measure = async (n, kind, duration) => {
      const started = Date.now()
      let next = 0
      const done = await lanes(concurrency, Infinity, started + duration * 1000, async () => {
        if (kind === 'login') return login(n, known[n][next++ % known[n].length])
        const email = `bench-${fresh++}@example.com`
        const ok = await login(n, email)
        if (ok) known[n].push(email)
        return ok
      })
      return done / ((Date.now() - started) / 1000)
    }
    // Unmeasured warm-up (JIT, page cache); it also makes the users the logins go through.
    const warm = Math.max(1, seconds / 5)
    for (const n of [0, 1]) await measure(n, 'sign-up', warm)
    for (const n of [0, 1]) await measure(n, 'login', warm / 2)
    const turn = Math.max(0.5, seconds / (2 * rounds))
    const rates = { 'sign-up': [[], []], login: [[], []] }
    for (let r = 0; r < rounds; r++) {
      for (const kind of ['sign-up', 'login']) {
        for (const n of r % 2 ? [1, 0] : [0, 1]) rates[kind][n].push(await measure(n, kind, turn))
      }
    }
    return ['sign-up', 'login'].map((kind) => {
      const [on, off] = rates[kind]
      const cost = round((1 - median(on) / median(off)) * 100)
      const perRound = on.map((x, i) => round((1 - x / off[i]) * 100)).sort((a, b) => a - b)
      return {
        bench: 'outbox-login-cost',
        kind,
        database: 'sqlite',
        concurrency,
        rounds,
        turnSeconds: turn,
        loginsPerSecondWithOutbox: round(median(on)),
        loginsPerSecondWithoutOutbox: round(median(off)),
        outboxCostPercent: cost,
        /** Each round's cost (with vs without, back to back), sorted: the run's noise. */
        roundCostPercent: perRound,
        /** The rounds' rates, in order: the machine's drift. */
        ratesWithOutbox: on.map(round),
        ratesWithoutOutbox: off.map(round),
        target: { outboxCostPercent: 10 },
        withinTarget: cost <= 10,
      }
    })
  } finally {
    await Promise.all(servers.map((s) => s.close()))
    await sink.close()
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })))
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
