/**
 * The webhook delivery worker: runs in every server process (main.ts starts it), and any number of
 * them may share one database.
 *
 * 1. Fan-out: rows of the outbox (`webhook_outbox`, one per change, written in the change's
 *    transaction) become one `webhook_events` row per event and one delivery per subscribed
 *    endpoint, and are deleted, in one transaction (PostgreSQL: the rows are claimed `FOR UPDATE
 *    SKIP LOCKED`; a unique index on event × endpoint × round makes a repeated fan-out add nothing).
 * 2. Claim: due deliveries get a lease (a conditional UPDATE that only takes rows whose lease is
 *    free or ran out; PostgreSQL also skips rows another worker is claiming this instant). A worker
 *    that dies holding leases only delays those deliveries until the lease runs out.
 * 3. Attempt: one signed POST with a timeout; its result is recorded (attempt row, delivery status,
 *    next attempt by exponential back-off over about a day, the endpoint's failing streak).
 */
import { sql } from 'kysely'
import type { WebhookConfig } from '../config.js'
import { randomId } from '../crypto/hash.js'
import { webhookHeaders } from '../crypto/webhook-signature.js'
import { prepare } from '../db/prepared.js'
import type { Db } from '../db/schema.js'
import type { WebhookEndpointsTable } from '../db/webhooks.js'
import { outboxEventRows } from './events.js'
import { postWebhook } from './webhook-post.js'

/** Wait after the nth failed attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (about 28 h in all, then the delivery fails). */
export const RETRY_SCHEDULE_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000, 10 * 3600_000]
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length + 1
/** Deliveries one worker attempts at once. */
const BATCH = 64
const FAN_OUT_BATCH = 500
/** What an attempt keeps of an error message. */
const ERROR_LENGTH = 300

export interface WebhookWorkerDeps {
  db: Db
  dialect: 'sqlite' | 'postgres'
  config: WebhookConfig
  now: () => number
  /** The secrets that sign for an endpoint right now (the current one, and the previous one during rotation). */
  secrets: (endpoint: WebhookEndpointsTable, t: number) => string[]
  log: { warn(details: object, message: string): void }
}

/** A claimed delivery with what its attempt needs. */
export interface ClaimedDelivery {
  id: string
  endpoint_id: string
  event_id: string
  attempts: number
  lease_owner: string
  event_type: string
  event_payload: string
  event_created_at: number
  endpoint: WebhookEndpointsTable
}

/** What one attempt came to. */
interface AttemptResult {
  c: ClaimedDelivery
  /** When it started. */
  t: number
  statusCode: number | null
  latencyMs: number
  /** null: a 2xx answer. */
  error: string | null
}

// Fixed shape, compiled once: a round updates every delivery it attempted.
const updateDelivery = prepare<{
  id: string
  status: string
  attempts: number
  next_attempt_at: number | null
  last_status_code: number | null
  last_latency_ms: number
  last_error: string | null
  updated_at: number
  delivered_at: number | null
}>((db, p) =>
  db
    .updateTable('webhook_deliveries')
    .set({
      status: p('status'),
      attempts: p('attempts'),
      next_attempt_at: p('next_attempt_at'),
      lease_until: null,
      lease_owner: null,
      last_status_code: p('last_status_code'),
      last_latency_ms: p('last_latency_ms'),
      last_error: p('last_error'),
      updated_at: p('updated_at'),
      delivered_at: p('delivered_at'),
    })
    .where('id', '=', p('id')),
)

/** The body of an event as POSTed: `{ type, timestamp, data }` (data is stored as JSON already). */
export function eventBody(type: string, createdAt: number, payload: string): string {
  return `{"type":${JSON.stringify(type)},"timestamp":"${new Date(Number(createdAt)).toISOString()}","data":${payload}}`
}

export class WebhookWorker {
  private running = false
  private loop: Promise<void> | null = null
  private wake: (() => void) | null = null
  private stopping = new AbortController()

  constructor(private readonly deps: WebhookWorkerDeps) {}

  /** Starts polling (idempotent). */
  start(): void {
    if (this.loop) return
    this.running = true
    this.stopping = new AbortController()
    this.loop = this.run()
  }

  /** Stops polling; attempts in flight are aborted and their leases released, so another worker takes them at once. */
  async stop(): Promise<void> {
    this.running = false
    this.stopping.abort()
    this.wake?.()
    await this.loop
    this.loop = null
  }

