/** Custom-token (host JWT) login and link. */
import { ROUTES } from '@gatehouse/contract/routes'
import { type ApiInstance, HEADER_APP, LOGIN_ROUTE } from '../context.js'
import { requireSignedInUser } from '../services/bearer.js'
import { verifyCustomToken } from '../services/custom-auth.js'

const authenticate = ROUTES['POST /custom_jwt_account/authenticate']
const link = ROUTES['POST /custom_jwt_account/link']

export default async function customAuthRoutes(app: ApiInstance) {
  const { accounts, now, config } = app.gatehouse
  const verify = { dev: config.dev }

  app.post(authenticate.path, { schema: authenticate.schema, config: LOGIN_ROUTE }, async (request) => {
    const target = request.gatehouseApp!
    return accounts.authenticate(target, request.ip, () => verifyCustomToken(target, request.body.token, now(), verify), { mode: request.body.mode })
  })

  app.post(link.path, { schema: link.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    const proven = await verifyCustomToken(request.gatehouseApp!, request.body.token, now(), verify)
    return accounts.link(request.gatehouseApp!, userId, proven)
  })
}
