import type { Db, GasSponsorshipsTable } from './schema.js'

/** Records a top-up before it is sent (a reservation against the budget). */
export async function insertGasSponsorship(db: Db, row: GasSponsorshipsTable): Promise<void> {
  await db.insertInto('gas_sponsorships').values(row).execute()
}

export async function deleteGasSponsorship(db: Db, id: string): Promise<void> {
  await db.deleteFrom('gas_sponsorships').where('id', '=', id).execute()
}

export async function setGasSponsorshipHashes(db: Db, id: string, hashes: { top_up_hash?: string; tx_hash?: string }): Promise<void> {
  await db.updateTable('gas_sponsorships').set(hashes).where('id', '=', id).execute()
}

/** Wei given to a user on a chain since `since` (reservations included). */
export async function sponsoredWeiSince(db: Db, appId: string, userId: string, chainId: number, since: number): Promise<bigint> {
  const rows = await db
    .selectFrom('gas_sponsorships')
    .select('wei')
    .where('app_id', '=', appId)
    .where('user_id', '=', userId)
    .where('chain_id', '=', chainId)
    .where('created_at', '>=', since)
    .execute()
  return rows.reduce((sum, r) => sum + BigInt(r.wei), 0n)
}
