import type { Kysely, Migration } from 'kysely'
import type { Db, GasSponsorshipsTable } from './schema.js'

/**
 * 0025: what the sponsorship limits need. The requesting IP on each top-up (the per-IP budget),
 * a lock table every instance sees (one sponsored send per wallet, one top-up per sponsor account
 * at a time, across processes), and the exchange on-ramp sessions bound to the user who started them.
 */
export const sponsorshipMigrations: Record<string, Migration> = {
  '0025_sponsorship_limits': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('gas_sponsorships').addColumn('ip', 'text').execute()
      await db.schema.createIndex('gas_sponsorships_app').on('gas_sponsorships').columns(['app_id', 'created_at']).execute()
      await db.schema
        .createTable('sponsorship_locks')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('onramp_sessions')
        .addColumn('partner_user_id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
    },
  },
}

/** Records a top-up before it is sent (a reservation against the budgets). */
export async function insertGasSponsorship(db: Db, row: GasSponsorshipsTable): Promise<void> {
  await db.insertInto('gas_sponsorships').values(row).execute()
}

export async function deleteGasSponsorship(db: Db, id: string): Promise<void> {
  await db.deleteFrom('gas_sponsorships').where('id', '=', id).execute()
}

export async function setGasSponsorshipHashes(db: Db, id: string, hashes: { top_up_hash?: string; tx_hash?: string }): Promise<void> {
  await db.updateTable('gas_sponsorships').set(hashes).where('id', '=', id).execute()
}

/** Wei the app's sponsor gave on a chain since `since` (reservations included): all of it, or one user's, or one IP's. */
export async function sponsoredWeiSince(
  db: Db,
  appId: string,
  chainId: number,
  since: number,
  who: { userId: string } | { ip: string } | null = null,
): Promise<bigint> {
  let query = db.selectFrom('gas_sponsorships').select('wei').where('app_id', '=', appId).where('chain_id', '=', chainId).where('created_at', '>=', since)
  if (who && 'userId' in who) query = query.where('user_id', '=', who.userId)
  if (who && 'ip' in who) query = query.where('ip', '=', who.ip)
  const rows = await query.execute()
  return rows.reduce((sum, r) => sum + BigInt(r.wei), 0n)
}

/**
 * Takes `key` for `holder` until `expiresAt` unless a live holder has it. The primary key lets one
 * insert win across every instance; a holder that died leaves a row that simply expires.
 */
export async function tryLock(db: Db, key: string, holder: string, now: number, expiresAt: number): Promise<boolean> {
  await db.deleteFrom('sponsorship_locks').where('key', '=', key).where('expires_at', '<=', now).execute()
  await db
    .insertInto('sponsorship_locks')
    .values({ key, holder, expires_at: expiresAt })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  const row = await db.selectFrom('sponsorship_locks').select('holder').where('key', '=', key).executeTakeFirst()
  return row?.holder === holder
}

export async function unlock(db: Db, key: string, holder: string): Promise<void> {
  await db.deleteFrom('sponsorship_locks').where('key', '=', key).where('holder', '=', holder).execute()
}
