/**
 * Webhook endpoints of an app and their delivery log (issue #27 point 4). Events come from the
 * outbox (services/events.ts); the worker (webhook-worker.ts) delivers them. Secrets are Standard
 * Webhooks secrets (`whsec_…`), sealed at rest under GATEHOUSE_SECRET when one is configured; after
 * a rotation the previous secret signs beside the new one for ROTATION_OVERLAP_MS, so a receiver
 * can switch without losing a message.
 */
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '@gatehouse/contract/routes'
import { randomId } from '../crypto/hash.js'
import { ShareBox } from '../crypto/share-box.js'
import { newWebhookSecret } from '../crypto/webhook-signature.js'
import type { Db } from '../db/schema.js'
import type { WebhookEventType } from './events.js'
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../db/webhooks.js'
import { ApiError } from '../errors.js'
import { eventBody, WebhookWorker, type WebhookWorkerDeps } from './webhook-worker.js'

/** How long the secret before a rotation keeps signing. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000
/** Delivery log rows (and delivered events) older than this are swept. */
export const WEBHOOK_RETENTION_MS = 30 * 24 * 3600_000
export const MAX_ENDPOINTS_PER_APP = 20

export interface EndpointInput {
  url?: string
  description?: string
  events?: readonly string[]
  enabled?: boolean
}

export interface WebhookServiceDeps extends Omit<WebhookWorkerDeps, 'secrets'> {
  /** GATEHOUSE_SECRET: seals the endpoint secrets; null keeps them in clear (tests, experiments), like the app settings. */
  secret: string | null
  dev: boolean
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString())

export function endpointView(row: WebhookEndpointsTable, t: number) {
  const previous = row.previous_secret_expires_at !== null && Number(row.previous_secret_expires_at) > t ? Number(row.previous_secret_expires_at) : null
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as WebhookEventType[],
    enabled: Boolean(Number(row.enabled)),
    disabledReason: row.disabled_reason,
    failingSince: iso(row.failing_since),
    previousSecretExpiresAt: iso(previous),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  }
}

export function deliveryView(row: WebhookDeliveriesTable & { event_type: string }) {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.event_type,
    round: Number(row.round),
    status: row.status as 'pending' | 'succeeded' | 'failed',
    attempts: Number(row.attempts),
    nextAttemptAt: iso(row.next_attempt_at),
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastLatencyMs: row.last_latency_ms === null ? null : Number(row.last_latency_ms),
    lastError: row.last_error,
    createdAt: iso(row.created_at)!,
    deliveredAt: iso(row.delivered_at),
  }
}

export class WebhookService {
  readonly worker: WebhookWorker
  private readonly box: ShareBox | null

  constructor(private readonly deps: WebhookServiceDeps) {
    this.box = deps.secret ? new ShareBox(deps.secret, 'webhook-secret') : null
    this.worker = new WebhookWorker({ ...deps, secrets: (endpoint, t) => this.signingSecrets(endpoint, t) })
  }

