/** OAuth login, link, unlink and transfer, plus the providers' fixed callback. */
import type { FastifyReply } from 'fastify'
import type { FromSchema } from 'json-schema-to-ts'
import { type ApiInstance, HEADER_APP, LOGIN_ROUTE, NO_APP } from '../context.js'
import { requireSignedInUser } from '../services/bearer.js'
import { OAUTH_PROVIDERS } from '../services/oauth-providers.js'
import { CALLBACK_ROUTE } from '../services/oauth.js'

const provider = { type: 'string', enum: [...OAUTH_PROVIDERS] } as const
const code = { type: 'string', minLength: 1, maxLength: 4096 } as const
// PKCE verifiers are 43–128 characters (RFC 7636); state codes are ours (base64url of random bytes).
const verifier = { type: 'string', minLength: 43, maxLength: 128 } as const
const state = { type: 'string', minLength: 16, maxLength: 256 } as const
const bearerHeaders = { type: 'object', properties: { authorization: { type: 'string' } } } as const
const codeBody = { authorization_code: code, state_code: state, code_verifier: verifier, provider } as const

const initSchema = {
  summary: "Start an OAuth flow: remembers the state code and PKCE challenge → { url } of the provider's authorization page",
  body: {
    type: 'object',
    required: ['provider', 'redirect_to', 'code_challenge', 'state_code'],
    properties: {
      provider,
      redirect_to: { type: 'string', minLength: 1, maxLength: 2048 },
      token: { type: 'string', maxLength: 4096 },
      code_challenge: { type: 'string', minLength: 43, maxLength: 128 },
      state_code: state,
    },
  },
} as const
const authenticateSchema = {
  summary: 'Finish an OAuth login: redeems the code → auth response with oauth_tokens',
  body: {
    type: 'object',
    required: ['authorization_code', 'state_code', 'code_verifier', 'provider'],
    properties: { ...codeBody, mode: { type: 'string', enum: ['login-or-sign-up', 'no-signup'] } },
  },
} as const
const linkSchema = {
  summary: 'Link an OAuth account to the signed-in user → the user',
  headers: bearerHeaders,
  body: { type: 'object', required: ['authorization_code', 'state_code', 'code_verifier', 'provider'], properties: codeBody },
} as const
const unlinkSchema = {
  summary: "Unlink one of the signed-in user's OAuth accounts → the user",
  headers: bearerHeaders,
  body: { type: 'object', required: ['provider', 'subject'], properties: { provider, subject: { type: 'string', minLength: 1, maxLength: 512 } } },
} as const
const transferSchema = {
  summary: 'Move an OAuth account linked to another user onto the signed-in user (the other user is deleted) → the user',
  headers: bearerHeaders,
  body: {
    type: 'object',
    required: ['nonce', 'provider'],
    properties: { nonce: { type: 'string', minLength: 1, maxLength: 200 }, provider, userInfo: { type: 'object' } },
  },
} as const
const callbackFields = {
  type: 'object',
  properties: { code: { type: 'string' }, state: { type: 'string' }, error: { type: 'string' }, user: { type: 'string' } },
} as const
type CallbackFields = FromSchema<typeof callbackFields>

const callbackSchema = {
  summary: "The providers' redirect URI: sends the browser back to the page that started the flow with code, state and provider",
  querystring: callbackFields,
} as const
const callbackPostSchema = {
  summary: "The providers' redirect URI for response_mode=form_post (Apple): the same, from a posted form",
  body: callbackFields,
} as const

export default async function oauthRoutes(app: ApiInstance) {
  const { accounts, oauth } = app.gatehouse

  app.post('/oauth/init', { schema: initSchema, config: HEADER_APP }, async (request) => oauth.init(request.gatehouseApp!, request.body, request.ip))

  // Only the fields the callback reads: providers add their own (scope, authuser, …).
  const backToPage = async ({ code, state, error, user }: CallbackFields, reply: FastifyReply) => {
    const target = await oauth.callback({ code, state, error, user })
    if (!target) return reply.code(400).type('text/plain').send('This sign-in link has expired or is invalid. Close this window and try again.')
    return reply.redirect(target, 303)
  }
  app.get(CALLBACK_ROUTE, { schema: callbackSchema, config: NO_APP }, (request, reply) => backToPage(request.query, reply))

  // form_post providers (Apple) submit an HTML form to the callback. The parser is this plugin's
  // own (Fastify encapsulation): no other route accepts form bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)))
  })
  app.post(CALLBACK_ROUTE, { schema: callbackPostSchema, config: NO_APP }, (request, reply) => backToPage(request.body ?? {}, reply))

  app.post('/oauth/authenticate', { schema: authenticateSchema, config: LOGIN_ROUTE }, async (request) =>
    oauth.authenticate(request.gatehouseApp!, request.body, request.ip),
  )

  app.post('/oauth/link', { schema: linkSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return oauth.link(request.gatehouseApp!, userId, request.body)
  })

  app.post('/oauth/unlink', { schema: unlinkSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.unlink(request.gatehouseApp!, userId, `${request.body.provider}_oauth`, request.body.subject)
  })

  app.post('/oauth/transfer', { schema: transferSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.transfer(request.gatehouseApp!, userId, `${request.body.provider}_oauth`, request.body.nonce)
  })
}
