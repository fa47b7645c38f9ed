/**
 * The app owner's analytics (issue #27, point 6): daily series over a range of UTC days. Every route
 * asks `authorizeOwner` first (before the app is even looked up, so a stranger learns nothing about
 * which apps exist), then reads through services/analytics.ts.
 */
import { ROUTES } from '@gatehouse/contract/routes'
import type { FastifyRequest } from 'fastify'
import { NO_APP, type ApiInstance } from '../context.js'
import { ApiError } from '../errors.js'
import { parseRange, type DayRange } from '../services/analytics.js'
import { authorizeOwner } from '../services/owner-auth.js'

const activeUsers = ROUTES['GET /apps/:app_id/analytics/active_users']
const logins = ROUTES['GET /apps/:app_id/analytics/logins']
const codeFunnel = ROUTES['GET /apps/:app_id/analytics/code_funnel']
const widgetEvents = ROUTES['GET /apps/:app_id/analytics/widget_events']

export default async function ownerAnalyticsRoutes(app: ApiInstance) {
  const { analytics } = app.gatehouse

  /** The caller may read the app, the app exists, and the range is sane. */
  async function readable(request: FastifyRequest, appId: string, query: { from?: string; to?: string }): Promise<DayRange> {
    await authorizeOwner(request, appId, 'read')
    if (!(await app.gatehouse.apps.get(appId))) throw new ApiError('not_found', 'App not found')
    return parseRange(query, app.gatehouse.now())
  }

  app.get(activeUsers.path, { schema: activeUsers.schema, config: NO_APP }, async (request) => {
    const { app_id } = request.params
    return analytics.activeUsers(app_id, await readable(request, app_id, request.query))
  })

  app.get(logins.path, { schema: logins.schema, config: NO_APP }, async (request) => {
    const { app_id } = request.params
    return analytics.logins(app_id, await readable(request, app_id, request.query))
  })

  app.get(codeFunnel.path, { schema: codeFunnel.schema, config: NO_APP }, async (request) => {
    const { app_id } = request.params
    return analytics.codeFunnel(app_id, await readable(request, app_id, request.query))
  })

  app.get(widgetEvents.path, { schema: widgetEvents.schema, config: NO_APP }, async (request) => {
    const { app_id } = request.params
    return analytics.widgetEvents(app_id, await readable(request, app_id, request.query))
  })
}
