/** E-mail link, unlink, update and account transfer. All need a signed-in user. */
import { ROUTES } from '@gatehouse/contract/routes'
import { HEADER_APP, type ApiInstance } from '../context.js'
import { requireSignedInUser } from '../services/bearer.js'

const link = ROUTES['POST /passwordless/link']
const unlink = ROUTES['POST /passwordless/unlink']
const update = ROUTES['POST /passwordless/update']
const transfer = ROUTES['POST /passwordless/transfer']

export default async function passwordlessLinkRoutes(app: ApiInstance) {
  const { passwordless, accounts } = app.gatehouse

  app.post(link.path, { schema: link.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return passwordless.link(request.gatehouseApp!, userId, request.body, request.ip)
  })

  app.post(unlink.path, { schema: unlink.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.unlink(request.gatehouseApp!, userId, 'email', request.body.address.trim().toLowerCase())
  })

  app.post(update.path, { schema: update.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return passwordless.update(request.gatehouseApp!, userId, request.body, request.ip)
  })

  app.post(transfer.path, { schema: transfer.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.transfer(request.gatehouseApp!, userId, 'email', request.body.nonce)
  })
}
