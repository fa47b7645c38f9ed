/**
 * Webhook endpoints and their deliveries (issue #27 point 4; services/webhooks.ts). The outbox
 * itself (`webhook_events`) is the groundwork's (db/owner.ts): this migration only adds the mark the
 * worker sets once an event was fanned out into deliveries.
 */
import type { Kysely, Migration } from 'kysely'

/** One endpoint of an app: where events go, which ones, signed with which secret. */
export interface WebhookEndpointsTable {
  id: string
  app_id: string
  url: string
  description: string
  /** JSON array of the event types it subscribes to. */
  events: string
  /** `whsec_…`, sealed under the server secret when one is configured (services/webhooks.ts). */
  secret: string
  /** The secret before the last rotation: it keeps signing beside the new one until `previous_secret_expires_at`. */
  previous_secret: string | null
  previous_secret_expires_at: number | null
  enabled: number
  /** Why the server disabled the endpoint (failing for days); null when enabled or disabled by the owner. */
  disabled_reason: string | null
  /** Since when every attempt failed; null after a success. */
  failing_since: number | null
  created_at: number
  updated_at: number
}

/** One event to one endpoint (a replay is another round of the same pair). */
export interface WebhookDeliveriesTable {
  id: string
  app_id: string
  endpoint_id: string
  event_id: string
  round: number
  /** 'pending' (due at next_attempt_at, or being attempted under a lease) | 'succeeded' | 'failed' */
  status: string
  attempts: number
  next_attempt_at: number | null
  /** A worker holds the delivery until then; a crashed worker's lease runs out and another takes it. */
  lease_until: number | null
  lease_owner: string | null
  last_status_code: number | null
  last_latency_ms: number | null
  last_error: string | null
  created_at: number
  updated_at: number
  delivered_at: number | null
}

/** One HTTP attempt of a delivery. */
export interface WebhookAttemptsTable {
  id: string
  delivery_id: string
  endpoint_id: string
  attempt: number
  status_code: number | null
  latency_ms: number
  error: string | null
  created_at: number
}

export const webhookMigrations: Record<string, Migration> = {
  '0030_webhooks': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('webhook_events').addColumn('dispatched_at', 'bigint').execute()
      await db.schema.createIndex('webhook_events_dispatch').on('webhook_events').columns(['dispatched_at', 'created_at']).execute()
      await db.schema
        .createTable('webhook_endpoints')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('previous_secret', 'text')
        .addColumn('previous_secret_expires_at', 'bigint')
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('disabled_reason', 'text')
        .addColumn('failing_since', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('webhook_endpoints_app').on('webhook_endpoints').column('app_id').execute()
      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('endpoint_id', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('round', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', 'bigint')
        .addColumn('lease_until', 'bigint')
        .addColumn('lease_owner', 'text')
        .addColumn('last_status_code', 'integer')
        .addColumn('last_latency_ms', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('delivered_at', 'bigint')
        .execute()
      // A fan-out done twice (two workers, a crash between insert and mark) adds nothing the second time.
      await db.schema.createIndex('webhook_deliveries_once').on('webhook_deliveries').columns(['event_id', 'endpoint_id', 'round']).unique().execute()
      await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute()
      await db.schema.createIndex('webhook_deliveries_log').on('webhook_deliveries').columns(['endpoint_id', 'created_at']).execute()
      await db.schema
        .createTable('webhook_attempts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('delivery_id', 'text', (c) => c.notNull())
        .addColumn('endpoint_id', 'text', (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('latency_ms', 'integer', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('webhook_attempts_delivery').on('webhook_attempts').column('delivery_id').execute()
    },
  },
}
