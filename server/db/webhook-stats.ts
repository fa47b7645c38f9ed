/**
 * What GET /metrics reports of the webhook queue (services/metrics.ts): one small function, so the
 * queries can follow the webhook part's tables without touching the metrics.
 *
 * Today only the outbox (`webhook_events`, 0027) exists: every event row counts as queued and no
 * failure can be told. Once the delivery table lands, `queued` counts the deliveries not yet
 * delivered nor given up, and `failed` the attempts that failed (or the deliveries given up).
 */
import type { Db } from './schema.js'

export interface WebhookQueueStats {
  /** Events (later: deliveries) waiting to be delivered. */
  queued: number
  /** Failed deliveries so far. */
  failed: number
}

export async function webhookQueueStats(db: Db): Promise<WebhookQueueStats> {
  const row = await db
    .selectFrom('webhook_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst()
  return { queued: Number(row?.n ?? 0), failed: 0 }
}
