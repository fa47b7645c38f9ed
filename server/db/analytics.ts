/**
 * The app owner's analytics (issue #27, point 6): what the daily series are read from. Days are
 * whole UTC days counted from the epoch (`Math.floor(ms / DAY_MS)`), the same number on SQLite and
 * PostgreSQL. Everything here is kept for `ANALYTICS_RETENTION_DAYS` and swept after.
 *
 * - `login_events`: one row per session a login ceremony started (the login's transaction writes
 *   it, so a login exists here exactly when it committed), with the linked account type it proved.
 * - `active_users`: one row per user and day a session was refreshed (a login is counted from
 *   `login_events`), so daily active users include people who stayed signed in.
 * - `analytics_counts`: daily counters (codes sent, widget events), added up in memory and written
 *   in batches (services/analytics.ts), one row per app, day and name.
 */
import { sql, type Kysely, type Migration } from 'kysely'
import { prepare } from './prepared.js'
import type { ActiveUsersTable, AnalyticsCountsTable, Db, LoginEventsTable } from './schema.js'

export const DAY_MS = 24 * 60 * 60 * 1000
/** A little over the longest range the analytics routes answer (366 days), so a full year stays readable. */
export const ANALYTICS_RETENTION_DAYS = 400

export const dayOf = (ms: number) => Math.floor(ms / DAY_MS)

export const analyticsMigrations: Record<string, Migration> = {
  '0031_owner_analytics': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('login_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('new_user', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('login_events_app_time').on('login_events').columns(['app_id', 'created_at']).execute()
      await db.schema
        .createTable('active_users')
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('day', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('active_users_pk', ['app_id', 'day', 'user_id'])
        .execute()
      await db.schema
        .createTable('analytics_counts')
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('day', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('analytics_counts_pk', ['app_id', 'day', 'name'])
        .execute()
    },
  },
}

const insertLoginEvent = prepare<LoginEventsTable>((db, p) =>
  db.insertInto('login_events').values({
    id: p('id'),
    app_id: p('app_id'),
    user_id: p('user_id'),
    method: p('method'),
    new_user: p('new_user'),
    created_at: p('created_at'),
  }),
)

/** Call inside the login's transaction, beside the session insert. */
export async function recordLoginEvent(db: Db, row: LoginEventsTable): Promise<void> {
  await insertLoginEvent(db, row)
}

const insertActive = prepare<ActiveUsersTable>((db, p) =>
  db
    .insertInto('active_users')
    .values({ app_id: p('app_id'), day: p('day'), user_id: p('user_id') })
    .onConflict((oc) => oc.columns(['app_id', 'day', 'user_id']).doNothing()),
)

/** The user was active on `day` (a session refresh); once per user and day. */
export async function markActive(db: Db, row: ActiveUsersTable): Promise<void> {
  await insertActive(db, row)
}

/** Adds `count` to one daily counter. */
export async function addCount(db: Db, row: AnalyticsCountsTable): Promise<void> {
  await db
    .insertInto('analytics_counts')
    .values(row)
    .onConflict((oc) => oc.columns(['app_id', 'day', 'name']).doUpdateSet({ count: (eb) => eb('analytics_counts.count', '+', eb.ref('excluded.count')) }))
    .execute()
}

/** Distinct users per day who logged in or refreshed a session, days `from`..`to` inclusive. */
export async function activeUsersByDay(db: Db, appId: string, from: number, to: number): Promise<{ day: number; users: number }[]> {
  const logins = db
    .selectFrom('login_events')
    .select([sql<number>`created_at / ${sql.lit(DAY_MS)}`.as('day'), 'user_id'])
    .where('app_id', '=', appId)
    .where('created_at', '>=', from * DAY_MS)
    .where('created_at', '<', (to + 1) * DAY_MS)
  const refreshes = db.selectFrom('active_users').select(['day', 'user_id']).where('app_id', '=', appId).where('day', '>=', from).where('day', '<=', to)
  // UNION (not UNION ALL) drops the user seen both ways on one day, so a plain count is a distinct count.
  const rows = await db
    .selectFrom(logins.union(refreshes).as('seen'))
    .select(['seen.day', (eb) => eb.fn.countAll<number>().as('users')])
    .groupBy('seen.day')
    .execute()
  return rows.map((r) => ({ day: Number(r.day), users: Number(r.users) }))
}

/** Logins and sign-ups per method per day. */
export async function loginsByDay(
  db: Db,
  appId: string,
  from: number,
  to: number,
): Promise<{ day: number; method: string; logins: number; signUps: number }[]> {
  const day = sql<number>`created_at / ${sql.lit(DAY_MS)}`
  const rows = await db
    .selectFrom('login_events')
    .select([day.as('day'), 'method', (eb) => eb.fn.countAll<number>().as('logins'), (eb) => eb.fn.sum<number>('new_user').as('sign_ups')])
    .where('app_id', '=', appId)
    .where('created_at', '>=', from * DAY_MS)
    .where('created_at', '<', (to + 1) * DAY_MS)
    .groupBy([day, 'method'])
    .execute()
  return rows.map((r) => ({ day: Number(r.day), method: r.method, logins: Number(r.logins), signUps: Number(r.sign_ups) }))
}

/** The daily counters whose name starts with `prefix`. */
export async function countsByDay(db: Db, appId: string, prefix: string, from: number, to: number): Promise<AnalyticsCountsTable[]> {
  const rows = await db
    .selectFrom('analytics_counts')
    .selectAll()
    .where('app_id', '=', appId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('name', 'like', `${prefix}%`)
    .execute()
  return rows.map((r) => ({ ...r, day: Number(r.day), count: Number(r.count) }))
}

/** Drops what is older than the retention (the periodic sweep). */
export async function deleteOldAnalytics(db: Db, t: number): Promise<void> {
  const oldest = dayOf(t) - ANALYTICS_RETENTION_DAYS
  await db
    .deleteFrom('login_events')
    .where('created_at', '<', oldest * DAY_MS)
    .execute()
  await db.deleteFrom('active_users').where('day', '<', oldest).execute()
  await db.deleteFrom('analytics_counts').where('day', '<', oldest).execute()
}
