import type { Kysely, Migration } from 'kysely'
import { affected, prepare } from './prepared.js'
import type { Db } from './schema.js'

// ON CONFLICT DO NOTHING rather than catching the violation: inside a PostgreSQL transaction a
// failed statement would abort the whole transaction.
const spend = prepare<{ jti: string; expires_at: number }>((db, p) =>
  db
    .insertInto('device_proofs')
    .values({ jti: p('jti'), expires_at: p('expires_at') })
    .onConflict((oc) => oc.column('jti').doNothing()),
)

/** Records a proof id; false when it was seen before (a replayed proof). */
export async function spendDeviceProof(db: Db, jti: string, expiresAt: number): Promise<boolean> {
  return affected(await spend(db, { jti, expires_at: expiresAt })) === 1
}

export async function deleteExpiredDeviceProofs(db: Db, now: number): Promise<void> {
  await db.deleteFrom('device_proofs').where('expires_at', '<', now).execute()
}

const enrolled = prepare<{ app_id: string; entropy_id: string; user_id: string; jkt: string }, { jkt: string }>((db, p) =>
  db
    .selectFrom('wallet_devices')
    .select('jkt')
    .where('app_id', '=', p('app_id'))
    .where('entropy_id', '=', p('entropy_id'))
    .where('user_id', '=', p('user_id'))
    .where('jkt', '=', p('jkt')),
)

/**
 * Whether the device holds a share of this one secret. Per secret, not per user: holding a
 * throwaway key the device imported itself must not count for the user's other wallets.
 */
export async function isDeviceEnrolled(db: Db, appId: string, entropyId: string, userId: string, jkt: string): Promise<boolean> {
  return (await enrolled(db, { app_id: appId, entropy_id: entropyId, user_id: userId, jkt })).rows.length > 0
}

/** Enrolls the device for the secret; false when it already was. */
export async function enrollDevice(db: Db, appId: string, entropyId: string, userId: string, jkt: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('wallet_devices')
    .values({ app_id: appId, entropy_id: entropyId, user_id: userId, jkt, created_at: now })
    .onConflict((oc) => oc.columns(['app_id', 'entropy_id', 'jkt']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
}

/** How many devices hold a share of one secret (0 for a wallet made in advance before its first login). */
export async function countSecretDevices(db: Db, appId: string, entropyId: string): Promise<number> {
  const row = await db
    .selectFrom('wallet_devices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('app_id', '=', appId)
    .where('entropy_id', '=', entropyId)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** How many devices hold a share of any of the user's secrets. */
export async function countDevices(db: Db, appId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('wallet_devices')
    .select((eb) => eb.fn.count<number>('jkt').distinct().as('n'))
    .where('app_id', '=', appId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

export const deviceMigrations: Record<string, Migration> = {
  // Enrollment moves from (user, device) to (secret, device). A device enrolled before held the
  // user's wallet, so it stays enrolled for every secret its user holds in that app.
  '0024_devices_per_secret': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('wallet_devices').renameTo('wallet_devices_0020').execute()
      await db.schema
        .createTable('wallet_devices')
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('entropy_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('jkt', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        // A new constraint name: PostgreSQL keeps the old table's index name until the table is dropped.
        .addPrimaryKeyConstraint('wallet_devices_secret_pk', ['app_id', 'entropy_id', 'jkt'])
        .execute()
      await db
        .insertInto('wallet_devices')
        .columns(['app_id', 'entropy_id', 'user_id', 'jkt', 'created_at'])
        .expression(
          db
            .selectFrom('wallet_devices_0020 as d')
            .innerJoin('wallet_secrets as s', (join) => join.onRef('s.app_id', '=', 'd.app_id').onRef('s.user_id', '=', 'd.user_id'))
            .select(['d.app_id', 's.entropy_id', 'd.user_id', 'd.jkt', 'd.created_at']),
        )
        .execute()
      await db.schema.dropTable('wallet_devices_0020').execute()
    },
  },
}
