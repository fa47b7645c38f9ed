/**
 * Delegated wallets (issue 29, SECURITY.md "Delegated actions"): one row per wallet whose user
 * enabled offline access, holding the secret's device share sealed (HPKE) to the signing service's
 * key. The HTTP process cannot open it. Revoking deletes the rows: nothing else keeps the share.
 * The table and its migration; the queries are in delegated-wallets.ts (schema.ts imports this file).
 */
import type { Kysely, Migration } from 'kysely'

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
