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

export async function deleteStaleRateLimits(db: Db, olderThan: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_start', '<', olderThan).execute()
}
