/**
 * Opens the database named by the configuration and runs the migrations.
 * SQLite (better-sqlite3) by default; PostgreSQL (pg Pool) when a postgres:// URL is given.
 */
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import { migrate } from './migrations.js'
import type { Database, Db } from './schema.js'

export interface OpenDatabaseOptions {
  databaseUrl?: string | null
  dbFile?: string
  /** Skip running the migrations (they are run by default). */
  skipMigrations?: boolean
}

export interface DatabaseHandle {
  db: Db
  dialect: 'sqlite' | 'postgres'
  close(): Promise<void>
  /** Connections now (GET /metrics): PostgreSQL's pool totals; SQLite has its one connection. */
  poolUse?(): PoolUse
}

export interface PoolUse {
  max: number
  /** Connections open (idle or lent out). */
  total: number
  /** Open but not lent out; null where it cannot be told (SQLite). */
  idle: number | null
  /** Queries waiting for a connection; null where it cannot be told (SQLite). */
  waiting: number | null
}

const POSTGRES_POOL_MAX = 10

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openSqlite(options.dbFile ?? '.gatehouse/gatehouse.db')
  if (!options.skipMigrations) {
    try {
      await migrate(handle.db)
    } catch (error) {
      await handle.close()
      throw error
    }
  }
  return handle
}

async function openSqlite(file: string): Promise<DatabaseHandle> {
  const { default: SQLite } = await import('better-sqlite3')
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  // WAL lets readers run beside the writer; NORMAL sync is crash-safe in WAL mode and
  // avoids an fsync per commit, which the login throughput target depends on.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('foreign_keys = ON')
  // Kysely's driver calls prepare() for every query, and compiling the SQL was a large share
  // of a login's CPU. Our statements have fixed shapes, so cache them by text (bounded, in
  // case some query ever varies). Safe because Kysely runs one query at a time per connection
  // and we never stream (a cached statement is never mid-iteration).
  const statements = new Map<string, ReturnType<typeof sqlite.prepare>>()
  const database = {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText)
      if (!statement) {
        if (statements.size >= 500) statements.clear()
        statement = sqlite.prepare(sqlText)
        statements.set(sqlText, statement)
      }
      return statement
    },
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) })
  return { db, dialect: 'sqlite', close: () => db.destroy(), poolUse: () => ({ max: 1, total: 1, idle: null, waiting: null }) }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pg = await import('pg')
  const { Pool, types } = pg.default ?? pg
  const pool = new Pool({
    connectionString: url,
    max: POSTGRES_POOL_MAX,
    // bigint (int8) columns hold millisecond timestamps and counts; all fit in a double,
    // and reading them as numbers keeps the models identical to the SQLite ones.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 20 ? (value: string) => Number(value) : types.getTypeParser(oid, format as 'text')) as typeof types.getTypeParser,
    },
  })
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  const poolUse = () => ({ max: POSTGRES_POOL_MAX, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount })
  return { db, dialect: 'postgres', close: () => db.destroy(), poolUse }
}

/** True when an error is a unique-constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string }
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}
