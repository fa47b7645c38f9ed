/** Custom-token (host JWT) login and link. */
import { type ApiInstance, HEADER_APP, LOGIN_ROUTE } from '../context.js'
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

export default async function customAuthRoutes(app: ApiInstance) {
  const { accounts, now, config } = app.gatehouse
  const verify = { dev: config.dev }

  app.post('/custom_jwt_account/authenticate', { schema: authenticateSchema, config: LOGIN_ROUTE }, async (request) => {
    const target = request.gatehouseApp!
    return accounts.authenticate(target, request.ip, () => verifyCustomToken(target, request.body.token, now(), verify), { mode: request.body.mode })
  })

  app.post('/custom_jwt_account/link', { schema: linkSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    const proven = await verifyCustomToken(request.gatehouseApp!, request.body.token, now(), verify)
    return accounts.link(request.gatehouseApp!, userId, proven)
  })
}
