import { emptyBody, HEADER_APP, type ApiInstance } from '../context.js'

const analyticsSchema = {
  summary: 'Accept an SDK analytics event (sdk_initialize, sdk_authenticate, …)',
  body: {
    type: 'object',
    properties: {
      event_name: { type: 'string' },
      client_id: { type: ['string', 'null'] },
      payload: {},
    },
  },
} as const

export default async function analyticsRoutes(app: ApiInstance) {
  // Accepted and dropped: the client never retries and ignores failures (spec §7), and a
  // self-hosted server has no analytics pipeline to feed. Kept so clients get a quiet 204.
  app.post('/analytics_events', { schema: analyticsSchema, config: HEADER_APP, preValidation: emptyBody }, async (_request, reply) => {
    return reply.code(204).send()
  })
}
