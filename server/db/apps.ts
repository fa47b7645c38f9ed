import type { AppsTable, Db } from './schema.js'

export function findAppRow(db: Db, id: string): Promise<AppsTable | undefined> {
  return db.selectFrom('apps').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function insertAppRow(db: Db, row: AppsTable): Promise<void> {
  await db.insertInto('apps').values(row).execute()
}

export async function updateAppRow(db: Db, id: string, patch: Pick<AppsTable, 'name' | 'config' | 'settings' | 'updated_at'>): Promise<void> {
  await db.updateTable('apps').set(patch).where('id', '=', id).execute()
}

export function listAppRows(db: Db): Promise<AppsTable[]> {
  return db.selectFrom('apps').selectAll().orderBy('created_at').orderBy('id').execute()
}

/** Replaces the settings only if they are still `expected`; answers whether it did. */
export async function replaceAppSettings(db: Db, id: string, expected: string, settings: string): Promise<boolean> {
  const result = await db.updateTable('apps').set({ settings }).where('id', '=', id).where('settings', '=', expected).executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Deletes an app; its users (and what hangs off them) go by the foreign keys' cascade. Answers whether it existed. */
export async function deleteAppRow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('apps').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
