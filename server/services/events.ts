/**
 * The webhook outbox. `recordEvent` is called inside the transaction of the change it reports (a
 * sign-up, a link, a deletion…), so an event exists exactly when its change committed; the delivery
 * worker (the webhook part) reads `webhook_events` and delivers to each subscribed endpoint.
 */
import type { WEBHOOK_EVENT_TYPES } from '@gatehouse/contract/routes'
import type { Kysely } from 'kysely'
import { randomId } from '../crypto/hash.js'
import { prepare } from '../db/prepared.js'
import type { Database } from '../db/schema.js'

/** The events an endpoint may subscribe to: the contract's list, the one the webhook routes validate. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

// Compiled once: a sign-up writes two events, and building the query costs more than running it.
const insertEvent = prepare<{ id: string; app_id: string; type: string; payload: string; created_at: number }>((db, p) =>
  db.insertInto('webhook_events').values({ id: p('id'), app_id: p('app_id'), type: p('type'), payload: p('payload'), created_at: p('created_at') }),
)

type EventRow = { id: string; app_id: string; type: string; payload: string; created_at: number }
// A sign-up's two events (user.created, user.authenticated) in one statement.
const insertTwoEvents = prepare<Record<`${keyof EventRow}${1 | 2}`, string | number>>((db, p) =>
  db.insertInto('webhook_events').values(
    ([1, 2] as const).map((n) => ({
      id: p(`id${n}`),
      app_id: p(`app_id${n}`),
      type: p(`type${n}`),
      payload: p(`payload${n}`),
      created_at: p(`created_at${n}`),
    })),
  ),
)

let outboxOn = true

/**
 * GATEHOUSE_WEBHOOK_OUTBOX=off (set once per process by main.ts): no event rows at all, for
 * a server whose apps use no webhooks, and the benchmark's baseline for what the outbox costs.
 */
export function setOutboxEnabled(on: boolean): void {
  outboxOn = on
}

/** Writes one event row; returns its id (`msg_…`, the Standard Webhooks `webhook-id`). */
export async function recordEvent(
  db: Kysely<Database>,
  appId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
  now = Date.now(),
): Promise<string> {
  const id = `msg_${randomId()}`
  if (!outboxOn) return id
  await insertEvent(db, { id, app_id: appId, type, payload: JSON.stringify(data), created_at: now })
  return id
}

/** Writes several events of one change in one statement where it can (a sign-up's two); answers their ids. */
export async function recordEvents(
  db: Kysely<Database>,
  appId: string,
  events: [WebhookEventType, Record<string, unknown>][],
  now = Date.now(),
): Promise<string[]> {
  if (events.length !== 2) return Promise.all(events.map(([type, data]) => recordEvent(db, appId, type, data, now)))
  const ids = events.map(() => `msg_${randomId()}`)
  if (!outboxOn) return ids
  const [[type1, data1], [type2, data2]] = events
  await insertTwoEvents(db, {
    id1: ids[0],
    app_id1: appId,
    type1,
    payload1: JSON.stringify(data1),
    created_at1: now,
    id2: ids[1],
    app_id2: appId,
    type2,
    payload2: JSON.stringify(data2),
    created_at2: now,
  })
  return ids
}
