/**
 * The server-side wallet API's queries on its tables (db/server-wallets.ts): authorization keys,
 * wallet policies, the day's usage, spent signed requests and the next nonces.
 */
import { sql } from 'kysely'
import type { AuthorizationKeysTable, WalletPoliciesTable, WalletUsageTable } from '../db/server-wallets.js'
import type { Db } from '../db/schema.js'

export type { AuthorizationKeysTable } from '../db/server-wallets.js'

const num = (v: unknown) => Number(v)

export async function insertAuthorizationKeys(db: Db, rows: AuthorizationKeysTable[]): Promise<void> {
  await db.insertInto('authorization_keys').values(rows).execute()
}

export async function liveAuthorizationKeys(db: Db, appId: string): Promise<AuthorizationKeysTable[]> {
  const rows = await db.selectFrom('authorization_keys').selectAll().where('app_id', '=', appId).where('revoked_at', 'is', null).orderBy('created_at').execute()
  return rows.map((r) => ({ ...r, created_at: num(r.created_at), revoked_at: null }))
}

export async function findAuthorizationKey(db: Db, appId: string, id: string): Promise<AuthorizationKeysTable | undefined> {
  const row = await db.selectFrom('authorization_keys').selectAll().where('app_id', '=', appId).where('id', '=', id).executeTakeFirst()
  return row && { ...row, created_at: num(row.created_at), revoked_at: row.revoked_at == null ? null : num(row.revoked_at) }
}

/** Revokes a live key; false when it was not live. */
export async function revokeAuthorizationKey(db: Db, appId: string, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('authorization_keys')
    .set({ revoked_at: now })
    .where('app_id', '=', appId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function findWalletPolicy(db: Db, walletId: string): Promise<WalletPoliciesTable | undefined> {
  return db.selectFrom('wallet_policies').selectAll().where('wallet_id', '=', walletId).executeTakeFirst()
}

export async function upsertWalletPolicy(db: Db, row: WalletPoliciesTable): Promise<void> {
  await db
    .insertInto('wallet_policies')
    .values(row)
    .onConflict((oc) => oc.column('wallet_id').doUpdateSet({ policy: row.policy, additional_signers: row.additional_signers, updated_at: row.updated_at }))
    .execute()
}

/** What was signed for the wallet since `since`, summed per asset. */
export async function walletUsageSince(db: Db, walletId: string, since: number): Promise<Map<string, bigint>> {
  const rows = await db.selectFrom('wallet_usage').select(['asset', 'amount']).where('wallet_id', '=', walletId).where('created_at', '>=', since).execute()
  const totals = new Map<string, bigint>()
  for (const r of rows) totals.set(r.asset, (totals.get(r.asset) ?? 0n) + BigInt(r.amount))
  return totals
}

export async function insertWalletUsage(db: Db, rows: WalletUsageTable[]): Promise<void> {
  if (rows.length) await db.insertInto('wallet_usage').values(rows).execute()
}

export async function deleteWalletUsage(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.deleteFrom('wallet_usage').where('id', 'in', ids).execute()
}

/** Records a signed request's digest; false when it was already used (the primary key decides, across every instance). */
export async function spendSignedRequest(db: Db, digest: string, expiresAt: number): Promise<boolean> {
  const result = await db
    .insertInto('authorization_replays')
    .values({ digest, expires_at: expiresAt })
    .onConflict((oc) => oc.column('digest').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1
}

export async function deleteExpiredServerWalletRows(db: Db, now: number, usageKeptMs: number): Promise<void> {
  await db.deleteFrom('authorization_replays').where('expires_at', '<=', now).execute()
  await db
    .deleteFrom('wallet_usage')
    .where('created_at', '<', now - usageKeptMs)
    .execute()
}

export async function storedNextNonce(db: Db, key: string): Promise<number | null> {
  const row = await db.selectFrom('server_wallet_nonces').select('next_nonce').where('key', '=', key).executeTakeFirst()
  return row ? num(row.next_nonce) : null
}

export async function storeNextNonce(db: Db, key: string, next: number): Promise<void> {
  await db
    .insertInto('server_wallet_nonces')
    .values({ key, next_nonce: next })
    .onConflict((oc) => oc.column('key').doUpdateSet({ next_nonce: sql`excluded.next_nonce` }))
    .execute()
}
