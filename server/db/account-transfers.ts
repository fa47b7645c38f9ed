import type { AccountTransfersTable, Db } from './schema.js'

export async function insertAccountTransfer(db: Db, row: AccountTransfersTable): Promise<void> {
  await db.insertInto('account_transfers').values(row).execute()
}

/** Deletes and returns the transfer (single use); undefined when unknown. Expiry is the caller's check. */
export async function takeAccountTransfer(db: Db, nonceHash: string): Promise<AccountTransfersTable | undefined> {
  return db.deleteFrom('account_transfers').where('nonce_hash', '=', nonceHash).returningAll().executeTakeFirst()
}

export async function deleteExpiredAccountTransfers(db: Db, now: number): Promise<void> {
  await db.deleteFrom('account_transfers').where('expires_at', '<', now).execute()
}
