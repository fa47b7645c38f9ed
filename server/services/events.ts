/**
 * The webhook outbox. `recordEvent(s)` is called inside the transaction of the change it reports (a
 * sign-up, a link, a deletion…), so an event exists exactly when its change committed. A call
 * writes ONE `webhook_outbox` row carrying all the events it is given, each with its own id (the
 * Standard Webhooks `webhook-id`); the delivery worker (services/webhook-worker.ts) fans the row out
 * into one `webhook_events` row per event and one delivery per subscribed endpoint, in batches.
 * Why one row: the outbox's share of a login is what the row costs the change's transaction, and
 * an appended row on a table with no secondary index is the least a durable event can cost.
 */
import type { WEBHOOK_EVENT_TYPES } from '@gatehouse/contract/routes'
import type { Kysely } from 'kysely'
import { randomId } from '../crypto/hash.js'
import type { OutboxEvent, WebhookEventsTable } from '../db/owner.js'
import { prepare } from '../db/prepared.js'
import type { Database } from '../db/schema.js'

/** The events an endpoint may subscribe to: the contract's list, the one the webhook routes validate. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

// Compiled once: every login writes one.
const insertOutbox = prepare<{ app_id: string; events: string; event_count: number; created_at: number }>((db, p) =>
  db.insertInto('webhook_outbox').values({ app_id: p('app_id'), events: p('events'), event_count: p('event_count'), created_at: p('created_at') }),
)

let outboxOn = true

/**
 * GATEHOUSE_WEBHOOK_OUTBOX=off (set once per process by main.ts): no event rows at all, for
 * a server whose apps use no webhooks, and the benchmark's baseline for what the outbox costs.
 */
export function setOutboxEnabled(on: boolean): void {
  outboxOn = on
}

/** Writes one event; returns its id (`msg_…`, the Standard Webhooks `webhook-id`). */
export async function recordEvent(
  db: Kysely<Database>,
  appId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
  now = Date.now(),
): Promise<string> {
  return (await recordEvents(db, appId, [[type, data]], now))[0]
}

/** Writes the events of one change as one outbox row; answers their ids, in order. */
export async function recordEvents(
  db: Kysely<Database>,
  appId: string,
  events: [WebhookEventType, Record<string, unknown>][],
  now = Date.now(),
): Promise<string[]> {
  const rows: OutboxEvent[] = events.map(([type, data]) => ({ id: `msg_${randomId()}`, type, data }))
  if (outboxOn && rows.length > 0) await insertOutbox(db, { app_id: appId, events: JSON.stringify(rows), event_count: rows.length, created_at: now })
  return rows.map((r) => r.id)
}

/** An outbox row's events as `webhook_events` rows (the worker's fan-out, and readers of both). */
export function outboxEventRows(row: { app_id: string; events: string; created_at: number }): Omit<WebhookEventsTable, 'dispatched_at'>[] {
  return (JSON.parse(row.events) as OutboxEvent[]).map((e) => ({
    id: e.id,
    app_id: row.app_id,
    type: e.type,
    payload: JSON.stringify(e.data),
    created_at: Number(row.created_at),
  }))
}

/**
 * Every event of an app (or of all apps) in the order written, whether the worker has fanned it out
 * yet or not: `webhook_events` rows, then what the outbox still holds. For tests and tools.
 */
export async function listEvents(db: Kysely<Database>, appId?: string): Promise<Omit<WebhookEventsTable, 'dispatched_at'>[]> {
  let done = db.selectFrom('webhook_events').select(['id', 'app_id', 'type', 'payload', 'created_at']).orderBy('created_at')
  let pending = db.selectFrom('webhook_outbox').select(['app_id', 'events', 'created_at']).orderBy('seq')
  if (appId !== undefined) {
    done = done.where('app_id', '=', appId)
    pending = pending.where('app_id', '=', appId)
  }
  const [fannedOut, outbox] = await Promise.all([done.execute(), pending.execute()])
  const rows = [...fannedOut.map((r) => ({ ...r, created_at: Number(r.created_at) })), ...outbox.flatMap(outboxEventRows)]
  // Stable: events of one time keep their written order.
  return rows.sort((a, b) => a.created_at - b.created_at)
}
