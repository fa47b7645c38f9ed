/**
 * PostgreSQL for the server test suites. When PostgreSQL is installed locally (Debian's
 * `psql` + `pg_ctlcluster`), makes sure a cluster runs, ensures a `gatehouse` role and creates
 * a fresh database per call; otherwise the PostgreSQL suites are skipped.
 * `DATABASE_URL_TEST=postgres://…` points the suites at an existing database instead.
 *
 *   import { postgresAvailable, createPostgresDatabase, dropPostgresDatabase } from '../test/postgres.ts'
 *   describe.skipIf(!postgresAvailable())('postgres', () => { … url = await createPostgresDatabase() … })
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'

export const POSTGRES_SKIP_MESSAGE = 'PostgreSQL not found: PostgreSQL suite skipped'
const ROLE = 'gatehouse'
const PASSWORD = 'gatehouse'

function hasCommand(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

let installed: boolean | undefined

/** True when the PostgreSQL suites can run (an external URL is given, or PostgreSQL is installed). */
export function postgresAvailable(): boolean {
  if (process.env.DATABASE_URL_TEST) return true
  // Lets a developer with PostgreSQL installed check what a machine without it does.
  if (process.env.GATEHOUSE_TEST_POSTGRES === 'off') installed = false
  installed ??= hasCommand('psql') && hasCommand('pg_ctlcluster') && hasCommand('pg_lsclusters')
  if (!installed) console.warn(POSTGRES_SKIP_MESSAGE)
  return installed
}

interface Cluster {
  version: string
  name: string
  port: number
  online: boolean
}

function firstCluster(): Cluster {
  const out = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' }).trim()
  const line = out.split('\n').find((l) => l.trim())
  if (!line) throw new Error('PostgreSQL is installed but has no cluster (create one with pg_createcluster)')
  const [version, name, port, status] = line.trim().split(/\s+/)
  return { version, name, port: Number(port), online: status === 'online' }
}

/** Runs SQL as the postgres superuser. We run as root, and the server refuses root, hence su. */
function superuserSql(port: number, sql: string): string {
  const psql = `psql -X -q -A -t -v ON_ERROR_STOP=1 -p ${port} -d postgres`
  const [cmd, args] = process.getuid?.() === 0 ? ['su', ['postgres', '-c', psql]] : ['sh', ['-c', psql]]
  return execFileSync(cmd as string, args as string[], { input: sql, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] })
}

async function ensureRunning(): Promise<Cluster> {
  let cluster = firstCluster()
  if (!cluster.online) {
    try {
      execFileSync('pg_ctlcluster', [cluster.version, cluster.name, 'start'], { stdio: 'pipe' })
    } catch (error) {
      // Another test file may have started it a moment ago; only fail if it is still down.
      if (!firstCluster().online) throw error
    }
  }
  for (let i = 0; i < 100; i++) {
    cluster = firstCluster()
    try {
      if (cluster.online) {
        superuserSql(cluster.port, 'select 1;')
        return cluster
      }
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('PostgreSQL cluster did not come up within 10 s')
}

function ensureRole(port: number) {
  const sql = `DO $$ BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${ROLE}') THEN
      CREATE ROLE ${ROLE} LOGIN PASSWORD '${PASSWORD}';
    END IF;
  END $$;`
  try {
    superuserSql(port, sql)
  } catch (error) {
    // Two test files creating the role at once: the loser sees "already exists".
    if (!String((error as { stderr?: string }).stderr ?? error).includes('already exists')) throw error
  }
}

/**
 * A DATABASE_URL for a new, empty database owned by `gatehouse`, or null when PostgreSQL is
 * not available. With DATABASE_URL_TEST set, returns that URL unchanged.
 */
export async function createPostgresDatabase(): Promise<string | null> {
  if (process.env.DATABASE_URL_TEST) return process.env.DATABASE_URL_TEST
  if (!postgresAvailable()) return null
  const cluster = await ensureRunning()
  ensureRole(cluster.port)
  const name = `gatehouse_test_${process.pid}_${randomBytes(4).toString('hex')}`
  superuserSql(cluster.port, `CREATE DATABASE ${name} OWNER ${ROLE};`)
  return `postgres://${ROLE}:${PASSWORD}@127.0.0.1:${cluster.port}/${name}`
}

/** Drops a database made by createPostgresDatabase (never the DATABASE_URL_TEST one). */
export async function dropPostgresDatabase(url: string | null): Promise<void> {
  if (!url || url === process.env.DATABASE_URL_TEST) return
  const { pathname, port } = new URL(url)
  const name = pathname.slice(1)
  if (!/^gatehouse_test_[a-z0-9_]+$/.test(name)) throw new Error(`refusing to drop ${name}`)
  superuserSql(Number(port), `DROP DATABASE IF EXISTS ${name} WITH (FORCE);`)
}
