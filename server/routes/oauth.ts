/** OAuth login, link, unlink and transfer, plus the providers' fixed callback. */
import { ROUTES, type oauthCallbackFields } from '@gatehouse/contract/routes'
import type { FastifyReply } from 'fastify'
import type { FromSchema } from 'json-schema-to-ts'
import { type ApiInstance, HEADER_APP, LOGIN_ROUTE, NO_APP } from '../context.js'
import { requireSignedInUser } from '../services/bearer.js'

type CallbackFields = FromSchema<typeof oauthCallbackFields>

const init = ROUTES['POST /oauth/init']
const callback = ROUTES['GET /oauth/callback']
const callbackPost = ROUTES['POST /oauth/callback']
const authenticate = ROUTES['POST /oauth/authenticate']
const link = ROUTES['POST /oauth/link']
const unlink = ROUTES['POST /oauth/unlink']
const transfer = ROUTES['POST /oauth/transfer']

export default async function oauthRoutes(app: ApiInstance) {
  const { accounts, oauth } = app.gatehouse

  app.post(init.path, { schema: init.schema, config: HEADER_APP }, async (request) => oauth.init(request.gatehouseApp!, request.body, request.ip))

  // Only the fields the callback reads: providers add their own (scope, authuser, …).
  const backToPage = async ({ code, state, error, user }: CallbackFields, reply: FastifyReply) => {
    const target = await oauth.callback({ code, state, error, user })
    if (!target) return reply.code(400).type('text/plain').send('This sign-in link has expired or is invalid. Close this window and try again.')
    return reply.redirect(target, 303)
  }
  app.get(callback.path, { schema: callback.schema, config: NO_APP }, (request, reply) => backToPage(request.query, reply))

  // form_post providers (Apple) submit an HTML form to the callback. The parser is this plugin's
  // own (Fastify encapsulation): no other route accepts form bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)))
  })
  app.post(callbackPost.path, { schema: callbackPost.schema, config: NO_APP }, (request, reply) => backToPage(request.body ?? {}, reply))

  app.post(authenticate.path, { schema: authenticate.schema, config: LOGIN_ROUTE }, async (request) =>
    oauth.authenticate(request.gatehouseApp!, request.body, request.ip),
  )

  app.post(link.path, { schema: link.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return oauth.link(request.gatehouseApp!, userId, request.body)
  })

  app.post(unlink.path, { schema: unlink.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.unlink(request.gatehouseApp!, userId, `${request.body.provider}_oauth`, request.body.subject)
  })

  app.post(transfer.path, { schema: transfer.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.transfer(request.gatehouseApp!, userId, `${request.body.provider}_oauth`, request.body.nonce)
  })
}
