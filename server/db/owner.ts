/**
 * The app owner's tables shared by several parts of the owner API (issue #27): the audit log
 * (services/audit.ts) and the webhook outbox (services/events.ts). Each part adds its own tables in
 * its own migration; these two are written by changes everywhere, so they come first.
 */
import { PostgresAdapter, type Generated, type Kysely, type Migration } from 'kysely'

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
 * The webhook outbox (0032): one row per change, written in the change's own transaction and
 * carrying all of that change's events (a sign-up's user.created and user.authenticated), each with
 * its own id. The delivery worker moves the rows into `webhook_events` (one row per event) and
 * deletes them, so the table holds only what is not yet fanned out. The row costs a login one
 * appended leaf page: a rowid key and no secondary index.
 */
export interface WebhookOutboxTable {
  seq: Generated<number>
  app_id: string
  /** JSON array of `{ id, type, data }`: the events in the order written. */
  events: string
  /** How many events `events` holds (the queue depth metric counts them without reading JSON). */
  event_count: number
  created_at: number
}

/** One event as the outbox row carries it. */
export interface OutboxEvent {
  id: string
  type: string
  data: Record<string, unknown>
}

/**
 * Events fanned out from the outbox (by the worker, in batches): one row per event, which
 * deliveries, the delivery log and replays point to. Before 0032 the change wrote these rows itself.
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
  '0032_webhook_outbox': {
    async up(db: Kysely<any>) {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter
      // SQLite: `integer primary key` is the rowid itself (no index beside the table, no sqlite_sequence write).
      await db.schema
        .createTable('webhook_outbox')
        .addColumn('seq', postgres ? 'bigserial' : 'integer', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('event_count', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      // Events written before, not yet fanned out: into the outbox, in the order written, keeping their ids.
      const pending = await db
        .selectFrom('webhook_events')
        .select(['id', 'app_id', 'type', 'payload', 'created_at'])
        .where('dispatched_at', 'is', null)
        .orderBy('created_at')
        .execute()
      for (const e of pending) {
        const events: OutboxEvent[] = [{ id: e.id, type: e.type, data: JSON.parse(e.payload) }]
        await db
          .insertInto('webhook_outbox')
          .values({ app_id: e.app_id, events: JSON.stringify(events), event_count: 1, created_at: e.created_at })
          .execute()
      }
      if (pending.length > 0) await db.deleteFrom('webhook_events').where('dispatched_at', 'is', null).execute()
      // Nothing reads events by app and time (deliveries, the log and replays go by event id; retention by dispatch time).
      await db.schema.dropIndex('webhook_events_app_time').execute()
    },
  },
}