  /** https:// only, outside development (or GATEHOUSE_WEBHOOK_ALLOW_HTTP=1); no credentials in the URL. */
  checkUrl(raw: string): string {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      throw new ApiError('invalid_data', 'The webhook URL is not a valid URL')
    }
    const httpAllowed = this.deps.dev || this.deps.config.allowHttp
    if (url.protocol !== 'https:' && !(httpAllowed && url.protocol === 'http:')) {
      throw new ApiError('invalid_data', httpAllowed ? 'The webhook URL must be http:// or https://' : 'The webhook URL must be https://')
    }
    if (url.username || url.password) throw new ApiError('invalid_data', 'The webhook URL must not carry credentials')
    return url.toString()
  }

  private seal(endpointId: string, secret: string): string {
    return this.box ? this.box.seal(secret, `webhook:${endpointId}`) : secret
  }

  private open(endpointId: string, stored: string): string {
    return this.box && !stored.startsWith('whsec_') ? this.box.open(stored, `webhook:${endpointId}`) : stored
  }

  /** The secrets that sign for the endpoint at `t`: the current one, and the previous one during its overlap. */
  signingSecrets(row: WebhookEndpointsTable, t: number): string[] {
    const secrets = [this.open(row.id, row.secret)]
    if (row.previous_secret && row.previous_secret_expires_at !== null && Number(row.previous_secret_expires_at) > t) {
      secrets.push(this.open(row.id, row.previous_secret))
    }
    return secrets
  }

  async list(appId: string) {
    const rows = await this.deps.db.selectFrom('webhook_endpoints').selectAll().where('app_id', '=', appId).orderBy('created_at').orderBy('id').execute()
    const t = this.deps.now()
    return rows.map((r) => endpointView(r, t))
  }

  async row(appId: string, endpointId: string): Promise<WebhookEndpointsTable> {
    const row = await this.deps.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', endpointId).where('app_id', '=', appId).executeTakeFirst()
    if (!row) throw new ApiError('not_found', 'Webhook endpoint not found')
    return row
  }

  async get(appId: string, endpointId: string) {
    return endpointView(await this.row(appId, endpointId), this.deps.now())
  }

  /** The endpoint with its current secret. */
  async withSecret(appId: string, endpointId: string) {
    const row = await this.row(appId, endpointId)
    return { ...endpointView(row, this.deps.now()), secret: this.open(row.id, row.secret) }
  }

  async create(appId: string, input: EndpointInput & { url: string }) {
    const { db, now } = this.deps
    const url = this.checkUrl(input.url)
    const count = await db
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('app_id', '=', appId)
      .executeTakeFirstOrThrow()
    if (Number(count.n) >= MAX_ENDPOINTS_PER_APP) throw new ApiError('invalid_data', `An app has at most ${MAX_ENDPOINTS_PER_APP} webhook endpoints`)
    const t = now()
    const id = `ep_${randomId()}`
    const secret = newWebhookSecret()
    const row: WebhookEndpointsTable = {
      id,
      app_id: appId,
      url,
      description: input.description ?? '',
      events: JSON.stringify(input.events ?? WEBHOOK_EVENT_TYPES),
      secret: this.seal(id, secret),
      previous_secret: null,
      previous_secret_expires_at: null,
      enabled: input.enabled === false ? 0 : 1,
      disabled_reason: null,
      failing_since: null,
      created_at: t,
      updated_at: t,
    }
    await db.insertInto('webhook_endpoints').values(row).execute()
    return { ...endpointView(row, t), secret }
  }

  async update(appId: string, endpointId: string, input: EndpointInput) {
    const { db, now } = this.deps
    await this.row(appId, endpointId)
    const t = now()
    const changes: Partial<WebhookEndpointsTable> = { updated_at: t }
    if (input.url !== undefined) changes.url = this.checkUrl(input.url)
    if (input.description !== undefined) changes.description = input.description
    if (input.events !== undefined) changes.events = JSON.stringify(input.events)
    // Enabling again (after a fix) starts a fresh failing streak; disabling by hand has no reason to show.
    if (input.enabled !== undefined) Object.assign(changes, { enabled: input.enabled ? 1 : 0, disabled_reason: null, failing_since: null })
    await db.updateTable('webhook_endpoints').set(changes).where('id', '=', endpointId).execute()
    return this.get(appId, endpointId)
  }

  async remove(appId: string, endpointId: string): Promise<void> {
    await this.row(appId, endpointId)
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('webhook_attempts').where('endpoint_id', '=', endpointId).execute()
      await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', endpointId).execute()
      await trx.deleteFrom('webhook_endpoints').where('id', '=', endpointId).execute()
    })
  }

  /** A new secret; the current one keeps signing beside it for ROTATION_OVERLAP_MS. */
  async rotate(appId: string, endpointId: string) {
    const row = await this.row(appId, endpointId)
    const t = this.deps.now()
    const secret = newWebhookSecret()
    await this.deps.db
      .updateTable('webhook_endpoints')
      .set({ secret: this.seal(row.id, secret), previous_secret: row.secret, previous_secret_expires_at: t + ROTATION_OVERLAP_MS, updated_at: t })
      .where('id', '=', row.id)
      .execute()
    return { ...(await this.get(appId, endpointId)), secret }
  }

  async deliveries(appId: string, endpointId: string, query: { status?: string; limit?: string; cursor?: string }) {
    await this.row(appId, endpointId)
    const limit = Math.min(Math.max(Number(query.limit ?? 50) || 50, 1), 100)
    let q = this.deps.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .selectAll('d')
      .select('e.type as event_type')
      .where('d.endpoint_id', '=', endpointId)
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(limit + 1)
    if (query.status) q = q.where('d.status', '=', query.status)
    if (query.cursor) {
      const match = /^(\d{1,16})\.([A-Za-z0-9_-]{1,64})$/.exec(query.cursor)
      if (!match) throw new ApiError('invalid_data', 'Invalid cursor')
      const [created, id] = [Number(match[1]), match[2]]
      q = q.where((eb) => eb.or([eb('d.created_at', '<', created), eb.and([eb('d.created_at', '=', created), eb('d.id', '<', id)])]))
    }
    const rows = await q.execute()
    const page = rows.slice(0, limit)
    const last = page[page.length - 1]
    return { deliveries: page.map(deliveryView), nextCursor: rows.length > limit && last ? `${Number(last.created_at)}.${last.id}` : null }
  }

  async delivery(appId: string, endpointId: string, deliveryId: string) {
    await this.row(appId, endpointId)
    const row = await this.deps.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .selectAll('d')
      .select(['e.type as event_type', 'e.payload as event_payload', 'e.created_at as event_created_at'])
      .where('d.id', '=', deliveryId)
      .where('d.endpoint_id', '=', endpointId)
      .executeTakeFirst()
    if (!row) throw new ApiError('not_found', 'Webhook delivery not found')
    const attempts = await this.deps.db.selectFrom('webhook_attempts').selectAll().where('delivery_id', '=', deliveryId).orderBy('attempt').execute()
    return {
      ...deliveryView(row),
      payload: JSON.parse(eventBody(row.event_type, row.event_created_at, row.event_payload)) as Record<string, unknown>,
      attemptLog: attempts.map((a) => ({
        attempt: Number(a.attempt),
        statusCode: a.status_code === null ? null : Number(a.status_code),
        latencyMs: Number(a.latency_ms),
        error: a.error,
        createdAt: iso(a.created_at)!,
      })),
    }
  }

  /** The delivery's event once more to the endpoint, as a new round (same webhook-id: receivers deduplicate on it). */
  async replay(appId: string, endpointId: string, deliveryId: string) {
    const { db, now } = this.deps
    const endpoint = await this.row(appId, endpointId)
    if (!Number(endpoint.enabled)) throw new ApiError('invalid_data', 'The endpoint is disabled: enable it first')
    const original = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', deliveryId).where('endpoint_id', '=', endpointId).executeTakeFirst()
    if (!original) throw new ApiError('not_found', 'Webhook delivery not found')
    const t = now()
    const id = randomId()
    // Two replays at once may pick the same round: the unique index refuses the second, which retries.
    for (let tries = 0; ; tries++) {
      const last = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.max('round').as('round'))
        .where('event_id', '=', original.event_id)
        .where('endpoint_id', '=', endpointId)
        .executeTakeFirstOrThrow()
      const row = {
        id,
        app_id: appId,
        endpoint_id: endpointId,
        event_id: original.event_id,
        round: Number(last.round ?? 0) + 1,
        status: 'pending',
        attempts: 0,
        next_attempt_at: t,
        created_at: t,
        updated_at: t,
      }
      const inserted = await db
        .insertInto('webhook_deliveries')
        .values(row)
        .onConflict((oc) => oc.columns(['event_id', 'endpoint_id', 'round']).doNothing())
        .executeTakeFirst()
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) break
      if (tries >= 5) throw new ApiError('invalid_data', 'Too many replays at once')
    }
    return (await this.deliveryRows(id))!
  }

  private async deliveryRows(id: string) {
    const row = await this.deps.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .selectAll('d')
      .select('e.type as event_type')
      .where('d.id', '=', id)
      .executeTakeFirst()
    return row ? deliveryView(row) : null
  }

  /** A `webhook.test` event to this endpoint only, attempted now; answers the delivery with its attempt. */
  async test(appId: string, endpointId: string) {
    const { db, now, config } = this.deps
    const endpoint = await this.row(appId, endpointId)
    if (!Number(endpoint.enabled)) throw new ApiError('invalid_data', 'The endpoint is disabled: enable it first')
    const t = now()
    const eventId = `msg_${randomId()}`
    const id = randomId()
    const owner = randomId()
    await db.transaction().execute(async (trx) => {
      // Already dispatched: it goes to this endpoint alone.
      const data = JSON.stringify({ message: 'A test event from Gatehouse', endpoint_id: endpointId })
      await trx
        .insertInto('webhook_events')
        .values({ id: eventId, app_id: appId, type: WEBHOOK_TEST_EVENT, payload: data, created_at: t, dispatched_at: t })
        .execute()
      // Leased to this call from the start, so the background worker leaves it alone (or retries it if this process dies).
      await trx
        .insertInto('webhook_deliveries')
        .values({
          id,
          app_id: appId,
          endpoint_id: endpointId,
          event_id: eventId,
          round: 0,
          status: 'pending',
          attempts: 0,
          next_attempt_at: t,
          lease_until: t + config.leaseMs,
          lease_owner: owner,
          created_at: t,
          updated_at: t,
        })
        .execute()
    })
    await this.worker.deliver(await this.worker.loadClaimed(owner))
    return this.delivery(appId, endpointId, id)
  }
}
