/**
 * What the server-side wallet API keeps (issue #29): the apps' authorization keys (public keys
 * only), each wallet's policy and allowed signers, what was signed per wallet and asset (the daily
 * limits), the signed requests already used (replay), and the next nonce per sending address.
 * The queries are services/server-wallet-store.ts.
 */
import type { Kysely, Migration } from 'kysely'

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
