/** SMS code login, link, unlink, update and transfer. */
import { ROUTES } from '@gatehouse/contract/routes'
import { type ApiInstance, HEADER_APP, LOGIN_ROUTE } from '../context.js'
import { requireSignedInUser } from '../services/bearer.js'
import { normalizePhone } from '../services/passwordless-sms.js'

const init = ROUTES['POST /passwordless_sms/init']
const authenticate = ROUTES['POST /passwordless_sms/authenticate']
const link = ROUTES['POST /passwordless_sms/link']
const unlink = ROUTES['POST /passwordless_sms/unlink']
const update = ROUTES['POST /passwordless_sms/update']
const transfer = ROUTES['POST /passwordless_sms/transfer']

export default async function passwordlessSmsRoutes(app: ApiInstance) {
  const { passwordlessSms, accounts } = app.gatehouse

  app.post(init.path, { schema: init.schema, config: HEADER_APP }, async (request) => {
    await passwordlessSms.init(request.gatehouseApp!, request.body, request.ip)
    return { success: true } as const
  })

  app.post(authenticate.path, { schema: authenticate.schema, config: LOGIN_ROUTE }, async (request) =>
    passwordlessSms.authenticate(request.gatehouseApp!, request.body, request.ip),
  )

  app.post(link.path, { schema: link.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return passwordlessSms.link(request.gatehouseApp!, userId, request.body, request.ip)
  })

  app.post(unlink.path, { schema: unlink.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.unlink(request.gatehouseApp!, userId, 'phone', normalizePhone(request.body.phoneNumber))
  })

  app.post(update.path, { schema: update.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return passwordlessSms.update(request.gatehouseApp!, userId, request.body, request.ip)
  })

  app.post(transfer.path, { schema: transfer.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.transfer(request.gatehouseApp!, userId, 'phone', request.body.nonce)
  })
}
