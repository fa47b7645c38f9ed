import { ROUTES } from '@gatehouse/contract/routes'
import { appOf, emptyBody, HEADER_APP, type ApiInstance } from '../context.js'
import { ApiError } from '../errors.js'
import { readBearer } from '../services/bearer.js'
import { clearRefreshCookie, cookieSession, readRefreshCookie } from '../services/session-cookie.js'

// refresh_token is optional, and a bare POST counts as {} (see emptyBody), so that a missing
// token answers 401 missing_or_invalid_token (the client then clears its session), not 400.
const refresh = ROUTES['POST /sessions']
const logout = ROUTES['POST /sessions/logout']

export default async function sessionsRoutes(app: ApiInstance) {
  const publicUrl = app.gatehouse.config.publicUrl
  // The bearer on a refresh is usually expired; it is deliberately not looked at. The refresh token
  // comes from the body (storage sessions) or the HttpOnly cookie (cookie sessions, see
  // session-cookie.ts); either way a device-bound session also needs its device's proof.
  app.post(refresh.path, { schema: refresh.schema, config: HEADER_APP, preValidation: emptyBody }, async (request, reply) => {
    const appId = appOf(request).id
    const refreshToken = request.body?.refresh_token ?? readRefreshCookie(request, appId)
    try {
      return await app.gatehouse.sessions.refresh(appId, refreshToken, () => app.gatehouse.deviceProofs.read(request))
    } catch (error) {
      // A cookie that no longer refreshes anything is dropped with the answer that says so.
      const mode = cookieSession(request, publicUrl)
      if (mode && error instanceof ApiError && error.code === 'missing_or_invalid_token') clearRefreshCookie(reply, appId, mode)
      throw error
    }
  })

  app.post(logout.path, { schema: logout.schema, config: HEADER_APP, preValidation: emptyBody }, async (request, reply) => {
    const appId = appOf(request).id
    const bearer = await readBearer(request)
    await app.gatehouse.sessions.logout(appId, request.body?.refresh_token ?? readRefreshCookie(request, appId), bearer?.sessionId ?? null)
    const mode = cookieSession(request, publicUrl)
    if (mode) clearRefreshCookie(reply, appId, mode)
    return { success: true } as const
  })
}
