/**
 * A user's sessions as the app owner sees and ends them. Revoking sets `revoked_at`: refresh
 * checks it on every use (sessions.ts), every live-bearer call and every key-material call of
 * the wallet frame check it too (embedded-wallets.ts `frameDevice`), and the frame confirms its
 * session with a key-material call every SESSION_CHECK_MS (30 s, frame/src/vault.ts), so an
 * unlocked wallet stops signing within that time.
 */
import { sql } from 'kysely'
import type { Db } from '../db/schema.js'
import { ApiError } from '../errors.js'

export type OwnerSessionView = {
  id: string
  createdAt: string
  lastRefreshedAt: string | null
  deviceBound: boolean
  userAgent: string | null
  ip: string | null
}

/** The user of `appId`, or 404: an owner call never reaches another app's user. */
export async function requireAppUser(db: Db, appId: string, userId: string): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).where('app_id', '=', appId).executeTakeFirst()
  if (!user) throw new ApiError('not_found', 'User not found')
}

/**
 * The user's live sessions (not revoked, a refresh token not expired), newest first. The last
 * refresh is the newest refresh token's time: each refresh inserts one, so it costs no extra write.
 */
export async function listUserSessions(db: Db, appId: string, userId: string, now: number): Promise<OwnerSessionView[]> {
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('refresh_tokens', 'refresh_tokens.session_id', 'sessions.id')
    .select([
      'sessions.id',
      'sessions.created_at',
      'sessions.device_jkt',
      'sessions.user_agent',
      'sessions.ip',
      sql<number>`max(refresh_tokens.created_at)`.as('last_token'),
      sql<number>`max(refresh_tokens.expires_at)`.as('expires_at'),
    ])
    .where('sessions.user_id', '=', userId)
    .where('sessions.app_id', '=', appId)
    .where('sessions.revoked_at', 'is', null)
    .groupBy(['sessions.id', 'sessions.created_at', 'sessions.device_jkt', 'sessions.user_agent', 'sessions.ip'])
    .orderBy('sessions.created_at', 'desc')
    .orderBy('sessions.id')
    .execute()
  return rows
    .filter((r) => Number(r.expires_at) > now)
    .map((r) => ({
      id: r.id,
      createdAt: new Date(Number(r.created_at)).toISOString(),
      lastRefreshedAt: Number(r.last_token) > Number(r.created_at) ? new Date(Number(r.last_token)).toISOString() : null,
      deviceBound: r.device_jkt !== null,
      userAgent: r.user_agent ?? null,
      ip: r.ip ?? null,
    }))
}

/** Revokes one session of the user (`sessionId`) or all of them; how many were live. */
export async function revokeUserSessions(db: Db, appId: string, userId: string, sessionId: string | null, now: number): Promise<number> {
  let q = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('app_id', '=', appId).where('revoked_at', 'is', null)
  if (sessionId !== null) q = q.where('id', '=', sessionId)
  const result = await q.executeTakeFirst()
  return Number(result.numUpdatedRows ?? 0n)
}
