/**
 * What GET /metrics reports of the webhook queue (services/metrics.ts): one small function, so the
 * queries follow the webhook tables (db/webhooks.ts) without touching the metrics. Both counts are
 * read on indexes (`webhook_events_dispatch`, `webhook_deliveries_due`), so a scrape stays cheap.
 */
import type { Db } from './schema.js'

export interface WebhookQueueStats {
  /** Events not yet fanned out to their endpoints, plus deliveries still owed (due or being attempted). */
  queued: number
  /** Deliveries given up after every retry. */
  failed: number
}

export async function webhookQueueStats(db: Db): Promise<WebhookQueueStats> {
  const [events, pending, failed] = await Promise.all([
    db
      .selectFrom('webhook_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('dispatched_at', 'is', null)
      .executeTakeFirst(),
    db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirst(),
    db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'failed')
      .executeTakeFirst(),
  ])
  return { queued: Number(events?.n ?? 0) + Number(pending?.n ?? 0), failed: Number(failed?.n ?? 0) }
}
