/**
 * Cross-app authorization codes (services/cross-app.ts): what a provider's user approved for a
 * requester app, spent once by the requester's server with the PKCE verifier. Only the code's
 * SHA-256 is kept (it is a bearer secret until spent).
 */
import type { Kysely, Migration } from 'kysely'
import type { CrossAppCodesTable, Db } from './schema.js'


export const crossAppMigrations: Record<string, Migration> = {
  '0038_cross_app_codes': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('cross_app_codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('provider_app_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('requester_app_id', 'text', (c) => c.notNull())
        .addColumn('code_challenge', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute()
    },
  },
}

export async function insertCrossAppCode(db: Db, row: CrossAppCodesTable): Promise<void> {
  await db.insertInto('cross_app_codes').values(row).execute()
}

/** Takes the code out (it works once): the row when it existed and this call removed it, else undefined. */
export async function spendCrossAppCode(db: Db, codeHash: string): Promise<CrossAppCodesTable | undefined> {
  const row = await db.selectFrom('cross_app_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst()
  if (!row) return undefined
  const deleted = await db.deleteFrom('cross_app_codes').where('code_hash', '=', codeHash).executeTakeFirst()
  return Number(deleted.numDeletedRows) === 1 ? row : undefined
}

/** Drops the expired codes (a code is worth nothing after `expires_at`). */
export async function sweepCrossAppCodes(db: Db, now: number): Promise<void> {
  await db.deleteFrom('cross_app_codes').where('expires_at', '<', now).execute()
}