  /**
   * The polling loop: up to BATCH attempts in flight, topped up as they finish, so one endpoint that
   * hangs until the timeout holds one slot, not the others' deliveries. Results are recorded in
   * batches (one transaction for whatever finished since the last write).
   */
  private async run(): Promise<void> {
    const inflight = new Set<Promise<void>>()
    const finished: AttemptResult[] = []
    let settled: () => void = () => undefined
    const flush = async () => {
      if (finished.length === 0) return
      const batch = finished.splice(0)
      // Not recorded (the database away a moment): the leases run out and the deliveries go again.
      await this.record(batch).catch((error) => this.deps.log.warn({ err: error }, 'webhook worker: recording failed'))
    }
    while (this.running) {
      let claimed: ClaimedDelivery[] = []
      let dispatched = 0
      try {
        dispatched = await this.dispatch()
        if (inflight.size < BATCH) claimed = await this.claim(BATCH - inflight.size)
      } catch (error) {
        this.deps.log.warn({ err: error }, 'webhook worker: round failed')
      }
      for (const c of claimed) {
        const attempt: Promise<void> = this.attempt(c)
          .then((result) => void (result && finished.push(result)))
          .catch((error) => this.deps.log.warn({ err: error }, 'webhook worker: attempt failed'))
          .finally(() => {
            inflight.delete(attempt)
            settled()
          })
        inflight.add(attempt)
      }
      await flush()
      if (claimed.length > 0 || dispatched > 0 || !this.running) continue
      // Idle, or every slot taken: wait for an attempt to finish, the poll interval, or stop().
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.deps.config.pollMs)
        const wake = () => {
          clearTimeout(timer)
          resolve()
        }
        this.wake = wake
        if (inflight.size > 0) settled = wake
      })
      this.wake = null
      settled = () => undefined
    }
    await Promise.all(inflight)
    await flush()
  }

  /** One round: fan out new events, then attempt the due deliveries. Answers how much it did (0: idle). */
  async tick(): Promise<number> {
    const dispatched = await this.dispatch()
    const claimed = await this.claim(BATCH)
    await this.deliver(claimed)
    return dispatched + claimed.length
  }

  /**
   * Fans out up to `limit` outbox rows (changes): their events become `webhook_events` rows and one
   * delivery per enabled endpoint subscribed to them, and the outbox rows go, in one transaction.
   * Answers how many events it fanned out.
   */
  async dispatch(limit = FAN_OUT_BATCH): Promise<number> {
    const { db, dialect, now } = this.deps
    return db.transaction().execute(async (trx) => {
      let pick = trx.selectFrom('webhook_outbox').select(['seq', 'app_id', 'events', 'created_at']).orderBy('seq').limit(limit)
      // Another worker's rows are skipped, never waited for: each change is fanned out by one worker.
      if (dialect === 'postgres') pick = pick.forUpdate().skipLocked()
      const outbox = await pick.execute()
      if (outbox.length === 0) return 0
      const t = now()
      const events = outbox.flatMap(outboxEventRows)
      const appIds = [...new Set(events.map((e) => e.app_id))]
      const endpoints = await trx
        .selectFrom('webhook_endpoints')
        .select(['id', 'app_id', 'events'])
        .where('app_id', 'in', appIds)
        .where('enabled', '=', 1)
        .execute()
      const subscribed = endpoints.map((e) => ({ ...e, types: new Set(JSON.parse(e.events) as string[]) }))
      const rows = events.flatMap((event) =>
        subscribed
          .filter((e) => e.app_id === event.app_id && e.types.has(event.type))
          .map((e) => ({
            id: randomId(),
            app_id: event.app_id,
            endpoint_id: e.id,
            event_id: event.id,
            round: 0,
            status: 'pending',
            attempts: 0,
            next_attempt_at: t,
            created_at: t,
            updated_at: t,
          })),
      )
      for (let i = 0; i < events.length; i += 100) {
        await trx
          .insertInto('webhook_events')
          .values(events.slice(i, i + 100).map((e) => ({ ...e, dispatched_at: t })))
          .onConflict((oc) => oc.column('id').doNothing())
          .execute()
      }
      for (let i = 0; i < rows.length; i += 100) {
        await trx
          .insertInto('webhook_deliveries')
          .values(rows.slice(i, i + 100))
          .onConflict((oc) => oc.columns(['event_id', 'endpoint_id', 'round']).doNothing())
          .execute()
      }
      const seqs = outbox.map((o) => o.seq)
      for (let i = 0; i < seqs.length; i += 500) {
        await trx
          .deleteFrom('webhook_outbox')
          .where('seq', 'in', seqs.slice(i, i + 500))
          .execute()
      }
      return events.length
    })
  }

  /** Leases up to `limit` due deliveries to this worker (or only `onlyId`). */
  async claim(limit: number, onlyId?: string): Promise<ClaimedDelivery[]> {
    const { db, dialect, now, config } = this.deps
    const t = now()
    const owner = randomId()
    let due = db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', t)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', t)]))
      .orderBy('next_attempt_at')
      .limit(limit)
    if (onlyId) due = due.where('id', '=', onlyId)
    if (dialect === 'postgres') due = due.forUpdate().skipLocked()
    // The outer conditions again: on PostgreSQL a row another worker leased meanwhile is re-checked against them.
    const leased = await db
      .updateTable('webhook_deliveries')
      .set({ lease_until: t + config.leaseMs, lease_owner: owner })
      .where('id', 'in', due)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', t)]))
      .executeTakeFirst()
    if (Number(leased.numUpdatedRows) === 0) return []
    return this.loadClaimed(owner)
  }

  /** The deliveries `owner` holds, with their event and endpoint. */
  async loadClaimed(owner: string): Promise<ClaimedDelivery[]> {
    const rows = await this.deps.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .innerJoin('webhook_endpoints as p', 'p.id', 'd.endpoint_id')
      .selectAll('p')
      .select([
        'd.id as d_id',
        'd.event_id as d_event_id',
        'd.attempts as d_attempts',
        'e.type as e_type',
        'e.payload as e_payload',
        'e.created_at as e_created_at',
      ])
      .where('d.lease_owner', '=', owner)
      .execute()
    return rows.map(({ d_id, d_event_id, d_attempts, e_type, e_payload, e_created_at, ...endpoint }) => ({
      id: d_id,
      endpoint_id: endpoint.id,
      event_id: d_event_id,
      attempts: Number(d_attempts),
      lease_owner: owner,
      event_type: e_type,
      event_payload: e_payload,
      event_created_at: Number(e_created_at),
      endpoint,
    }))
  }

  /** Attempts the claimed deliveries at once, then records every result in one transaction. */
  async deliver(claimed: ClaimedDelivery[]): Promise<void> {
    const results = await Promise.all(claimed.map((c) => this.attempt(c)))
    await this.record(results.filter((r): r is AttemptResult => r !== null))
  }

  /** One POST of a claimed delivery; null when there was nothing to attempt (endpoint disabled, worker stopping). */
  private async attempt(c: ClaimedDelivery): Promise<AttemptResult | null> {
    const { db, now, config, secrets } = this.deps
    const t = now()
    if (!Number(c.endpoint.enabled)) {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', next_attempt_at: null, lease_until: null, lease_owner: null, last_error: 'The endpoint is disabled', updated_at: t })
        .where('id', '=', c.id)
        .where('lease_owner', '=', c.lease_owner)
        .execute()
      return null
    }
    const body = eventBody(c.event_type, c.event_created_at, c.event_payload)
    const headers = webhookHeaders(secrets(c.endpoint, t), c.event_id, Math.floor(t / 1000), body)
    const started = performance.now()
    let statusCode: number | null = null
    let error: string | null = null
    try {
      const signal = AbortSignal.any([AbortSignal.timeout(config.timeoutMs), this.stopping.signal])
      statusCode = await postWebhook(c.endpoint.url, { ...headers, 'content-type': 'application/json', 'user-agent': 'Gatehouse-Webhooks/1' }, body, signal)
      if (statusCode < 200 || statusCode > 299) error = `HTTP ${statusCode}`
    } catch (caught) {
      if (this.stopping.signal.aborted) {
        await this.release(c)
        return null
      }
      const e = caught as Error & { code?: string }
      error = e?.name === 'TimeoutError' ? `Timed out after ${config.timeoutMs} ms` : [e?.code, e?.message].filter(Boolean).join(': ') || String(caught)
    }
    return { c, t, statusCode, latencyMs: Math.round(performance.now() - started), error: error?.slice(0, ERROR_LENGTH) ?? null }
  }

  private async release(c: ClaimedDelivery): Promise<void> {
    await this.deps.db
      .updateTable('webhook_deliveries')
      .set({ lease_until: null, lease_owner: null })
      .where('id', '=', c.id)
      .where('lease_owner', '=', c.lease_owner)
      .execute()
  }

  /** Every result of a round: attempt rows, delivery states, and each endpoint's failing streak (disabled after days). */
  private async record(results: AttemptResult[]): Promise<void> {
    if (results.length === 0) return
    const { db, now, config } = this.deps
    const done = now()
    await db.transaction().execute(async (trx) => {
      const attempts = results.map(({ c, t, statusCode, latencyMs, error }) => ({
        id: randomId(),
        delivery_id: c.id,
        endpoint_id: c.endpoint_id,
        attempt: c.attempts + 1,
        status_code: statusCode,
        latency_ms: latencyMs,
        error,
        created_at: t,
      }))
      for (let i = 0; i < attempts.length; i += 100)
        await trx
          .insertInto('webhook_attempts')
          .values(attempts.slice(i, i + 100))
          .execute()
      for (const { c, statusCode, latencyMs, error } of results) {
        const attempt = c.attempts + 1
        const ok = error === null
        const status = ok ? 'succeeded' : attempt >= MAX_ATTEMPTS ? 'failed' : 'pending'
        await updateDelivery(trx, {
          id: c.id,
          status,
          attempts: attempt,
          next_attempt_at: status === 'pending' ? done + RETRY_SCHEDULE_MS[attempt - 1] : null,
          last_status_code: statusCode,
          last_latency_ms: latencyMs,
          last_error: error,
          updated_at: done,
          delivered_at: ok ? done : null,
        })
      }
      // Per endpoint: a success ends its failing streak; a failure starts one, or disables it once the streak is days old.
      const byEndpoint = new Map<string, AttemptResult[]>()
      for (const r of results) byEndpoint.set(r.c.endpoint_id, [...(byEndpoint.get(r.c.endpoint_id) ?? []), r])
      for (const [endpointId, rs] of byEndpoint) {
        const endpoint = rs[0].c.endpoint
        if (rs.some((r) => r.error === null)) {
          if (endpoint.failing_since !== null) {
            await trx
              .updateTable('webhook_endpoints')
              .set({ failing_since: null })
              .where('id', '=', endpointId)
              .where('failing_since', 'is not', null)
              .execute()
          }
          continue
        }
        const t = Math.min(...rs.map((r) => r.t))
        if (endpoint.failing_since === null) {
          await trx.updateTable('webhook_endpoints').set({ failing_since: t }).where('id', '=', endpointId).where('failing_since', 'is', null).execute()
          continue
        }
        const since = Number(endpoint.failing_since)
        if (done - since < config.disableAfterMs) continue
        const reason = `Disabled on ${new Date(done).toISOString()}: every delivery failed since ${new Date(since).toISOString()} (last: ${rs[rs.length - 1].error})`
        await trx
          .updateTable('webhook_endpoints')
          .set({ enabled: 0, disabled_reason: reason, updated_at: done })
          .where('id', '=', endpointId)
          .where('enabled', '=', 1)
          .where('failing_since', '<=', done - config.disableAfterMs)
          .execute()
      }
    })
  }

  /** Deletes finished deliveries, their attempts and dispatched events older than `cutoff`. */
  async deleteOlderThan(cutoff: number): Promise<void> {
    const { db } = this.deps
    const old = db.selectFrom('webhook_deliveries').select('id').where('status', '!=', 'pending').where('updated_at', '<', cutoff)
    await db.deleteFrom('webhook_attempts').where('delivery_id', 'in', old).execute()
    await db.deleteFrom('webhook_deliveries').where('status', '!=', 'pending').where('updated_at', '<', cutoff).execute()
    await db
      .deleteFrom('webhook_events')
      .where('dispatched_at', 'is not', null)
      .where('created_at', '<', cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('webhook_deliveries as d')
              .select(sql`1`.as('one'))
              .whereRef('d.event_id', '=', 'webhook_events.id'),
          ),
        ),
      )
      .execute()
  }
}
