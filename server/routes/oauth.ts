/** OAuth login, link, unlink and transfer, plus the providers' fixed callback. */
import { ROUTES, type oauthCallbackFields } from '@gatehouse/contract/routes'
import type { FastifyReply } from 'fastify'
import type { FromSchema } from 'json-schema-to-ts'
import { appOf, type ApiInstance, HEADER_APP, LOGIN_ROUTE, NO_APP } from '../context.js'
import { accountRoutes } from './account-routes.js'

type CallbackFields = FromSchema<typeof oauthCallbackFields>

const init = ROUTES['POST /oauth/init']
const callback = ROUTES['GET /oauth/callback']
const callbackPost = ROUTES['POST /oauth/callback']
const authenticate = ROUTES['POST /oauth/authenticate']

export default async function oauthRoutes(app: ApiInstance) {
  const { oauth } = app.gatehouse

  app.post(init.path, { schema: init.schema, config: HEADER_APP }, async (request) => oauth.init(appOf(request), request.body, request.ip))

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
    oauth.authenticate(appOf(request), request.body, request.ip),
  )

  const routes = { link: ROUTES['POST /oauth/link'], unlink: ROUTES['POST /oauth/unlink'], transfer: ROUTES['POST /oauth/transfer'] }
  accountRoutes(app, routes, {
    link: (target, userId, request) => oauth.link(target, userId, request.body),
    type: (body) => `${body.provider}_oauth`,
    address: (body) => body.subject,
  })
}
