/** Custom-token (host JWT) login and link. */
import { ROUTES } from '@gatehouse/contract/routes'
import { appOf, type ApiInstance, LOGIN_ROUTE } from '../context.js'
import { verifyCustomToken } from '../services/custom-auth.js'
import { accountRoutes } from './account-routes.js'

const authenticate = ROUTES['POST /custom_jwt_account/authenticate']

export default async function customAuthRoutes(app: ApiInstance) {
  const { accounts, now, config } = app.gatehouse
  const verify = { dev: config.dev }

  app.post(authenticate.path, { schema: authenticate.schema, config: LOGIN_ROUTE }, async (request) => {
    const target = appOf(request)
    return accounts.authenticate(target, request.ip, () => verifyCustomToken(target, request.body.token, now(), verify), { mode: request.body.mode })
  })

  const routes = { link: ROUTES['POST /custom_jwt_account/link'] }
  accountRoutes(app, routes, {
    link: async (target, userId, request) => accounts.link(target, userId, await verifyCustomToken(target, request.body.token, now(), verify)),
  })
}
