/**
 * Who may call the app owner's API (services/owner-auth.ts) and what the owner sees of sessions:
 * app secrets (only their SHA-256 is stored), operator roles per app for the console, and the
 * session columns an owner lists (user agent, client address; the last refresh is the newest
 * refresh token's time, so a refresh costs no extra write).
 */
import type { Kysely, Migration } from 'kysely'

/** An app secret: a backend's credential for its own app (`Authorization: Basic appId:secret`). */
export interface AppSecretsTable {
  id: string
  app_id: string
  /** SHA-256 (hex) of the secret: it is random and long, so a plain hash suffices (like refresh tokens). */
  secret_hash: string
  /** The secret's last 4 characters, to tell secrets apart in a listing. */
  last4: string
  created_at: number
  last_used_at: number | null
  revoked_at: number | null
}

/** A console operator's role in one app: `user_id` is a user of the console app (GATEHOUSE_CONSOLE_APP_ID). */
export interface OperatorRolesTable {
  app_id: string
  user_id: string
  /** 'owner' | 'admin' | 'viewer' */
  role: string
  created_at: number
}

export const ownerAccessMigrations: Record<string, Migration> = {
  '0028_owner_access': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('app_secrets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
        .addColumn('last4', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute()
      await db.schema.createIndex('app_secrets_app').on('app_secrets').columns(['app_id', 'created_at']).execute()
      await db.schema
        .createTable('operator_roles')
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('operator_roles_pk', ['app_id', 'user_id'])
        .execute()
      await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute()
      await db.schema.alterTable('sessions').addColumn('ip', 'text').execute()
      await db.schema.createIndex('audit_log_time').on('audit_log').column('created_at').execute()
    },
  },
}
