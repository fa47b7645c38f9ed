import { emptyBody, HEADER_APP, type ApiInstance } from '../context.js'
import { readBearer } from '../services/bearer.js'

// refresh_token is optional, and a bare POST counts as {} (see emptyBody), so that a missing
// token answers 401 missing_or_invalid_token (the client then clears its session), not 400.
const refreshSchema = {
  summary: 'Rotate the refresh token and issue fresh access and identity tokens',
  body: {
    type: 'object',
    properties: { refresh_token: { type: ['string', 'null'], maxLength: 256 } },
  },
} as const

const logoutSchema = {
  summary: 'End the session of the refresh token (and of the bearer, if any)',
  body: {
    type: 'object',
    properties: { refresh_token: { type: ['string', 'null'], maxLength: 256 } },
  },
} as const

export default async function sessionsRoutes(app: ApiInstance) {
  // The bearer on a refresh is usually expired; it is deliberately not looked at.
  app.post('/sessions', { schema: refreshSchema, config: HEADER_APP, preValidation: emptyBody }, async (request) =>
    app.gatehouse.sessions.refresh(request.gatehouseApp!.id, request.body?.refresh_token ?? undefined, () => app.gatehouse.deviceProofs.read(request)),
  )

  app.post('/sessions/logout', { schema: logoutSchema, config: HEADER_APP, preValidation: emptyBody }, async (request) => {
    const bearer = await readBearer(request)
    await app.gatehouse.sessions.logout(request.gatehouseApp!.id, request.body?.refresh_token ?? undefined, bearer?.sessionId ?? null)
    return { success: true }
  })
}
