/** Queries of `delegated_wallets` (the table: delegations.ts). */
import type { DelegatedWalletsTable } from './delegations.js'
import type { Db } from './schema.js'

export function findDelegatedWallet(db: Db, appId: string, walletId: string): Promise<DelegatedWalletsTable | undefined> {
  return db.selectFrom('delegated_wallets').selectAll().where('app_id', '=', appId).where('wallet_id', '=', walletId).executeTakeFirst()
}

export function listDelegatedWallets(db: Db, appId: string, userId: string): Promise<DelegatedWalletsTable[]> {
  return db.selectFrom('delegated_wallets').selectAll().where('app_id', '=', appId).where('user_id', '=', userId).execute()
}

/** Replaces the row of the same wallet (delegating again after a new split seals the new share). */
export async function upsertDelegatedWallet(db: Db, row: DelegatedWalletsTable): Promise<void> {
  await db.deleteFrom('delegated_wallets').where('wallet_id', '=', row.wallet_id).execute()
  await db.insertInto('delegated_wallets').values(row).execute()
}

export async function deleteDelegatedWallets(db: Db, appId: string, userId: string): Promise<number> {
  const result = await db.deleteFrom('delegated_wallets').where('app_id', '=', appId).where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows)
}
