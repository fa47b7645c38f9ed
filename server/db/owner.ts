/**
 * The app owner's tables shared by several parts of the owner API (issue #27): the audit log
 * (services/audit.ts) and the webhook outbox (services/events.ts). Each part adds its own tables in
 * its own migration; these two are written by changes everywhere, so they come first.
 */
import type { Kysely, Migration } from 'kysely'

/** One append-only audit row: who did what to which app/user, from where (services/audit.ts). */
export interface AuditLogTable {
  id: string
  app_id: string | null
  /** 'admin_token' | 'app_secret' | 'operator' | 'user' | 'system' */
  actor_type: string
  /** The app secret's id, the operator's user id, the user's id; null for the admin token and the system. */
  actor_id: string | null
  /** Dotted action name, e.g. 'app.update', 'user.delete', 'session.revoke', 'wallet.export'. */
  action: string
  /** The user the action concerns, when it concerns one. */
  user_id: string | null
  /** JSON: action-specific details (before → after for settings, secrets masked). */
  details: string | null
  ip: string | null
  created_at: number
  /** An operator's e-mail at the time of the change (0033); null for other actors. */
  actor_email?: string | null
}

/**
 * The webhook outbox: one row per event, written in the same transaction as the change it reports
 * (services/events.ts). Delivery (per endpoint attempts) lives in the webhook part's own tables.
 */
export interface WebhookEventsTable {
  id: string
  app_id: string
  type: string
  /** JSON: the event's `data` object. */
  payload: string
  created_at: number
  /** When the webhook worker fanned it out into deliveries (0030_webhooks); null until then. */
  dispatched_at?: number | null
}

export const ownerMigrations: Record<string, Migration> = {
  '0027_owner_api': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text')
        .addColumn('actor_type', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('details', 'text')
        .addColumn('ip', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('audit_log_app_time').on('audit_log').columns(['app_id', 'created_at']).execute()
      await db.schema
        .createTable('webhook_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('webhook_events_app_time').on('webhook_events').columns(['app_id', 'created_at']).execute()
    },
  },
}
