import { ANALYTICS_EVENT_NAMES, ROUTES } from '@gatehouse/contract/routes'
import { appOf, emptyBody, HEADER_APP, type ApiInstance } from '../context.js'
import { WIDGET_PREFIX } from '../services/analytics.js'

const analytics = ROUTES['POST /analytics_events']
const KNOWN_EVENTS = new Set<string>(ANALYTICS_EVENT_NAMES)

export default async function analyticsRoutes(app: ApiInstance) {
  // The client never retries and ignores failures (spec §7): always a quiet 204. A known event name
  // is counted for the app's owner (services/analytics.ts, in memory, written in batches); anything
  // else is dropped, so what a stranger can post never grows the stored set.
  app.post(analytics.path, { schema: analytics.schema, config: HEADER_APP, preValidation: emptyBody }, async (request, reply) => {
    const name = (request.body as { event_name?: unknown } | undefined)?.event_name
    if (typeof name === 'string' && KNOWN_EVENTS.has(name)) app.gatehouse.analytics.count(appOf(request).id, `${WIDGET_PREFIX}${name}`)
    return reply.code(204).send(null)
  })
}
