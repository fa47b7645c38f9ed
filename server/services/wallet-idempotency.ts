/**
 * `privy-idempotency-key` on the server-side wallet RPC (issue #29; SECURITY.md "Server-side wallet
 * API"): the first request with a key runs; a repeat with the same key and the same request (method,
 * path, body) answers the stored first answer, signing and broadcasting nothing; the same key with
 * another request is refused (`idempotency_key_reused`). Per app, kept IDEMPOTENCY_TTL_MS, in the
 * database every instance shares: the key is claimed by inserting its row (the primary key lets one
 * instance win) before anything is signed.
 */
import { createHash } from 'node:crypto'
import canonicalize from 'canonicalize'
import type { Db } from '../db/schema.js'
import type { WalletIdempotencyTable } from '../db/wallet-idempotency.js'
import { ApiError } from '../errors.js'

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
export const MAX_IDEMPOTENCY_KEY_LENGTH = 256

/** What a key is bound to: the request's method, path (with query) and body, RFC 8785. */
export function idempotencyDigest(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(canonicalize({ method: method.toUpperCase(), path, body: body ?? null })!)
    .digest('base64url')
}

export type Claim = { claimed: true } | { claimed: false; statusCode: number; response: unknown }

/**
 * Claims `key` for this request, or answers what its first request answered. Throws
 * idempotency_key_reused (another request) or idempotency_key_in_progress (the first still runs).
 */
export async function claimIdempotencyKey(db: Db, appId: string, key: string, digest: string, now: number): Promise<Claim> {
  if (!key || key.length > MAX_IDEMPOTENCY_KEY_LENGTH)
    throw new ApiError('invalid_data', `privy-idempotency-key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`)
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await db
      .insertInto('wallet_idempotency')
      .values({
        app_id: appId,
        key,
        request_digest: digest,
        state: 'pending',
        status_code: null,
        response: null,
        created_at: now,
        expires_at: now + IDEMPOTENCY_TTL_MS,
      })
      .onConflict((oc) => oc.columns(['app_id', 'key']).doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return { claimed: true }
    const row = await db.selectFrom('wallet_idempotency').selectAll().where('app_id', '=', appId).where('key', '=', key).executeTakeFirst()
    if (!row) continue
    if (Number(row.expires_at) <= now) {
      // Past its lifetime: the key is free again (only the expired row goes; a fresh claim by another instance stays).
      await db.deleteFrom('wallet_idempotency').where('app_id', '=', appId).where('key', '=', key).where('expires_at', '<=', now).execute()
      continue
    }
    return answerOf(row, digest)
  }
  throw new ApiError('idempotency_key_in_progress', 'The first request with this privy-idempotency-key is still running; ask again')
}

function answerOf(row: WalletIdempotencyTable, digest: string): Claim {
  if (row.request_digest !== digest)
    throw new ApiError('idempotency_key_reused', 'This privy-idempotency-key was used with another request (method, path or body): use a new key')
  if (row.state !== 'done' || row.status_code === null || row.response === null)
    throw new ApiError('idempotency_key_in_progress', 'The first request with this privy-idempotency-key is still running; ask again')
  return { claimed: false, statusCode: Number(row.status_code), response: JSON.parse(row.response) }
}

/** Stores the first request's answer (a success or an error it ended with). */
export async function storeIdempotentAnswer(db: Db, appId: string, key: string, statusCode: number, response: unknown): Promise<void> {
  await db
    .updateTable('wallet_idempotency')
    .set({ state: 'done', status_code: statusCode, response: JSON.stringify(response) })
    .where('app_id', '=', appId)
    .where('key', '=', key)
    .execute()
}

/** Frees a key whose request ended having done nothing (a repeat may run it again). */
export async function releaseIdempotencyKey(db: Db, appId: string, key: string): Promise<void> {
  await db.deleteFrom('wallet_idempotency').where('app_id', '=', appId).where('key', '=', key).where('state', '=', 'pending').execute()
}

export async function deleteExpiredIdempotencyKeys(db: Db, now: number): Promise<void> {
  await db.deleteFrom('wallet_idempotency').where('expires_at', '<=', now).execute()
}
