/** Telegram login, link, unlink and transfer; the checks and throttles are in services/telegram.ts. */
import { ROUTES } from '@gatehouse/contract/routes'
import { appOf, type ApiInstance, LOGIN_ROUTE } from '../context.js'
import { accountRoutes } from './account-routes.js'

const authenticate = ROUTES['POST /telegram/authenticate']

export default async function telegramRoutes(app: ApiInstance) {
  const { telegram } = app.gatehouse

  app.post(authenticate.path, { schema: authenticate.schema, config: LOGIN_ROUTE }, async (request) =>
    telegram.authenticate(appOf(request), request.body, request.ip),
  )

  const routes = { link: ROUTES['POST /telegram/link'], unlink: ROUTES['POST /telegram/unlink'], transfer: ROUTES['POST /telegram/transfer'] }
  accountRoutes(app, routes, {
    link: (target, userId, request) => telegram.link(target, userId, request.body),
    type: 'telegram',
    address: (body) => String(body.telegram_user_id),
  })
}
