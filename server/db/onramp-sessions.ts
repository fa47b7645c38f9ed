import type { Db } from './schema.js'

/** Binds an exchange on-ramp's partner user id to the user who started it; drops bindings older than a week. */
export async function insertOnrampSession(db: Db, row: { partner_user_id: string; app_id: string; user_id: string; created_at: number }): Promise<void> {
  await db
    .deleteFrom('onramp_sessions')
    .where('created_at', '<', row.created_at - 7 * 24 * 60 * 60 * 1000)
    .execute()
  await db.insertInto('onramp_sessions').values(row).execute()
}

export async function onrampSessionOwner(db: Db, appId: string, partnerUserId: string): Promise<string | null> {
  const row = await db
    .selectFrom('onramp_sessions')
    .select('user_id')
    .where('partner_user_id', '=', partnerUserId)
    .where('app_id', '=', appId)
    .executeTakeFirst()
  return row?.user_id ?? null
}
