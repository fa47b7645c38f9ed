import { ROUTES } from '@gatehouse/contract/routes'
import { emptyBody, HEADER_APP, type ApiInstance } from '../context.js'

const analytics = ROUTES['POST /analytics_events']

export default async function analyticsRoutes(app: ApiInstance) {
  // Accepted and dropped: the client never retries and ignores failures (spec §7), and a
  // self-hosted server has no analytics pipeline to feed. Kept so clients get a quiet 204.
  app.post(analytics.path, { schema: analytics.schema, config: HEADER_APP, preValidation: emptyBody }, async (_request, reply) => {
    return reply.code(204).send(null)
  })
}
