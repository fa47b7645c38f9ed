/** E-mail link, unlink, update and account transfer. All need a signed-in user (account-routes.ts). */
import { ROUTES } from '@gatehouse/contract/routes'
import type { ApiInstance } from '../context.js'
import { accountRoutes } from './account-routes.js'

export default async function passwordlessLinkRoutes(app: ApiInstance) {
  const { passwordless } = app.gatehouse
  const routes = {
    link: ROUTES['POST /passwordless/link'],
    unlink: ROUTES['POST /passwordless/unlink'],
    update: ROUTES['POST /passwordless/update'],
    transfer: ROUTES['POST /passwordless/transfer'],
  }
  accountRoutes(app, routes, {
    link: (target, userId, request) => passwordless.link(target, userId, request.body, request.ip),
    update: (target, userId, request) => passwordless.update(target, userId, request.body, request.ip),
    type: 'email',
    address: (body) => body.address.trim().toLowerCase(),
  })
}
