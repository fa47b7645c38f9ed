/**
 * Webhooks of the app owner's API (contract/src/routes/webhooks.ts): endpoints, secrets and
 * rotation, the delivery log, replay and a test send. Every route asks authorizeOwner first; reading
 * or rotating a secret needs the 'secrets' permission.
 */
import { ROUTES } from '@gatehouse/contract/routes'
import type { FastifyRequest } from 'fastify'
import { NO_APP, type ApiInstance } from '../context.js'
import { ApiError } from '../errors.js'
import { recordAudit } from '../services/audit.js'
import { authorizeOwner, type OwnerCaller, type OwnerPermission } from '../services/owner-auth.js'

const list = ROUTES['GET /apps/:app_id/webhooks']
const create = ROUTES['POST /apps/:app_id/webhooks']
const read = ROUTES['GET /apps/:app_id/webhooks/:endpoint_id']
const update = ROUTES['PATCH /apps/:app_id/webhooks/:endpoint_id']
const remove = ROUTES['DELETE /apps/:app_id/webhooks/:endpoint_id']
const secret = ROUTES['GET /apps/:app_id/webhooks/:endpoint_id/secret']
const rotate = ROUTES['POST /apps/:app_id/webhooks/:endpoint_id/rotate_secret']
const test = ROUTES['POST /apps/:app_id/webhooks/:endpoint_id/test']
const deliveries = ROUTES['GET /apps/:app_id/webhooks/:endpoint_id/deliveries']
const delivery = ROUTES['GET /apps/:app_id/webhooks/:endpoint_id/deliveries/:delivery_id']
const replay = ROUTES['POST /apps/:app_id/webhooks/:endpoint_id/deliveries/:delivery_id/replay']

export default async function webhookRoutes(app: ApiInstance) {
  const { webhooks, apps, db } = app.gatehouse

  // Who called, per request: decided before the body is parsed and validated, so strangers learn nothing about the schema.
  const callers = new WeakMap<FastifyRequest, OwnerCaller>()
  const guard = (permission: OwnerPermission) => ({
    config: NO_APP,
    onRequest: async (request: FastifyRequest) => {
      callers.set(request, await authorizeOwner(request, (request.params as { app_id: string }).app_id, permission))
    },
  })

  /** The app named in the path (it exists) and the caller the guard let in. */
  async function owner(request: FastifyRequest): Promise<{ appId: string; caller: OwnerCaller }> {
    const appId = (request.params as { app_id: string }).app_id
    const caller = callers.get(request)
    if (!caller) throw new ApiError('missing_or_invalid_token', 'Missing or invalid admin token')
    if (!(await apps.get(appId))) throw new ApiError('not_found', 'App not found')
    return { appId, caller }
  }

  /** An audit row for a change (never a secret: endpoint ids and URLs only). */
  const audit = (request: FastifyRequest, appId: string, caller: OwnerCaller, action: string, details: Record<string, unknown>) =>
    recordAudit(db, { appId, actor: caller, action, details, ip: request.ip })

  app.get(list.path, { schema: list.schema, ...guard('read') }, async (request) => {
    const { appId } = await owner(request)
    return { endpoints: await webhooks.list(appId) }
  })

  app.post(create.path, { schema: create.schema, ...guard('write') }, async (request, reply) => {
    const { appId, caller } = await owner(request)
    const created = await webhooks.create(appId, request.body)
    await audit(request, appId, caller, 'webhook.create', { endpointId: created.id, url: created.url, events: created.events })
    return reply.code(201).send(created)
  })

  app.get(read.path, { schema: read.schema, ...guard('read') }, async (request) => {
    const { appId } = await owner(request)
    return webhooks.get(appId, request.params.endpoint_id)
  })

  app.patch(update.path, { schema: update.schema, ...guard('write') }, async (request) => {
    const { appId, caller } = await owner(request)
    const before = await webhooks.get(appId, request.params.endpoint_id)
    const after = await webhooks.update(appId, request.params.endpoint_id, request.body ?? {})
    const changed = Object.fromEntries(
      Object.keys(request.body ?? {}).map((k) => [k, { before: before[k as keyof typeof before], after: after[k as keyof typeof after] }]),
    )
    await audit(request, appId, caller, 'webhook.update', { endpointId: after.id, changed })
    return after
  })

  app.delete(remove.path, { schema: remove.schema, ...guard('write') }, async (request, reply) => {
    const { appId, caller } = await owner(request)
    await webhooks.remove(appId, request.params.endpoint_id)
    await audit(request, appId, caller, 'webhook.delete', { endpointId: request.params.endpoint_id })
    return reply.code(204).send(null)
  })

  app.get(secret.path, { schema: secret.schema, ...guard('secrets') }, async (request) => {
    const { appId } = await owner(request)
    return webhooks.withSecret(appId, request.params.endpoint_id)
  })

  app.post(rotate.path, { schema: rotate.schema, ...guard('secrets') }, async (request) => {
    const { appId, caller } = await owner(request)
    const rotated = await webhooks.rotate(appId, request.params.endpoint_id)
    await audit(request, appId, caller, 'webhook.rotate_secret', { endpointId: rotated.id })
    return rotated
  })

  app.post(test.path, { schema: test.schema, ...guard('write') }, async (request) => {
    const { appId } = await owner(request)
    return webhooks.test(appId, request.params.endpoint_id)
  })

  app.get(deliveries.path, { schema: deliveries.schema, ...guard('read') }, async (request) => {
    const { appId } = await owner(request)
    return webhooks.deliveries(appId, request.params.endpoint_id, request.query ?? {})
  })

  app.get(delivery.path, { schema: delivery.schema, ...guard('read') }, async (request) => {
    const { appId } = await owner(request)
    return webhooks.delivery(appId, request.params.endpoint_id, request.params.delivery_id)
  })

  app.post(replay.path, { schema: replay.schema, ...guard('write') }, async (request, reply) => {
    const { appId, caller } = await owner(request)
    const replayed = await webhooks.replay(appId, request.params.endpoint_id, request.params.delivery_id)
    await audit(request, appId, caller, 'webhook.replay', { endpointId: request.params.endpoint_id, deliveryId: replayed.id, eventId: replayed.eventId })
    return reply.code(202).send(replayed)
  })
}
