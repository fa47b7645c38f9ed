/**
 * The audit log as the owner reads it: rows written by owner calls (`auditOwner`: who from the
 * caller `authorizeOwner` admitted, from which address), filtered and paged newest first with a
 * keyset cursor, exported oldest first as JSON lines in constant memory, and deleted after the
 * retention (GATEHOUSE_AUDIT_RETENTION_DAYS) by the periodic sweep (create-services.ts).
 */
import type { FastifyRequest } from 'fastify'
import { sql, type SelectQueryBuilder } from 'kysely'
import type { AuditLogTable } from '../db/owner.js'
import type { Database, Db } from '../db/schema.js'
import { ApiError } from '../errors.js'
import { recordAudit, type ActorType } from './audit.js'
import { ownerOf } from './owner-auth.js'

/** One audit row for a change made through the owner's API, by the caller `ownerGate` admitted. */
export function auditOwner(
  request: FastifyRequest,
  appId: string | null,
  action: string,
  extra: { userId?: string | null; details?: Record<string, unknown> | null } = {},
  db: Db = request.server.gatehouse.db,
): Promise<string> {
  const caller = ownerOf(request)
  return recordAudit(
    db,
    { appId, actor: { type: caller.type, id: caller.id, email: caller.email ?? null }, action, ip: request.ip, ...extra },
    request.server.gatehouse.now(),
  )
}

export interface AuditFilters {
  appId?: string
  actorType?: ActorType
  actorId?: string
  /** An action, or a prefix of one ending in '.'. */
  action?: string
  userId?: string
  since?: number
  until?: number
}

export type WireAuditEntry = {
  id: string
  appId: string | null
  actor: { type: ActorType; id: string | null; email: string | null }
  action: string
  userId: string | null
  details: Record<string, unknown> | null
  ip: string | null
  createdAt: string
}

export function wireAudit(row: AuditLogTable): WireAuditEntry {
  return {
    id: row.id,
    appId: row.app_id,
    actor: { type: row.actor_type as ActorType, id: row.actor_id, email: row.actor_email ?? null },
    action: row.action,
    userId: row.user_id,
    details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
    ip: row.ip,
    createdAt: new Date(Number(row.created_at)).toISOString(),
  }
}

/** The query's filters as the route map names them (`since`/`until` are date-times). */
export function auditFiltersOf(query: Record<string, unknown>, appId?: string): AuditFilters {
  const time = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : undefined)
  const str = (value: unknown) => (typeof value === 'string' ? value : undefined)
  return {
    appId: appId ?? str(query.app_id),
    actorType: str(query.actor_type) as ActorType | undefined,
    actorId: str(query.actor_id),
    action: str(query.action),
    userId: str(query.user_id),
    since: time(query.since),
    until: time(query.until),
  }
}

function filtered(db: Db, f: AuditFilters): SelectQueryBuilder<Database, 'audit_log', AuditLogTable> {
  let q = db.selectFrom('audit_log').selectAll()
  if (f.appId !== undefined) q = q.where('app_id', '=', f.appId)
  if (f.actorType !== undefined) q = q.where('actor_type', '=', f.actorType)
  if (f.actorId !== undefined) q = q.where('actor_id', '=', f.actorId)
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId)
  if (f.since !== undefined) q = q.where('created_at', '>=', f.since)
  if (f.until !== undefined) q = q.where('created_at', '<', f.until)
  if (f.action !== undefined) {
    const action = f.action
    // A prefix ('session.') matches every action under it; compared by substring, not LIKE, so no character is a wildcard.
    q = action.endsWith('.') ? q.where(sql<string>`substr(action, 1, ${action.length})`, '=', action) : q.where('action', '=', action)
  }
  return q
}

const encodeCursor = (row: AuditLogTable) => Buffer.from(`${Number(row.created_at)}:${row.id}`).toString('base64url')

function decodeCursor(cursor: string): { t: number; id: string } {
  const [t, id] = Buffer.from(cursor, 'base64url').toString('utf8').split(':')
  if (!/^\d{1,16}$/.test(t ?? '') || !id) throw new ApiError('invalid_data', 'Invalid cursor')
  return { t: Number(t), id }
}

/** One page, newest first; `next_cursor` is null on the last page. */
export async function listAudit(db: Db, f: AuditFilters, cursor: string | undefined, limit: number) {
  let q = filtered(db, f)
  if (cursor) {
    const c = decodeCursor(cursor)
    q = q.where((eb) => eb.or([eb('created_at', '<', c.t), eb.and([eb('created_at', '=', c.t), eb('id', '<', c.id)])]))
  }
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute()
  const page = rows.slice(0, limit)
  return { data: page.map(wireAudit), next_cursor: rows.length > limit ? encodeCursor(page[page.length - 1]) : null }
}

const EXPORT_BATCH = 500

/** Every matching row, oldest first, as JSON lines, read a batch at a time (memory stays flat). */
export async function* exportAudit(db: Db, f: AuditFilters): AsyncGenerator<string> {
  let after: { t: number; id: string } | null = null
  for (;;) {
    let q = filtered(db, f)
    if (after) {
      const c: { t: number; id: string } = after
      q = q.where((eb) => eb.or([eb('created_at', '>', c.t), eb.and([eb('created_at', '=', c.t), eb('id', '>', c.id)])]))
    }
    const rows = await q.orderBy('created_at', 'asc').orderBy('id', 'asc').limit(EXPORT_BATCH).execute()
    if (rows.length > 0) yield rows.map((row) => `${JSON.stringify(wireAudit(row))}\n`).join('')
    if (rows.length < EXPORT_BATCH) return
    const last = rows[rows.length - 1]
    after = { t: Number(last.created_at), id: last.id }
  }
}

/** Deletes the rows older than the retention (0 days: kept forever). */
export async function deleteExpiredAudit(db: Db, now: number, retentionDays: number): Promise<void> {
  if (retentionDays <= 0) return
  await db
    .deleteFrom('audit_log')
    .where('created_at', '<', now - retentionDays * 24 * 60 * 60 * 1000)
    .execute()
}
