/**
 * What the apps' paymasters signed for (services/paymaster.ts): one row per user operation given
 * paymaster data. It counts against the budgets at its maximum cost from signing on, and at what
 * the EntryPoint charged once the bundler reports the receipt (`actual_wei`); an operation that
 * never landed before its signature expired counts 0. Wei amounts are decimal strings.
 */
import type { Kysely, Migration } from 'kysely'
import type { Db, PaymasterSpendTable } from './schema.js'

export const paymasterSpendMigrations: Record<string, Migration> = {
  '0042_paymaster_spend': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('paymaster_spend')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('chain_id', 'integer', (c) => c.notNull())
        .addColumn('sender', 'text', (c) => c.notNull())
        .addColumn('user_op_hash', 'text', (c) => c.notNull())
        .addColumn('max_wei', 'text', (c) => c.notNull())
        .addColumn('actual_wei', 'text')
        .addColumn('tx_hash', 'text')
        .addColumn('valid_until', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('paymaster_spend_app').on('paymaster_spend').columns(['app_id', 'created_at']).execute()
      await db.schema.createIndex('paymaster_spend_user').on('paymaster_spend').columns(['user_id', 'created_at']).execute()
    },
  },
}

export async function insertPaymasterSpend(db: Db, row: PaymasterSpendTable): Promise<void> {
  await db.insertInto('paymaster_spend').values(row).execute()
}

/** Wei counted against the budgets on a chain since `since`: settled rows at their cost, open ones at their maximum. */
export async function paymasterWeiSince(db: Db, appId: string, chainId: number, since: number, userId: string | null = null): Promise<bigint> {
  let query = db
    .selectFrom('paymaster_spend')
    .select(['max_wei', 'actual_wei'])
    .where('app_id', '=', appId)
    .where('chain_id', '=', chainId)
    .where('created_at', '>=', since)
  if (userId) query = query.where('user_id', '=', userId)
  const rows = await query.execute()
  return rows.reduce((sum, r) => sum + BigInt(r.actual_wei ?? r.max_wei), 0n)
}

/** Rows still waiting for their receipt (oldest first), of one user or of the whole app. */
export async function openPaymasterSpend(db: Db, appId: string, userId: string | null, limit: number): Promise<PaymasterSpendTable[]> {
  let query = db.selectFrom('paymaster_spend').selectAll().where('app_id', '=', appId).where('actual_wei', 'is', null)
  if (userId) query = query.where('user_id', '=', userId)
  return query.orderBy('created_at', 'asc').limit(limit).execute()
}

export async function settlePaymasterSpend(db: Db, id: string, actualWei: bigint, txHash: string | null): Promise<void> {
  await db
    .updateTable('paymaster_spend')
    .set({ actual_wei: actualWei.toString(), tx_hash: txHash })
    .where('id', '=', id)
    .where('actual_wei', 'is', null)
    .execute()
}

/** The app's operations since `since`, newest first (the console's spend list). */
export async function listPaymasterSpend(db: Db, appId: string, since: number, limit: number): Promise<PaymasterSpendTable[]> {
  return db
    .selectFrom('paymaster_spend')
    .selectAll()
    .where('app_id', '=', appId)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute()
}
