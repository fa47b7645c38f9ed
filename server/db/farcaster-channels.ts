import type { Db, FarcasterChannelsTable } from './schema.js'

export async function insertFarcasterChannel(db: Db, row: FarcasterChannelsTable): Promise<void> {
  await db.insertInto('farcaster_channels').values(row).execute()
}

export async function findFarcasterChannel(db: Db, channelHash: string): Promise<FarcasterChannelsTable | undefined> {
  return db.selectFrom('farcaster_channels').selectAll().where('channel_hash', '=', channelHash).executeTakeFirst()
}

/**
 * The relay's authenticate: fills a pending channel once. The `state = 'pending'` condition makes
 * a second completion (another scanner of the same QR code) change nothing; answers whether it won.
 */
export async function completeFarcasterChannel(
  db: Db,
  channelHash: string,
  fields: Pick<FarcasterChannelsTable, 'message' | 'signature' | 'fid' | 'profile'>,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('farcaster_channels')
    .set({ ...fields, state: 'completed' })
    .where('channel_hash', '=', channelHash)
    .where('state', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Deletes and returns the channel (single use, one statement); expiry is the caller's check. */
export async function takeFarcasterChannel(db: Db, appId: string, channelHash: string): Promise<FarcasterChannelsTable | undefined> {
  return db.deleteFrom('farcaster_channels').where('channel_hash', '=', channelHash).where('app_id', '=', appId).returningAll().executeTakeFirst()
}

export async function deleteExpiredFarcasterChannels(db: Db, now: number): Promise<void> {
  await db.deleteFrom('farcaster_channels').where('expires_at', '<', now).execute()
}
