/**
 * Webhooks of the app owner's API (issue #27 point 4): endpoints per app, the events each
 * subscribes to, a Standard Webhooks secret per endpoint with rotation, the delivery log with
 * replay, and a test send. Callers: the admin token, the app's own secret, an operator
 * (server/services/owner-auth.ts).
 */
import { defineRoute } from './define.ts'

/** Every event a webhook endpoint may subscribe to (server/services/events.ts writes them). */
export const WEBHOOK_EVENT_TYPES = [
  'user.created',
  'user.authenticated',
  'user.linked_account',
  'user.unlinked_account',
  'user.updated_account',
  'user.transferred_account',
  'user.deleted',
  'user.wallet_created',
  'mfa.enabled',
  'mfa.disabled',
  /** The server-side wallet API signed (or signed and sent) for a delegated wallet. */
  'wallet.action_signed',
  /** The server-side wallet API refused to sign: a policy rule, or the wallet is not delegated. */
  'wallet.action_denied',
  'wallet.delegated',
  'wallet.revoked',
] as const

/** The type of the event a test send delivers (no endpoint subscribes to it). */
export const WEBHOOK_TEST_EVENT = 'webhook.test'

const dateTime = { type: 'string', format: 'date-time' } as const
const nullableDateTime = { type: ['string', 'null'], format: 'date-time' } as const
const eventType = { type: 'string', enum: WEBHOOK_EVENT_TYPES } as const
const events = { type: 'array', items: eventType, minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length, uniqueItems: true } as const
const url = { type: 'string', minLength: 1, maxLength: 2048, description: 'https:// (http:// only in development)' } as const
const description = { type: 'string', maxLength: 500 } as const
const idString = { type: 'string', minLength: 1, maxLength: 100 } as const

const endpointParams = {
  type: 'object',
  required: ['app_id', 'endpoint_id'],
  properties: { app_id: { type: 'string' }, endpoint_id: idString },
} as const
const deliveryParams = {
  type: 'object',
  required: ['app_id', 'endpoint_id', 'delivery_id'],
  properties: { app_id: { type: 'string' }, endpoint_id: idString, delivery_id: idString },
} as const
const appParams = { type: 'object', required: ['app_id'], properties: { app_id: { type: 'string' } } } as const

export const webhookEndpointSchema = {
  type: 'object',
  required: ['id', 'url', 'description', 'events', 'enabled', 'disabledReason', 'failingSince', 'previousSecretExpiresAt', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string' },
    url: { type: 'string' },
    description: { type: 'string' },
    events: { type: 'array', items: eventType },
    enabled: { type: 'boolean' },
    /** Why the server disabled it (every delivery failing for days); null otherwise. */
    disabledReason: { type: ['string', 'null'] },
    /** Since when every attempt failed; null once one succeeds. */
    failingSince: nullableDateTime,
    /** Until when the secret before the last rotation still signs beside the current one. */
    previousSecretExpiresAt: nullableDateTime,
    createdAt: dateTime,
    updatedAt: dateTime,
  },
  additionalProperties: false,
} as const

/** The endpoint with its secret: answered only on creation, rotation and the secret route. */
const endpointWithSecretSchema = {
  ...webhookEndpointSchema,
  required: [...webhookEndpointSchema.required, 'secret'],
  properties: { ...webhookEndpointSchema.properties, secret: { type: 'string', description: 'whsec_… (Standard Webhooks)' } },
} as const

const deliveryStatus = { type: 'string', enum: ['pending', 'succeeded', 'failed'] } as const

export const webhookDeliverySchema = {
  type: 'object',
  required: [
    'id',
    'endpointId',
    'eventId',
    'eventType',
    'round',
    'status',
    'attempts',
    'nextAttemptAt',
    'lastStatusCode',
    'lastLatencyMs',
    'lastError',
    'createdAt',
    'deliveredAt',
  ],
  properties: {
    id: { type: 'string' },
    endpointId: { type: 'string' },
    /** The Standard Webhooks `webhook-id`: the same for every attempt and replay of one event. */
    eventId: { type: 'string' },
    eventType: { type: 'string' },
    /** 0 for the first delivery, n for the nth replay. */
    round: { type: 'integer' },
    status: deliveryStatus,
    attempts: { type: 'integer' },
    nextAttemptAt: nullableDateTime,
    lastStatusCode: { type: ['integer', 'null'] },
    lastLatencyMs: { type: ['integer', 'null'] },
    lastError: { type: ['string', 'null'] },
    createdAt: dateTime,
    deliveredAt: nullableDateTime,
  },
  additionalProperties: false,
} as const

const attemptSchema = {
  type: 'object',
  required: ['attempt', 'statusCode', 'latencyMs', 'error', 'createdAt'],
  properties: {
    attempt: { type: 'integer' },
    statusCode: { type: ['integer', 'null'] },
    latencyMs: { type: 'integer' },
    error: { type: ['string', 'null'] },
    createdAt: dateTime,
  },
  additionalProperties: false,
} as const

const deliveryDetailSchema = {
  ...webhookDeliverySchema,
  required: [...webhookDeliverySchema.required, 'payload', 'attemptLog'],
  properties: {
    ...webhookDeliverySchema.properties,
    /** The body as POSTed: `{ type, timestamp, data }`. */
    payload: { type: 'object', additionalProperties: true },
    attemptLog: { type: 'array', items: attemptSchema },
  },
} as const

