/** E-mail link, unlink, update and account transfer. All need a signed-in user. */
import { HEADER_APP, type ApiInstance } from '../context.js'
import { requireSignedInUser } from '../services/bearer.js'

const email = { type: 'string', minLength: 1, maxLength: 320 } as const
const code = { type: 'string', minLength: 1, maxLength: 64 } as const
const bearerHeaders = { type: 'object', properties: { authorization: { type: 'string' } } } as const

const linkSchema = {
  summary: 'Link an e-mail address (proven by its code) to the signed-in user → the user',
  headers: bearerHeaders,
  body: { type: 'object', required: ['email', 'code'], properties: { email, code } },
} as const
const unlinkSchema = {
  summary: "Unlink one of the signed-in user's e-mail addresses → the user",
  headers: bearerHeaders,
  body: { type: 'object', required: ['address'], properties: { address: email } },
} as const
const updateSchema = {
  summary: "Replace the signed-in user's e-mail; the code was sent to the new address → the user",
  headers: bearerHeaders,
  body: { type: 'object', required: ['oldAddress', 'newAddress', 'code'], properties: { oldAddress: email, newAddress: email, code } },
} as const
/** The shared shape of every `…/transfer` route: the nonce names the account. */
export const transferSchema = {
  summary: 'Move an account linked to another user onto the signed-in user (the other user is deleted) → the user',
  headers: bearerHeaders,
  body: { type: 'object', required: ['nonce'], properties: { nonce: { type: 'string', minLength: 1, maxLength: 200 } } },
} as const

export default async function passwordlessLinkRoutes(app: ApiInstance) {
  const { passwordless, accounts } = app.gatehouse

  app.post('/passwordless/link', { schema: linkSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return passwordless.link(request.gatehouseApp!, userId, request.body, request.ip)
  })

  app.post('/passwordless/unlink', { schema: unlinkSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.unlink(request.gatehouseApp!, userId, 'email', request.body.address.trim().toLowerCase())
  })

  app.post('/passwordless/update', { schema: updateSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return passwordless.update(request.gatehouseApp!, userId, request.body, request.ip)
  })

  app.post('/passwordless/transfer', { schema: transferSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.transfer(request.gatehouseApp!, userId, 'email', request.body.nonce)
  })
}
