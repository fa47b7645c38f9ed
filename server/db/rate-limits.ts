import { sql } from 'kysely'
import { prepare } from './prepared.js'
import type { Db } from './schema.js'

const hit = prepare<{ key: string; now: number; expired: number }, { count: number }>((db, p) =>
  db
    .insertInto('rate_limits')
    .values({ key: p('key'), window_start: p('now'), count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_start <= ${p('expired')} then 1 else rate_limits.count + 1 end`,
        window_start: sql<number>`case when rate_limits.window_start <= ${p('expired')} then ${p('now')} else rate_limits.window_start end`,
      }),
    )
    .returning('count'),
)

/**
 * Counts one hit on `key` in a fixed window and returns the count including this hit.
 * A single INSERT … ON CONFLICT DO UPDATE … RETURNING (SQLite ≥ 3.35 and PostgreSQL), so
 * instances sharing the database agree without a read-modify-write race.
 */
export async function hitRateLimit(db: Db, key: string, now: number, windowMs: number): Promise<number> {
  const { rows } = await hit(db, { key, now, expired: now - windowMs })
  return Number(rows[0].count)
}

/** Deletes counters whose window started before `olderThan`: those whose key starts with `prefix` (no LIKE wildcards in it), or all others. */
export async function deleteStaleRateLimits(db: Db, olderThan: number, keys?: { prefix: string; matching: boolean }): Promise<void> {
  let query = db.deleteFrom('rate_limits').where('window_start', '<', olderThan)
  if (keys) query = query.where('key', keys.matching ? 'like' : 'not like', `${keys.prefix}%`)
  await query.execute()
}

/** The hits on `key` in its current window (0 when the window is over or there is no row). */
export async function rateLimitCount(db: Db, key: string, now: number, windowMs: number): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', key)
    .where('window_start', '>', now - windowMs)
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

/** Takes back one hit counted at `at`, if its window is still the current one. */
export async function refundRateLimitHit(db: Db, key: string, at: number, windowMs: number): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', key)
    .where('count', '>', 0)
    .where('window_start', '>', at - windowMs)
    .where('window_start', '<=', at)
    .execute()
}

/** When the current window of `key` started, or null without a row: a refusal can say when the wait ends. */
export async function rateLimitWindowStart(db: Db, key: string): Promise<number | null> {
  const row = await db.selectFrom('rate_limits').select('window_start').where('key', '=', key).executeTakeFirst()
  return row ? Number(row.window_start) : null
}
