/**
 * Idempotency of the server-side wallet RPC (issue #29, `privy-idempotency-key`): the first answer
 * to a request with a given key, per app, kept for a bounded time. A row is claimed ('pending')
 * before the call runs, so two instances racing on one key cannot both sign; the answer is written
 * when the call ends. The table and its migration; the queries are services/wallet-idempotency.ts.
 */
import type { Kysely, Migration } from 'kysely'

export interface WalletIdempotencyTable {
  app_id: string
  /** The caller's `privy-idempotency-key`. */
  key: string
  /** SHA-256 (base64url) of the request the key was first used with: method, path, body (RFC 8785). */
  request_digest: string
  /** 'pending' while the first request runs, 'done' once its answer is stored. */
  state: string
  /** The stored answer's HTTP status and JSON body; null while pending. */
  status_code: number | null
  response: string | null
  created_at: number
  expires_at: number
}

export const walletIdempotencyMigrations: Record<string, Migration> = {
  '0043_wallet_idempotency': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('wallet_idempotency')
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('request_digest', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('response', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('wallet_idempotency_pk', ['app_id', 'key'])
        .execute()
      await db.schema.createIndex('wallet_idempotency_expiry').on('wallet_idempotency').column('expires_at').execute()
    },
  },
}
