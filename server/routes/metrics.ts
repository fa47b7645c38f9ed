/**
 * `GET /metrics` in Prometheus text format, outside the API prefix like /healthz. Registered only
 * when GATEHOUSE_METRICS_TOKEN is set (otherwise the path answers 404); the scraper sends it as a
 * Bearer token. Its own token, not the admin one: a scraper's credential then opens nothing else.
 */
import type { FastifyInstance } from 'fastify'
import { NO_APP } from '../context.js'
import { constantTimeEqual } from '../crypto/hash.js'
import { ApiError } from '../errors.js'
import { bearerToken } from '../services/bearer.js'
import type { Metrics } from '../services/metrics.js'

export const METRICS_PATH = '/metrics'

export default async function metricsRoutes(app: FastifyInstance, options: { metrics: Metrics; token: string }) {
  const schema = {
    summary: 'Prometheus metrics (GATEHOUSE_METRICS_TOKEN as Bearer): requests, logins, webhook queue, database pool',
    security: [{ metricsToken: [] }],
    response: {
      200: { description: 'Prometheus text exposition format', content: { 'text/plain': { schema: { type: 'string' } } } },
      401: {
        description: 'Missing or wrong metrics token',
        type: 'object',
        required: ['error', 'code'],
        properties: { error: { type: 'string' }, code: { type: 'string' } },
      },
    },
  } as const
  app.get(METRICS_PATH, { schema, config: NO_APP }, async (request, reply) => {
    const token = bearerToken(request)
    if (!token || !constantTimeEqual(token, options.token)) throw new ApiError('missing_or_invalid_token', 'Missing or invalid metrics token')
    const { contentType, text } = await options.metrics.scrape()
    return reply.type(contentType).send(text)
  })
}
