/** OAuth login, link, unlink and transfer (issue #4), plus the providers' fixed callback. */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { requireCaptcha } from '../services/captcha.js'
import { HEADER_APP, NO_APP } from '../context.js'
import type { AuthMode } from '../services/accounts.js'
import { requireSignedInUser } from '../services/bearer.js'
import { OAUTH_PROVIDERS } from '../services/oauth-providers.js'
import { CALLBACK_PATH } from '../services/oauth.js'

const provider = { type: 'string', enum: [...OAUTH_PROVIDERS] } as const
const code = { type: 'string', minLength: 1, maxLength: 4096 } as const
// PKCE verifiers are 43–128 characters (RFC 7636); state codes are ours (base64url of random bytes).
const verifier = { type: 'string', minLength: 43, maxLength: 128 } as const
const state = { type: 'string', minLength: 16, maxLength: 256 } as const
const bearerHeaders = { type: 'object', properties: { authorization: { type: 'string' } } } as const
const codeBody = { authorization_code: code, state_code: state, code_verifier: verifier, provider }

const initSchema = {
  summary: "Start an OAuth flow: remembers the state code and PKCE challenge → { url } of the provider's authorization page",
  body: {
    type: 'object',
    required: ['provider', 'redirect_to', 'code_challenge', 'state_code'],
    properties: { provider, redirect_to: { type: 'string', minLength: 1, maxLength: 2048 }, token: { type: 'string', maxLength: 4096 }, code_challenge: { type: 'string', minLength: 43, maxLength: 128 }, state_code: state },
  },
} as const
const authenticateSchema = {
  summary: 'Finish an OAuth login: redeems the code → auth response with oauth_tokens',
  body: { type: 'object', required: ['authorization_code', 'state_code', 'code_verifier', 'provider'], properties: { ...codeBody, mode: { type: 'string', enum: ['login-or-sign-up', 'no-signup'] } } },
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
  body: { type: 'object', required: ['nonce', 'provider'], properties: { nonce: { type: 'string', minLength: 1, maxLength: 200 }, provider, userInfo: { type: 'object' } } },
} as const
const callbackFields = { type: 'object', properties: { code: { type: 'string' }, state: { type: 'string' }, error: { type: 'string' }, user: { type: 'string' } } } as const
const callbackSchema = {
  summary: "The providers' redirect URI: sends the browser back to the page that started the flow with code, state and provider",
  querystring: callbackFields,
} as const
const callbackPostSchema = {
  summary: "The providers' redirect URI for response_mode=form_post (Apple): the same, from a posted form",
  body: callbackFields,
} as const

type CodeBody = { authorization_code: string; state_code: string; code_verifier: string; provider: string }

export default async function oauthRoutes(app: FastifyInstance) {
  const { accounts, oauth, throttle } = app.gatehouse

  app.post<{ Body: { provider: string; redirect_to: string; code_challenge: string; state_code: string; token?: string } }>(
    '/api/v1/oauth/init',
    { schema: initSchema, config: HEADER_APP },
    async (request) => {
      await throttle.hit(`auth:ip:${request.ip}`, throttle.limits.ipAuthenticate)
      await requireCaptcha(request, request.body.token)
      return oauth.init(request.gatehouseApp!, request.body)
    },
  )

  const backToPage = async (fields: Record<string, string | undefined>, reply: FastifyReply) => {
    const target = await oauth.callback(fields)
    if (!target) return reply.code(400).type('text/plain').send('This sign-in link has expired or is invalid. Close this window and try again.')
    return reply.redirect(target, 303)
  }
  app.get<{ Querystring: Record<string, string | undefined> }>(CALLBACK_PATH, { schema: callbackSchema, config: NO_APP }, (request, reply) => backToPage(request.query, reply))

  // form_post providers (Apple) submit an HTML form to the callback. The parser is this plugin's
  // own (Fastify encapsulation): no other route accepts form bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)))
  })
  app.post<{ Body: Record<string, string | undefined> }>(CALLBACK_PATH, { schema: callbackPostSchema, config: NO_APP }, (request, reply) => backToPage(request.body ?? {}, reply))

  app.post<{ Body: CodeBody & { mode?: AuthMode } }>('/api/v1/oauth/authenticate', { schema: authenticateSchema, config: HEADER_APP }, async (request) => {
    await throttle.hit(`auth:ip:${request.ip}`, throttle.limits.ipAuthenticate)
    const { proven, tokens } = await oauth.prove(request.gatehouseApp!, request.body)
    const response = await accounts.loginOrSignUp(request.gatehouseApp!, proven, { mode: request.body.mode })
    return { ...response, oauth_tokens: tokens }
  })

  app.post<{ Body: CodeBody }>('/api/v1/oauth/link', { schema: linkSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    const { proven } = await oauth.prove(request.gatehouseApp!, request.body)
    return accounts.link(request.gatehouseApp!, userId, proven)
  })

  app.post<{ Body: { provider: string; subject: string } }>('/api/v1/oauth/unlink', { schema: unlinkSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.unlink(request.gatehouseApp!, userId, `${request.body.provider}_oauth`, request.body.subject)
  })

  app.post<{ Body: { nonce: string; provider: string } }>('/api/v1/oauth/transfer', { schema: transferSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.transfer(request.gatehouseApp!, userId, `${request.body.provider}_oauth`, request.body.nonce)
  })
}
