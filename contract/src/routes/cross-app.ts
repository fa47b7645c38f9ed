/**
 * Cross-app accounts (spec part 3 §1 'Cross-app login', §3, §7): a requester app logs its users in
 * with another app's (the provider's) account and uses its embedded wallet through the provider's
 * popup pages. The provider's side: details, authorize (its signed-in user consents), token (the
 * requester's server trades the code, PKCE, for a provider access token) and transact verification.
 * The requester's side: connections, authenticate, link and unlink.
 */
import { defineRoute } from './define.ts'
import { appParams, bearerHeaders } from './headers.ts'
import { authResponseSchema, closedAnswer, closedObject, userResponseSchema, wireUserSchema } from './shared.ts'

/** An app id as the server makes them. */
const appId = { type: 'string', pattern: '^[a-z0-9]{25}$' } as const
/** PKCE (RFC 7636): S256 challenge and its verifier. */
const codeChallenge = { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } as const
const codeVerifier = { type: 'string', pattern: '^[A-Za-z0-9._~-]{43,128}$' } as const
const authCode = { type: 'string', minLength: 10, maxLength: 200 } as const
/** The requester page's origin the popup answers: it must be one the requester app allows. */
const requesterOrigin = { type: 'string', pattern: '^https?://[^/\\s]+$', maxLength: 2048 } as const

/** One wallet of the provider's user, as the requester sees it. */
const crossAppWallet = closedObject(['address'], { address: { type: 'string' }, chain_type: { type: 'string' } })
const crossAppWallets = { type: 'array', items: crossAppWallet } as const
/** The requester's side of a login or link: the popup's code and the PKCE verifier, for one provider. */
const codeExchangeBody = closedObject(['provider_app_id', 'code', 'code_verifier'], { provider_app_id: appId, code: authCode, code_verifier: codeVerifier })

/** The provider access token the requester holds per provider app (`oauth_tokens`). */
export const crossAppTokensSchema = {
  type: 'object',
  required: ['provider', 'access_token', 'access_token_expires_in_seconds', 'provider_app_id'],
  properties: {
    /** `privy:<provider app id>`, the provider name this API family gives cross-app tokens. */
    provider: { type: 'string' },
    provider_app_id: { type: 'string' },
    access_token: { type: 'string' },
    access_token_expires_in_seconds: { type: 'integer' },
  },
  additionalProperties: false,
} as const

/** One provider a requester may connect to (spec part 3 §3 'Cross-app connection'). */
export const crossAppConnectionSchema = {
  type: 'object',
  required: ['provider_app_id', 'provider_app_name', 'provider_app_icon_url', 'provider_app_custom_api_url', 'read_only'],
  properties: {
    provider_app_id: { type: 'string' },
    provider_app_name: { type: 'string' },
    provider_app_icon_url: { type: ['string', 'null'] },
    /** The provider's API origin when it runs on another server; null = this server. */
    provider_app_custom_api_url: { type: ['string', 'null'] },
    read_only: { type: 'boolean' },
  },
  additionalProperties: false,
} as const

export const crossAppRoutes = {
  'GET /apps/:app_id/cross-app/details': defineRoute({
    method: 'GET',
    path: '/apps/:app_id/cross-app/details',
    schema: {
      summary: "A cross-app provider's name and icon (what the requester's popup screens show)",
      params: appParams,
      response: {
        200: closedAnswer('The provider as it presents itself', ['name', 'icon_url'], { name: { type: 'string' }, icon_url: { type: ['string', 'null'] } }),
      },
    },
  }),
  'GET /apps/:app_id/cross-app/connections': defineRoute({
    method: 'GET',
    path: '/apps/:app_id/cross-app/connections',
    schema: {
      summary: 'The providers this requester app may connect to: those on this server that allow it, and those configured on other servers',
      params: appParams,
      response: {
        200: closedAnswer('The connections', ['connections'], { connections: { type: 'array', items: crossAppConnectionSchema } }),
      },
    },
  }),
  'POST /cross-app/authorize': defineRoute({
    method: 'POST',
    path: '/cross-app/authorize',
    schema: {
      summary: "Provider side: the signed-in user approves a requester's connection → a one-time code (PKCE-bound)",
      headers: bearerHeaders,
      body: closedObject(['requester_app_id', 'code_challenge', 'origin'], { requester_app_id: appId, code_challenge: codeChallenge, origin: requesterOrigin }),
      response: { 200: closedAnswer('The code, spent once by the requester server within 5 minutes', ['code'], { code: { type: 'string' } }) },
    },
  }),
  'POST /apps/:app_id/cross-app/token': defineRoute({
    method: 'POST',
    path: '/apps/:app_id/cross-app/token',
    schema: {
      summary: "Provider side, called by the requester's server: the code and its PKCE verifier → a provider access token and the user's wallets",
      params: appParams,
      body: closedObject(['code', 'code_verifier', 'requester_app_id'], { code: authCode, code_verifier: codeVerifier, requester_app_id: appId }),
      response: {
        200: closedAnswer(
          "The provider's user and a token for the requester",
          ['access_token', 'expires_in', 'subject', 'embedded_wallets', 'smart_wallets', 'read_only'],
          {
            access_token: { type: 'string' },
            expires_in: { type: 'integer' },
            subject: { type: 'string' },
            embedded_wallets: crossAppWallets,
            smart_wallets: crossAppWallets,
            read_only: { type: 'boolean' },
          },
        ),
      },
    },
  }),
  'POST /cross-app/verify': defineRoute({
    method: 'POST',
    path: '/cross-app/verify',
    schema: {
      summary: "Provider side, called by its transact popup: is this provider token the signed-in user's, and for which requester?",
      headers: bearerHeaders,
      body: closedObject(['token', 'origin'], { token: { type: 'string', maxLength: 4096 }, origin: requesterOrigin }),
      response: {
        200: closedAnswer('The token is valid and the signed-in user is its subject', ['requester_app_id', 'read_only', 'embedded_wallets'], {
          requester_app_id: { type: 'string' },
          read_only: { type: 'boolean' },
          embedded_wallets: crossAppWallets,
        }),
      },
    },
  }),
  'POST /cross-app/authenticate': defineRoute({
    method: 'POST',
    path: '/cross-app/authenticate',
    schema: {
      summary:
        "Requester side: log in with the provider's account (the popup's code and the PKCE verifier) → auth response with the provider token in oauth_tokens",
      body: codeExchangeBody,
      response: { 200: authResponseSchema },
    },
  }),
  'POST /cross-app/link': defineRoute({
    method: 'POST',
    path: '/cross-app/link',
    schema: {
      summary: "Requester side: link the provider's account to the signed-in user → the user and the provider token",
      headers: bearerHeaders,
      body: codeExchangeBody,
      response: {
        200: closedAnswer('The user with the cross_app account, and the provider token', ['user', 'oauth_tokens'], {
          user: wireUserSchema,
          oauth_tokens: crossAppTokensSchema,
        }),
      },
    },
  }),
  'POST /cross-app/unlink': defineRoute({
    method: 'POST',
    path: '/cross-app/unlink',
    schema: {
      summary: "Requester side: remove the provider's account from the signed-in user → the user",
      headers: bearerHeaders,
      body: closedObject(['provider_app_id', 'subject'], { provider_app_id: appId, subject: { type: 'string', minLength: 1, maxLength: 200 } }),
      response: { 200: userResponseSchema },
    },
  }),
} as const
