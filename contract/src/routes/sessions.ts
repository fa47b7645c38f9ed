/** Refresh and logout (spec part 1 §7). */
import { defineRoute } from './define.ts'
import { authResponseSchema, successSchema } from './shared.ts'

// refresh_token is optional, and a bare POST counts as {} (the server's emptyBody), so that a missing
// token answers 401 missing_or_invalid_token (the client then clears its session), not 400.
const refreshBody = { type: 'object', properties: { refresh_token: { type: ['string', 'null'], maxLength: 256 } } } as const

export const sessionsRoutes = {
  'POST /sessions': defineRoute({
    method: 'POST',
    path: '/sessions',
    schema: {
      summary: 'Rotate the refresh token and issue fresh access and identity tokens',
      body: refreshBody,
      response: { 200: authResponseSchema },
    },
  }),
  'POST /sessions/logout': defineRoute({
    method: 'POST',
    path: '/sessions/logout',
    schema: {
      summary: 'End the session of the refresh token (and of the bearer, if any)',
      body: refreshBody,
      response: { 200: successSchema },
    },
  }),
} as const
