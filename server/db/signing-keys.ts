import { sql } from 'kysely'
import type { Db, SigningKeysTable } from './schema.js'

/** Keys still in use, oldest first: the oldest one signs, all of them verify. */
export function listActiveSigningKeys(db: Db): Promise<SigningKeysTable[]> {
  return db.selectFrom('signing_keys').selectAll().where('retired_at', 'is', null).orderBy('created_at').orderBy('kid').execute()
}

export async function insertSigningKey(db: Db, row: SigningKeysTable): Promise<void> {
  await db.insertInto('signing_keys').values(row).execute()
}

/**
 * Inserts `row` only while no key is active. On PostgreSQL, instances starting together on an
 * empty database take turns under an advisory lock, so exactly one first key is made and all of
 * them sign with it (without the lock each could list nothing, insert its own and keep it).
 * SQLite serves a single instance.
 */
export async function insertFirstSigningKey(db: Db, row: SigningKeysTable, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('gatehouse.signing_keys'))`.execute(trx)
    if ((await listActiveSigningKeys(trx)).length === 0) await insertSigningKey(trx, row)
  })
}
