/**
 * The audit log: append-only rows for every change an admin, app secret or operator makes and for
 * security events (key export, recovery on a new device, MFA enrolled or removed, sessions revoked,
 * account transfer, user deleted). Written in the caller's transaction when there is one, so a
 * change and its row land together. Never holds a secret: callers pass masked values.
 */
import type { Kysely } from 'kysely'
import { randomId } from '../crypto/hash.js'
import type { Database } from '../db/schema.js'

export type ActorType = 'admin_token' | 'app_secret' | 'operator' | 'user' | 'system'

export interface AuditEntry {
  appId: string | null
  /** `email`: an operator's, kept as it was at the change. */
  actor: { type: ActorType; id?: string | null; email?: string | null }
  action: string
  userId?: string | null
  details?: Record<string, unknown> | null
  ip?: string | null
}

export async function recordAudit(db: Kysely<Database>, entry: AuditEntry, now = Date.now()): Promise<string> {
  const id = randomId()
  await db
    .insertInto('audit_log')
    .values({
      id,
      app_id: entry.appId,
      actor_type: entry.actor.type,
      actor_id: entry.actor.id ?? null,
      ...(entry.actor.email ? { actor_email: entry.actor.email } : {}),
      action: entry.action,
      user_id: entry.userId ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
      ip: entry.ip ?? null,
      created_at: now,
    })
    .execute()
  return id
}
