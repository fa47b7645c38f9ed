/** SMS code login, link, unlink, update and transfer. */
import { ROUTES } from '@gatehouse/contract/routes'
import { appOf, type ApiInstance, HEADER_APP, LOGIN_ROUTE } from '../context.js'
import { CODE_SENT } from '../services/analytics.js'
import { normalizePhone } from '../services/passwordless-sms.js'
import { accountRoutes } from './account-routes.js'

const init = ROUTES['POST /passwordless_sms/init']
const authenticate = ROUTES['POST /passwordless_sms/authenticate']

export default async function passwordlessSmsRoutes(app: ApiInstance) {
  const { passwordlessSms } = app.gatehouse

  app.post(init.path, { schema: init.schema, config: HEADER_APP }, async (request) => {
    await passwordlessSms.init(appOf(request), request.body, request.ip)
    app.gatehouse.analytics.count(appOf(request).id, CODE_SENT.sms)
    return { success: true } as const
  })

  app.post(authenticate.path, { schema: authenticate.schema, config: LOGIN_ROUTE }, async (request) =>
    passwordlessSms.authenticate(appOf(request), request.body, request.ip),
  )

  const routes = {
    link: ROUTES['POST /passwordless_sms/link'],
    unlink: ROUTES['POST /passwordless_sms/unlink'],
    update: ROUTES['POST /passwordless_sms/update'],
    transfer: ROUTES['POST /passwordless_sms/transfer'],
  }
  accountRoutes(app, routes, {
    link: (target, userId, request) => passwordlessSms.link(target, userId, request.body, request.ip),
    update: (target, userId, request) => passwordlessSms.update(target, userId, request.body, request.ip),
    type: 'phone',
    address: (body) => normalizePhone(body.phoneNumber),
  })
}
