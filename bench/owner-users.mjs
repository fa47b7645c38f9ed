// The owner API's users at scale: 1,000,000 users written straight into the database (SQLite, and
// PostgreSQL when one is reachable), then through the HTTP API of a real server process: search by
// e-mail and by wallet address (p95 of sequential calls, target ≤ 20 ms), and the export of every
// user as JSON lines with the server's resident memory sampled throughout (flat = constant memory).
// BENCH_OWNER_USERS changes the count; BENCH_OWNER_SEARCHES the searches per kind.
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, root, startServerProcess } from '../scripts/lib/server-process.mjs'

const USERS = Number(process.env.BENCH_OWNER_USERS ?? 1_000_000)
const SEARCHES = Number(process.env.BENCH_OWNER_SEARCHES ?? 1000)
const TARGET_P95_MS = 20
/** Every second user also holds an external Ethereum wallet. */
const WALLET_EVERY = 2
const BASE_TIME = Date.UTC(2025, 0, 1)

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const round = (ms) => Math.round(ms * 100) / 100

async function rssOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024
  return { rss: field('VmRSS'), hwm: field('VmHWM') }
}

// Addresses of decimal digits only: their EIP-55 checksum is themselves, so SQL can write the
// stored form without hashing.
const walletOf = (n) => `0x${String(n).padStart(40, '0')}`
const emailOf = (n) => `user${n}@bench.example`
const WALLET_DETAILS = JSON.stringify({
  chain_type: 'ethereum',
  chain_id: 'eip155:1',
  wallet_client: 'unknown',
  wallet_client_type: 'metamask',
  connector_type: 'injected',
})

/** One statement per table, generated in the database itself (a recursive CTE / generate_series). */
function sqliteFill(file, appId) {
  return import('better-sqlite3').then(({ default: SQLite }) => {
    const db = new SQLite(file)
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = OFF')
    const series = `WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < ${USERS})`
    db.transaction(() => {
      db.prepare(
        `${series} INSERT INTO users (id, app_id, created_at, has_accepted_terms, is_guest) SELECT printf('did:privy:bench%08d', n), ?, ? + n * 1000, 1, 0 FROM g`,
      ).run(appId, BASE_TIME)
      db.prepare(
        `${series} INSERT INTO linked_accounts (id, user_id, app_id, type, address, verified_at, first_verified_at, latest_verified_at, details, bound_at)
         SELECT printf('la-e-%08d', n), printf('did:privy:bench%08d', n), ?, 'email', 'user' || n || '@bench.example', ? + n * 1000, ? + n * 1000, ? + n * 1000, NULL, ? + n * 1000 FROM g`,
      ).run(appId, BASE_TIME, BASE_TIME, BASE_TIME, BASE_TIME)
      db.prepare(
        `${series} INSERT INTO linked_accounts (id, user_id, app_id, type, address, verified_at, first_verified_at, latest_verified_at, details, bound_at)
         SELECT printf('la-w-%08d', n), printf('did:privy:bench%08d', n), ?, 'wallet', printf('0x%040d', n), ? + n * 1000, ? + n * 1000, ? + n * 1000, ?, ? + n * 1000 FROM g WHERE n % ${WALLET_EVERY} = 0`,
      ).run(appId, BASE_TIME, BASE_TIME, BASE_TIME, WALLET_DETAILS, BASE_TIME)
    })()
    db.exec('ANALYZE')
    db.close()
  })
}

async function postgresFill(url, appId) {
  const pg = await import('pg')
  const client = new (pg.default ?? pg).Client({ connectionString: url })
  await client.connect()
  try {
    const series = `FROM generate_series(1, ${USERS}) AS n`
    await client.query('BEGIN')
    await client.query(
      `INSERT INTO users (id, app_id, created_at, has_accepted_terms, is_guest) SELECT 'did:privy:bench' || lpad(n::text, 8, '0'), $1, $2::bigint + n * 1000, 1, 0 ${series}`,
      [appId, BASE_TIME],
    )
    await client.query(
      `INSERT INTO linked_accounts (id, user_id, app_id, type, address, verified_at, first_verified_at, latest_verified_at, details, bound_at)
       SELECT 'la-e-' || n, 'did:privy:bench' || lpad(n::text, 8, '0'), $1, 'email', 'user' || n || '@bench.example', $2::bigint + n * 1000, $2::bigint + n * 1000, $2::bigint + n * 1000, NULL, $2::bigint + n * 1000 ${series}`,
      [appId, BASE_TIME],
    )
    await client.query(
      `INSERT INTO linked_accounts (id, user_id, app_id, type, address, verified_at, first_verified_at, latest_verified_at, details, bound_at)
       SELECT 'la-w-' || n, 'did:privy:bench' || lpad(n::text, 8, '0'), $1, 'wallet', '0x' || lpad(n::text, 40, '0'), $2::bigint + n * 1000, $2::bigint + n * 1000, $2::bigint + n * 1000, $3, $2::bigint + n * 1000 ${series} WHERE n % ${WALLET_EVERY} = 0`,
      [appId, BASE_TIME, WALLET_DETAILS],
    )
    await client.query('COMMIT')
    await client.query('ANALYZE users')
    await client.query('ANALYZE linked_accounts')
  } finally {
    await client.end()
  }
}

