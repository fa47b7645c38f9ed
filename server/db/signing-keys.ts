import type { Db, SigningKeysTable } from './schema.js'

/** Keys still in use, oldest first: the oldest one signs, all of them verify. */
export function listActiveSigningKeys(db: Db): Promise<SigningKeysTable[]> {
  return db.selectFrom('signing_keys').selectAll().where('retired_at', 'is', null).orderBy('created_at').orderBy('kid').execute()
}

export async function insertSigningKey(db: Db, row: SigningKeysTable): Promise<void> {
  await db.insertInto('signing_keys').values(row).execute()
}
