import { isIP } from 'node:net'
import type { FastifyRequest } from 'fastify'
import { isLoopbackHost, type ServerConfig } from '../config.js'
import { NO_APP, type ApiInstance } from '../context.js'
import { ApiError } from '../errors.js'
import { setOutboxEnabled } from '../services/events.js'

const outboxSchema = {
  summary: 'Development only: messages sent by this instance, newest first',
  querystring: { type: 'object', properties: { to: { type: 'string', maxLength: 320 } } },
} as const

const webhookOutboxSchema = {
  summary: 'Development only: webhook events written or not, for this process (the benchmark measures what the outbox costs with one process)',
  body: { type: 'object', required: ['on'], properties: { on: { type: 'boolean' } }, additionalProperties: false },
} as const

/** Registered only when not in production (see app.ts). */
export default async function devRoutes(app: ApiInstance) {
  app.get('/dev/outbox', { schema: outboxSchema, config: NO_APP }, async (request) => app.gatehouse.mailer.outbox?.list(request.query.to) ?? [])
  // GATEHOUSE_WEBHOOK_OUTBOX=off switched at run time: an A/B on one process has no process-to-process difference in it.
  app.put('/dev/webhook-outbox', { schema: webhookOutboxSchema, config: NO_APP }, async (request) => {
    setOutboxEnabled(request.body.on)
    return { on: request.body.on }
  })
}

/** The development surfaces hand out login codes and sign-ins: never to a page's script, whatever its origin. */
export const isDevPath = (url: string) => url === '/dev' || url.startsWith('/dev/') || url.startsWith('/dev?')

/**
 * Development mode's `onRequest` hook against DNS rebinding: a page on a name the attacker points at
 * 127.0.0.1 is same-origin with this server, so CORS would not stop it reading `/dev/outbox`; its
 * requests still carry that name in `Host`. Loopback names and the public URL's host pass; with
 * GATEHOUSE_DEV_ON_NETWORK=1 any IP address does too (rebinding needs a name).
 */
export function devHostCheck(config: Pick<ServerConfig, 'publicUrl' | 'devOnNetwork'>) {
  const publicHost = new URL(config.publicUrl).hostname.toLowerCase()
  return async (request: FastifyRequest) => {
    let host: string | null = null
    try {
      host = new URL(`http://${request.headers.host ?? ''}`).hostname.toLowerCase()
    } catch {
      // A Host that is no host at all is refused below.
    }
    const bare = host?.replace(/^\[|\]$/g, '') ?? ''
    if (host && (host === publicHost || isLoopbackHost(host) || (config.devOnNetwork && isIP(bare) !== 0))) return
    throw new ApiError('forbidden_origin', 'This development server answers only requests addressed to localhost or its public URL')
  }
}
