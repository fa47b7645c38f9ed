/** Telegram login, link, unlink and transfer; the checks and throttles are in services/telegram.ts. */
import { ROUTES } from '@gatehouse/contract/routes'
import { type ApiInstance, HEADER_APP, LOGIN_ROUTE } from '../context.js'
import { requireSignedInUser } from '../services/bearer.js'

const authenticate = ROUTES['POST /telegram/authenticate']
const link = ROUTES['POST /telegram/link']
const unlink = ROUTES['POST /telegram/unlink']
const transfer = ROUTES['POST /telegram/transfer']

export default async function telegramRoutes(app: ApiInstance) {
  const { accounts, telegram } = app.gatehouse

  app.post(authenticate.path, { schema: authenticate.schema, config: LOGIN_ROUTE }, async (request) =>
    telegram.authenticate(request.gatehouseApp!, request.body, request.ip),
  )

  app.post(link.path, { schema: link.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return telegram.link(request.gatehouseApp!, userId, request.body)
  })

  app.post(unlink.path, { schema: unlink.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.unlink(request.gatehouseApp!, userId, 'telegram', String(request.body.telegram_user_id))
  })

  app.post(transfer.path, { schema: transfer.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.transfer(request.gatehouseApp!, userId, 'telegram', request.body.nonce)
  })
}
