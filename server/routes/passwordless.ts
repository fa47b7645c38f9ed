import { ROUTES } from '@gatehouse/contract/routes'
import { appOf, type ApiInstance, HEADER_APP, LOGIN_ROUTE } from '../context.js'
import { CODE_SENT } from '../services/analytics.js'

const init = ROUTES['POST /passwordless/init']
const authenticate = ROUTES['POST /passwordless/authenticate']

export default async function passwordlessRoutes(app: ApiInstance) {
  app.post(init.path, { schema: init.schema, config: HEADER_APP }, async (request) => {
    await app.gatehouse.passwordless.init(appOf(request), request.body, request.ip)
    app.gatehouse.analytics.count(appOf(request).id, CODE_SENT.email)
    return { success: true } as const
  })

  app.post(authenticate.path, { schema: authenticate.schema, config: LOGIN_ROUTE }, async (request) =>
    app.gatehouse.passwordless.authenticate(appOf(request), request.body, request.ip),
  )
}
