/**
 * The credentials of the app owner's API besides the admin token (services/owner-auth.ts decides
 * with them): app secrets, a backend's credential for its own app, shown once and stored as a
 * SHA-256 only, several live at once so a backend can rotate without downtime; and the console
 * operators' roles per app.
 */
import { randomId, randomToken, sha256 } from '../crypto/hash.js'
import type { Db } from '../db/schema.js'
import { ApiError } from '../errors.js'
import { operatorEmail } from './console-owners.js'

/** Every app secret starts so, which makes a leaked one easy to recognise (secret scanners, logs). */
export const APP_SECRET_PREFIX = 'ghs_'

export const OPERATOR_ROLES = ['owner', 'admin', 'viewer'] as const
export type OperatorRole = (typeof OPERATOR_ROLES)[number]

/** last_used_at is written at most this often per secret: a busy backend must not write on every call. */
const LAST_USED_PRECISION_MS = 60_000

export type AppSecretView = {
  id: string
  last4: string
  createdAt: string
  lastUsedAt: string | null
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString())

export async function createAppSecret(db: Db, appId: string, now: number): Promise<AppSecretView & { secret: string }> {
  const secret = `${APP_SECRET_PREFIX}${randomToken(32)}`
  const id = randomId()
  const last4 = secret.slice(-4)
  await db
    .insertInto('app_secrets')
    .values({ id, app_id: appId, secret_hash: sha256(secret), last4, created_at: now, last_used_at: null, revoked_at: null })
    .execute()
  return { id, secret, last4, createdAt: iso(now)!, lastUsedAt: null }
}

/** The live secrets of an app, newest first (never the secret itself). */
export async function listAppSecrets(db: Db, appId: string): Promise<AppSecretView[]> {
  const rows = await db
    .selectFrom('app_secrets')
    .select(['id', 'last4', 'created_at', 'last_used_at'])
    .where('app_id', '=', appId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ id: r.id, last4: r.last4, createdAt: iso(r.created_at)!, lastUsedAt: iso(r.last_used_at) }))
}

/** Revokes one live secret of the app; its view, or null when there is none. */
export async function revokeAppSecret(db: Db, appId: string, secretId: string, now: number): Promise<AppSecretView | null> {
  const row = await db
    .selectFrom('app_secrets')
    .select(['id', 'last4', 'created_at', 'last_used_at'])
    .where('id', '=', secretId)
    .where('app_id', '=', appId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  if (!row) return null
  await db.updateTable('app_secrets').set({ revoked_at: now }).where('id', '=', secretId).where('revoked_at', 'is', null).execute()
  return { id: row.id, last4: row.last4, createdAt: iso(row.created_at)!, lastUsedAt: iso(row.last_used_at) }
}

/**
 * The live secret of `appId` that `secret` is, or null. Looked up by its hash (a random 256-bit
 * secret: the hash reveals nothing, and an index lookup leaks no prefix the way comparing would).
 */
export async function verifyAppSecret(db: Db, appId: string, secret: string, now: number): Promise<{ id: string } | null> {
  if (!secret.startsWith(APP_SECRET_PREFIX) || secret.length > 200) return null
  const row = await db
    .selectFrom('app_secrets')
    .select(['id', 'app_id', 'last_used_at'])
    .where('secret_hash', '=', sha256(secret))
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  if (!row || row.app_id !== appId) return null
  if (row.last_used_at === null || now - Number(row.last_used_at) >= LAST_USED_PRECISION_MS) {
    await db.updateTable('app_secrets').set({ last_used_at: now }).where('id', '=', row.id).execute()
  }
  return { id: row.id }
}

export type OperatorRoleView = {
  userId: string
  role: OperatorRole
  createdAt: string
  email: string | null
}

export async function operatorRole(db: Db, appId: string, userId: string): Promise<OperatorRole | null> {
  const row = await db.selectFrom('operator_roles').select('role').where('app_id', '=', appId).where('user_id', '=', userId).executeTakeFirst()
  return (row?.role as OperatorRole | undefined) ?? null
}

export async function listOperatorRoles(db: Db, appId: string): Promise<OperatorRoleView[]> {
  const rows = await db.selectFrom('operator_roles').selectAll().where('app_id', '=', appId).orderBy('created_at').orderBy('user_id').execute()
  return Promise.all(
    rows.map(async (r) => ({ userId: r.user_id, role: r.role as OperatorRole, createdAt: iso(r.created_at)!, email: await operatorEmail(db, r.user_id) })),
  )
}

/** The apps an operator holds a role in, with the role. */
export async function operatorApps(db: Db, userId: string): Promise<Map<string, OperatorRole>> {
  const rows = await db.selectFrom('operator_roles').select(['app_id', 'role']).where('user_id', '=', userId).execute()
  return new Map(rows.map((r) => [r.app_id, r.role as OperatorRole]))
}

export const LAST_OWNER = 'An app keeps at least one owner: make another operator owner first'

/** Refuses a change that would leave an app that has owners without one (demoting or removing its last owner). */
export async function keepAnOwner(db: Db, appId: string, userId: string, nextRole: OperatorRole | null): Promise<void> {
  if (nextRole === 'owner') return
  const owners = await db.selectFrom('operator_roles').select('user_id').where('app_id', '=', appId).where('role', '=', 'owner').execute()
  if (owners.length === 1 && owners[0].user_id === userId) throw new ApiError('invalid_data', LAST_OWNER)
}

/** Grants (or changes) an operator's role; the role before, for the audit log. */
export async function grantOperatorRole(db: Db, appId: string, userId: string, role: OperatorRole, now: number): Promise<OperatorRole | null> {
  return db.transaction().execute(async (trx) => {
    const before = await operatorRole(trx, appId, userId)
    if (before === null) await trx.insertInto('operator_roles').values({ app_id: appId, user_id: userId, role, created_at: now }).execute()
    else await trx.updateTable('operator_roles').set({ role }).where('app_id', '=', appId).where('user_id', '=', userId).execute()
    return before
  })
}

/** Removes an operator's role; the role it had, or null. */
export async function revokeOperatorRole(db: Db, appId: string, userId: string): Promise<OperatorRole | null> {
  const before = await operatorRole(db, appId, userId)
  if (before !== null) await db.deleteFrom('operator_roles').where('app_id', '=', appId).where('user_id', '=', userId).execute()
  return before
}
