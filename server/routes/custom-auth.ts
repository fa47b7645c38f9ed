/** Custom-token (host JWT) login and link (issue #4). */
import type { FastifyInstance } from 'fastify'
import { HEADER_APP } from '../context.js'
import type { AuthMode } from '../services/accounts.js'
import { requireSignedInUser } from '../services/bearer.js'
import { verifyCustomToken } from '../services/custom-auth.js'

const token = { type: 'string', minLength: 1, maxLength: 16384 } as const
const authenticateSchema = {
  summary: "Log in with the host's own JWT (verified against the app's issuer and keys) → auth response",
  body: { type: 'object', required: ['token'], properties: { token, mode: { type: 'string', enum: ['login-or-sign-up', 'no-signup'] } } },
} as const
const linkSchema = {
  summary: "Link the host's user (its JWT) to the signed-in user → the user",
  headers: { type: 'object', properties: { authorization: { type: 'string' } } },
  body: { type: 'object', required: ['token'], properties: { token } },
} as const

export default async function customAuthRoutes(app: FastifyInstance) {
  const { accounts, throttle, now } = app.gatehouse

  app.post<{ Body: { token: string; mode?: AuthMode } }>(
    '/api/v1/custom_jwt_account/authenticate',
    { schema: authenticateSchema, config: HEADER_APP },
    async (request) => {
      await throttle.hit(`auth:ip:${request.ip}`, throttle.limits.ipAuthenticate)
      const proven = await verifyCustomToken(request.gatehouseApp!, request.body.token, now())
      return accounts.loginOrSignUp(request.gatehouseApp!, proven, { mode: request.body.mode })
    },
  )

  app.post<{ Body: { token: string } }>('/api/v1/custom_jwt_account/link', { schema: linkSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    const proven = await verifyCustomToken(request.gatehouseApp!, request.body.token, now())
    return accounts.link(request.gatehouseApp!, userId, proven)
  })
}
