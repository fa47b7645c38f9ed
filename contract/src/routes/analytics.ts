/** SDK analytics events: accepted and dropped (spec §7: the client never retries and ignores failures). */
import { defineRoute } from './define.ts'

export const analyticsRoutes = {
  'POST /analytics_events': defineRoute({
    method: 'POST',
    path: '/analytics_events',
    schema: {
      summary: 'Accept an SDK analytics event (sdk_initialize, sdk_authenticate, …)',
      body: { type: 'object', properties: { event_name: { type: 'string' }, client_id: { type: ['string', 'null'] }, payload: {} } },
      response: { 204: { description: 'Accepted (a self-hosted server keeps no analytics)', type: 'null' } },
    },
  }),
} as const
