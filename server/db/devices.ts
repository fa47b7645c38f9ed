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

const enrolled = prepare<{ app_id: string; user_id: string; jkt: string }, { jkt: string }>((db, p) =>
  db.selectFrom('wallet_devices').select('jkt').where('app_id', '=', p('app_id')).where('user_id', '=', p('user_id')).where('jkt', '=', p('jkt')),
)

export async function isDeviceEnrolled(db: Db, appId: string, userId: string, jkt: string): Promise<boolean> {
  return (await enrolled(db, { app_id: appId, user_id: userId, jkt })).rows.length > 0
}

/** Enrolls the device; false when it already was. */
export async function enrollDevice(db: Db, appId: string, userId: string, jkt: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('wallet_devices')
    .values({ app_id: appId, user_id: userId, jkt, created_at: now })
    .onConflict((oc) => oc.columns(['app_id', 'user_id', 'jkt']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
}

export async function countDevices(db: Db, appId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('wallet_devices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('app_id', '=', appId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}
