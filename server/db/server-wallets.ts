/**
 * What the server-side wallet API keeps (issue #29): the apps' authorization keys (public keys
 * only), each wallet's policy and allowed signers, what was signed per wallet and asset (the daily
 * limits), the signed requests already used (replay), and the next nonce per sending address.
 */
import { sql, type Kysely, type Migration } from 'kysely'
import type { Db } from './schema.js'

/** A P-256 public key an app registered: a request signed by its private key may use the server-side wallet API. */
export interface AuthorizationKeysTable {
  id: string
  app_id: string
  /** Base64 of the DER SubjectPublicKeyInfo. */
  public_key: string
  label: string | null
  /** JSON array of wallet ids the key is limited to; null = every wallet of the app. */
  wallet_ids: string | null
  created_at: number
  revoked_at: number | null
}

/** A wallet's policy (JSON, the contract's walletPolicySchema; null = deny all) and allowed signers (JSON array of key ids). */
export interface WalletPoliciesTable {
  wallet_id: string
  app_id: string
  policy: string | null
  additional_signers: string
  updated_at: number
}

/** What the server signed for a wallet: one row per asset moved ('native:<chain>', 'erc20:<chain>:<token>', 'lamports'). */
export interface WalletUsageTable {
  id: string
  app_id: string
  wallet_id: string
  asset: string
  /** Base units, decimal string (wei and token amounts overflow 64 bits). */
  amount: string
  created_at: number
}

/** A signed request already used: its signature's digest, kept until the request would have expired anyway. */
export interface AuthorizationReplaysTable {
  digest: string
  expires_at: number
}

/** The next nonce the server uses for an address on a chain (`<chainId>:<address>`), advanced under the wallet's lock. */
export interface ServerWalletNoncesTable {
  key: string
  next_nonce: number
}

export const serverWalletMigrations: Record<string, Migration> = {
  '0036_server_wallets': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('authorization_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('label', 'text')
        .addColumn('wallet_ids', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute()
      await db.schema.createIndex('authorization_keys_app').on('authorization_keys').columns(['app_id', 'revoked_at']).execute()
      await db.schema
        .createTable('wallet_policies')
        .addColumn('wallet_id', 'text', (c) => c.primaryKey().references('linked_accounts.id').onDelete('cascade'))
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('policy', 'text')
        .addColumn('additional_signers', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('wallet_usage')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('wallet_id', 'text', (c) => c.notNull())
        .addColumn('asset', 'text', (c) => c.notNull())
        .addColumn('amount', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('wallet_usage_wallet').on('wallet_usage').columns(['wallet_id', 'created_at']).execute()
      await db.schema
        .createTable('authorization_replays')
        .addColumn('digest', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('server_wallet_nonces')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('next_nonce', 'bigint', (c) => c.notNull())
        .execute()
    },
  },
}

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
