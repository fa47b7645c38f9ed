/**
 * What GET /metrics reports of the webhook queue (services/metrics.ts): one small function, so the
 * queries follow the webhook tables (db/webhooks.ts) without touching the metrics. Both counts are
 * read small: the outbox holds only what is not yet fanned out, and the deliveries are read on
 * `webhook_deliveries_due`, so a scrape stays cheap.
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
      .selectFrom('webhook_outbox')
      .select((eb) => eb.fn.sum<number>('event_count').as('n'))
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
