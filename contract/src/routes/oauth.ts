/** OAuth login, link, unlink and transfer, plus the providers' fixed callback (spec part 1 §4). */
import { defineRoute } from './define.ts'
import { authMode, bearerHeaders, confirmWalletDeletion, transferNonce } from './headers.ts'
import { authResponseSchema, userResponseSchema } from './shared.ts'
import { OAUTH_PROVIDERS } from './app-config.ts'

/** The OAuth providers an app can offer (`{provider}_oauth` accounts). */

const provider = { type: 'string', enum: [...OAUTH_PROVIDERS] } as const
const code = { type: 'string', minLength: 1, maxLength: 4096 } as const
// PKCE verifiers are 43–128 characters (RFC 7636); state codes are ours (base64url of random bytes).
const verifier = { type: 'string', minLength: 43, maxLength: 128 } as const
const state = { type: 'string', minLength: 16, maxLength: 256 } as const
const codeBody = { authorization_code: code, state_code: state, code_verifier: verifier, provider } as const

/** The fields of the providers' redirect the callback reads (providers add their own: scope, authuser, …). */
export const oauthCallbackFields = {
  type: 'object',
  properties: { code: { type: 'string' }, state: { type: 'string' }, error: { type: 'string' }, user: { type: 'string' } },
} as const
const backToPage = {
  303: { description: 'Back to the page that started the flow (Location: its URL with code, state and provider)', type: 'null' },
} as const

export const oauthRoutes = {
  'POST /oauth/init': defineRoute({
    method: 'POST',
    path: '/oauth/init',
    schema: {
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
      response: {
        200: {
          description: "The provider's authorization page",
          type: 'object',
          required: ['url'],
          properties: { url: { type: 'string' } },
          additionalProperties: false,
        },
      },
    },
  }),
  'GET /oauth/callback': defineRoute({
    method: 'GET',
    path: '/oauth/callback',
    schema: {
      summary: "The providers' redirect URI: sends the browser back to the page that started the flow with code, state and provider",
      querystring: oauthCallbackFields,
      response: backToPage,
    },
  }),
  'POST /oauth/callback': defineRoute({
    method: 'POST',
    path: '/oauth/callback',
    schema: {
      summary: "The providers' redirect URI for response_mode=form_post (Apple): the same, from a posted form",
      body: oauthCallbackFields,
      response: backToPage,
    },
  }),
  'POST /oauth/authenticate': defineRoute({
    method: 'POST',
    path: '/oauth/authenticate',
    schema: {
      summary: 'Finish an OAuth login: redeems the code → auth response with oauth_tokens',
      body: {
        type: 'object',
        required: ['authorization_code', 'state_code', 'code_verifier', 'provider'],
        properties: { ...codeBody, mode: authMode },
      },
      response: { 200: authResponseSchema },
    },
  }),
  'POST /oauth/link': defineRoute({
    method: 'POST',
    path: '/oauth/link',
    schema: {
      summary: 'Link an OAuth account to the signed-in user → the user',
      headers: bearerHeaders,
      body: { type: 'object', required: ['authorization_code', 'state_code', 'code_verifier', 'provider'], properties: codeBody },
      response: { 200: userResponseSchema },
    },
  }),
  'POST /oauth/unlink': defineRoute({
    method: 'POST',
    path: '/oauth/unlink',
    schema: {
      summary: "Unlink one of the signed-in user's OAuth accounts → the user",
      headers: bearerHeaders,
      body: { type: 'object', required: ['provider', 'subject'], properties: { provider, subject: { type: 'string', minLength: 1, maxLength: 512 } } },
      response: { 200: userResponseSchema },
    },
  }),
  'POST /oauth/transfer': defineRoute({
    method: 'POST',
    path: '/oauth/transfer',
    schema: {
      summary: 'Move an OAuth account linked to another user onto the signed-in user (the other user is deleted) → the user',
      headers: bearerHeaders,
      body: {
        type: 'object',
        required: ['nonce', 'provider'],
        properties: { nonce: transferNonce, provider, userInfo: { type: 'object' }, confirm_wallet_deletion: confirmWalletDeletion },
      },
      response: { 200: userResponseSchema },
    },
  }),
} as const
