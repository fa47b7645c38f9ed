/**
 * Delegated wallets (issue 29, SECURITY.md "Delegated actions"): one row per wallet whose user
 * enabled offline access, holding the secret's device share sealed (HPKE) to the signing service's
 * key. The HTTP process cannot open it. Revoking deletes the rows: nothing else keeps the share.
 */
import type { Kysely, Migration } from 'kysely'
import type { Db } from './schema.js'

export interface DelegatedWalletsTable {
  /** The wallet's id (its linked account's id, the API's `wallet_id`). */
  wallet_id: string
  app_id: string
  user_id: string
  entropy_id: string
  address: string
  chain_type: string
  wallet_index: number
  /** 1 for an imported key. */
  imported: number
  /** The split the sealed share belongs to: a later split (new recovery method) makes the row useless. */
  share_set: string
  /** JSON `{ enc, ct }` (base64): HPKE-sealed device share, `info` = delegationInfo(...). */
  sealed_share: string
  /** Which signer key it is sealed to (base64url SHA-256 of its public key). */
  signer_key_id: string
  created_at: number
}

export function findDelegatedWallet(db: Db, appId: string, walletId: string): Promise<DelegatedWalletsTable | undefined> {
  return db.selectFrom('delegated_wallets').selectAll().where('app_id', '=', appId).where('wallet_id', '=', walletId).executeTakeFirst()
}

export function listDelegatedWallets(db: Db, appId: string, userId: string): Promise<DelegatedWalletsTable[]> {
  return db.selectFrom('delegated_wallets').selectAll().where('app_id', '=', appId).where('user_id', '=', userId).execute()
}

/** Replaces the row of the same wallet (delegating again after a new split seals the new share). */
export async function upsertDelegatedWallet(db: Db, row: DelegatedWalletsTable): Promise<void> {
  await db.deleteFrom('delegated_wallets').where('wallet_id', '=', row.wallet_id).execute()
  await db.insertInto('delegated_wallets').values(row).execute()
}

export async function deleteDelegatedWallets(db: Db, appId: string, userId: string): Promise<number> {
  const result = await db.deleteFrom('delegated_wallets').where('app_id', '=', appId).where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows)
}

export const delegationMigrations: Record<string, Migration> = {
  '0035_delegated_wallets': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('delegated_wallets')
        .addColumn('wallet_id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('entropy_id', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('chain_type', 'text', (c) => c.notNull())
        .addColumn('wallet_index', 'integer', (c) => c.notNull())
        .addColumn('imported', 'integer', (c) => c.notNull())
        .addColumn('share_set', 'text', (c) => c.notNull())
        .addColumn('sealed_share', 'text', (c) => c.notNull())
        .addColumn('signer_key_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('delegated_wallets_user').on('delegated_wallets').columns(['app_id', 'user_id']).execute()
    },
  },
}