export const webhooksRoutes = {
  'GET /apps/:app_id/webhooks': defineRoute({
    method: 'GET',
    path: '/apps/:app_id/webhooks',
    schema: {
      summary: "List the app's webhook endpoints (owner)",
      params: appParams,
      response: {
        200: {
          description: "The app's endpoints",
          type: 'object',
          required: ['endpoints'],
          properties: { endpoints: { type: 'array', items: webhookEndpointSchema } },
          additionalProperties: false,
        },
      },
    },
  }),
  'POST /apps/:app_id/webhooks': defineRoute({
    method: 'POST',
    path: '/apps/:app_id/webhooks',
    schema: {
      summary: 'Add a webhook endpoint (owner); its secret is answered this once',
      params: appParams,
      body: {
        type: 'object',
        required: ['url'],
        properties: { url, description, events: { ...events, description: 'default: every event' }, enabled: { type: 'boolean' } },
        additionalProperties: false,
      },
      response: { 201: { description: 'The endpoint with its secret (shown this once)', ...endpointWithSecretSchema } },
    },
  }),
  'GET /apps/:app_id/webhooks/:endpoint_id': defineRoute({
    method: 'GET',
    path: '/apps/:app_id/webhooks/:endpoint_id',
    schema: {
      summary: 'Read a webhook endpoint (owner)',
      params: endpointParams,
      response: { 200: { description: 'The endpoint', ...webhookEndpointSchema } },
    },
  }),
  'PATCH /apps/:app_id/webhooks/:endpoint_id': defineRoute({
    method: 'PATCH',
    path: '/apps/:app_id/webhooks/:endpoint_id',
    schema: {
      summary: 'Change a webhook endpoint (owner); enabling it again clears the reason it was disabled',
      params: endpointParams,
      body: { type: 'object', properties: { url, description, events, enabled: { type: 'boolean' } }, additionalProperties: false },
      response: { 200: { description: 'The endpoint as changed', ...webhookEndpointSchema } },
    },
  }),
  'DELETE /apps/:app_id/webhooks/:endpoint_id': defineRoute({
    method: 'DELETE',
    path: '/apps/:app_id/webhooks/:endpoint_id',
    schema: {
      summary: 'Delete a webhook endpoint and its delivery log (owner)',
      params: endpointParams,
      response: { 204: { description: 'Deleted', type: 'null' } },
    },
  }),
  'GET /apps/:app_id/webhooks/:endpoint_id/secret': defineRoute({
    method: 'GET',
    path: '/apps/:app_id/webhooks/:endpoint_id/secret',
    schema: {
      summary: "Read a webhook endpoint's signing secret (owner, secrets)",
      params: endpointParams,
      response: { 200: { description: 'The endpoint with its secret', ...endpointWithSecretSchema } },
    },
  }),
  'POST /apps/:app_id/webhooks/:endpoint_id/rotate_secret': defineRoute({
    method: 'POST',
    path: '/apps/:app_id/webhooks/:endpoint_id/rotate_secret',
    schema: {
      summary: 'Rotate the signing secret (owner, secrets): the old one keeps signing beside the new one for 24 hours',
      params: endpointParams,
      response: { 200: { description: 'The endpoint with its new secret', ...endpointWithSecretSchema } },
    },
  }),
  'POST /apps/:app_id/webhooks/:endpoint_id/test': defineRoute({
    method: 'POST',
    path: '/apps/:app_id/webhooks/:endpoint_id/test',
    schema: {
      summary: `Send a ${WEBHOOK_TEST_EVENT} event to the endpoint now and answer how it went (owner)`,
      params: endpointParams,
      response: { 200: { description: 'The test delivery with its attempt', ...deliveryDetailSchema } },
    },
  }),
  'GET /apps/:app_id/webhooks/:endpoint_id/deliveries': defineRoute({
    method: 'GET',
    path: '/apps/:app_id/webhooks/:endpoint_id/deliveries',
    schema: {
      summary: "The endpoint's delivery log, newest first (owner)",
      params: endpointParams,
      querystring: {
        type: 'object',
        properties: {
          status: deliveryStatus,
          limit: { type: 'string', pattern: '^[0-9]{1,3}$', description: '1 to 100, default 50' },
          cursor: { type: 'string', maxLength: 200, description: 'nextCursor of the previous page' },
        },
        additionalProperties: false,
      },
      response: {
        200: {
          description: 'A page of deliveries',
          type: 'object',
          required: ['deliveries', 'nextCursor'],
          properties: { deliveries: { type: 'array', items: webhookDeliverySchema }, nextCursor: { type: ['string', 'null'] } },
          additionalProperties: false,
        },
      },
    },
  }),
  'GET /apps/:app_id/webhooks/:endpoint_id/deliveries/:delivery_id': defineRoute({
    method: 'GET',
    path: '/apps/:app_id/webhooks/:endpoint_id/deliveries/:delivery_id',
    schema: {
      summary: 'One delivery with its payload and every attempt (owner)',
      params: deliveryParams,
      response: { 200: { description: 'The delivery', ...deliveryDetailSchema } },
    },
  }),
  'POST /apps/:app_id/webhooks/:endpoint_id/deliveries/:delivery_id/replay': defineRoute({
    method: 'POST',
    path: '/apps/:app_id/webhooks/:endpoint_id/deliveries/:delivery_id/replay',
    schema: {
      summary: 'Deliver the event of a delivery again, as a new round with the same webhook-id (owner)',
      params: deliveryParams,
      response: { 202: { description: 'The new delivery, queued', ...webhookDeliverySchema } },
    },
  }),
} as const