/** One database: fill it, then measure through a server process on it. */
async function measure(kind, { env, fill, cleanup }) {
  const adminToken = randomBytes(24).toString('base64url')
  const dir = await mkdtemp(join(tmpdir(), 'gatehouse-owner-users-'))
  const server = await startServerProcess({
    port: await freePort(),
    stdio: 'ignore',
    env: {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      GATEHOUSE_STATE_DIR: dir,
      GATEHOUSE_ADMIN_TOKEN: adminToken,
      GATEHOUSE_RATE_LIMIT: 'off',
      ...env(dir),
    },
  })
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const call = (method, path, body, onData) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      const req = request(
        `${server.base}${path}`,
        { method, agent, headers: { authorization: `Bearer ${adminToken}`, ...(payload ? { 'content-type': 'application/json' } : {}) } },
        (res) => {
          const chunks = []
          res.on('data', (c) => (onData ? onData(c) : chunks.push(c)))
          res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }))
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end(payload)
    })
  try {
    const created = await call('POST', '/api/v1/admin/apps', { name: 'Owner users bench' })
    const appId = JSON.parse(created.text).id
    const fillStart = performance.now()
    await fill(dir, appId)
    const fillSeconds = round((performance.now() - fillStart) / 1000)

    const searchP95 = async (query) => {
      const times = []
      // The first calls compile the route and warm the caches: not part of the figure.
      for (let i = -Math.min(100, SEARCHES); i < SEARCHES; i++) {
        // Spread over the whole table, every second user (those holding a wallet).
        const n = WALLET_EVERY * (1 + Math.floor(Math.random() * Math.floor(USERS / WALLET_EVERY)))
        const t = performance.now()
        const res = await call('GET', `/api/v1/apps/${appId}/users/search?${query(n)}`)
        if (i >= 0) times.push(performance.now() - t)
        if (res.status !== 200 || JSON.parse(res.text).data.length !== 1) throw new Error(`search ${query(n)}: ${res.status} ${res.text.slice(0, 200)}`)
      }
      times.sort((a, b) => a - b)
      return { p50Ms: round(percentile(times, 50)), p95Ms: round(percentile(times, 95)) }
    }
    const email = await searchP95((n) => `email=${encodeURIComponent(emailOf(n))}`)
    const wallet = await searchP95((n) => `wallet_address=${walletOf(n)}`)

    const before = await rssOf(server.child.pid)
    let maxRss = before.rss
    const samples = []
    const sampler = setInterval(async () => {
      const { rss } = await rssOf(server.child.pid)
      samples.push(rss)
      maxRss = Math.max(maxRss, rss)
    }, 250)
    let lines = 0
    let bytes = 0
    const exportStart = performance.now()
    const res = await call('GET', `/api/v1/apps/${appId}/users/export`, undefined, (chunk) => {
      bytes += chunk.length
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++
    })
    clearInterval(sampler)
    if (res.status !== 200 || lines !== USERS) throw new Error(`export: ${res.status}, ${lines} lines of ${USERS}`)
    const exportSeconds = round((performance.now() - exportStart) / 1000)
    // Flat: the resident set stops growing, its peak in the second half of the export no higher than in the first (plus noise).
    const half = Math.max(1, Math.floor(samples.length / 2))
    const mib = (b) => round(b / 1024 / 1024)
    const early = Math.max(...samples.slice(0, half), before.rss)
    const late = Math.max(...samples.slice(half), 0)
    return {
      bench: `owner-users-${kind}`,
      users: USERS,
      fillSeconds,
      searchEmailP50Ms: email.p50Ms,
      searchEmailP95Ms: email.p95Ms,
      searchWalletP50Ms: wallet.p50Ms,
      searchWalletP95Ms: wallet.p95Ms,
      targetP95Ms: TARGET_P95_MS,
      withinTarget: email.p95Ms <= TARGET_P95_MS && wallet.p95Ms <= TARGET_P95_MS,
      exportSeconds,
      exportMiB: mib(bytes),
      exportRssBeforeMiB: mib(before.rss),
      exportRssFirstHalfMiB: mib(early),
      exportRssSecondHalfMiB: mib(late),
      exportPeakRssMiB: mib(maxRss),
      exportMemoryFlat: late <= early * 1.1,
    }
  } finally {
    agent.destroy()
    await server.stop()
    await rm(dir, { recursive: true, force: true })
    await cleanup?.()
  }
}

/** The figures for SQLite, and for PostgreSQL when it is installed here (or DATABASE_URL_TEST names one). */
export async function ownerUsersFigures() {
  const figures = [
    await measure('sqlite', {
      env: (dir) => ({ DATABASE_URL: '', GATEHOUSE_DB_FILE: join(dir, 'gatehouse.db') }),
      fill: (dir, appId) => sqliteFill(join(dir, 'gatehouse.db'), appId),
    }),
  ]
  const { tsImport } = await import('tsx/esm/api')
  const postgres = await tsImport(join(root, 'test/postgres.ts'), import.meta.url)
  if (postgres.postgresAvailable()) {
    const url = await postgres.createPostgresDatabase()
    figures.push(
      await measure('postgres', {
        env: () => ({ DATABASE_URL: url }),
        fill: (_dir, appId) => postgresFill(url, appId),
        cleanup: () => postgres.dropPostgresDatabase(url),
      }),
    )
  }
  return figures
}

// Run on its own: `node bench/owner-users.mjs`.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const figure of await ownerUsersFigures()) console.log(JSON.stringify(figure))
}
