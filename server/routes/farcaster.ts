/**
 * Sign In With Farcaster: our API (`farcaster/{init,status,authenticate,link,unlink,
 * transfer}`) and the relay routes a Farcaster client talks to (AuthKit's relay wire format,
 * mounted under `/api/v1/farcaster/relay`, so a client configured with that relay URL posts to
 * `…/relay/v1/channel/authenticate`). The checks are in services/farcaster.ts.
 */
import { type ApiInstance, emptyBody, HEADER_APP, LOGIN_ROUTE, NO_APP } from '../context.js'
import { bearerToken, requireSignedInUser } from '../services/bearer.js'

/** The header carrying the channel token on our status route (the bearer stays the user's access token). */
export const CHANNEL_TOKEN_HEADER = 'farcaster-channel-token'
/** The relay's routes, under the API prefix: a relay URL names `{PUBLIC_URL}/api/v1/farcaster/relay`. */
const RELAY_ROUTE = '/farcaster/relay'

const bearerHeaders = { type: 'object', properties: { authorization: { type: 'string' } } } as const
const fid = {
  anyOf: [
    { type: 'integer', minimum: 1 },
    { type: 'string', pattern: '^[1-9][0-9]{0,19}$' },
  ],
} as const
const signed = {
  channel_token: { type: 'string', minLength: 1, maxLength: 200 },
  message: { type: 'string', minLength: 1, maxLength: 4096 },
  signature: { type: 'string', minLength: 1, maxLength: 4096 },
  fid,
} as const
const initSchema = {
  summary: 'Open a Sign In With Farcaster relay channel → { channel_token, connect_uri }',
  body: { type: 'object', properties: { token: { type: ['string', 'null'], maxLength: 4096 } } },
} as const
const statusSchema = {
  summary: 'State of a relay channel (channel token in the farcaster-channel-token header) → { state, nonce, message, signature, fid, … }',
  headers: { type: 'object', required: [CHANNEL_TOKEN_HEADER], properties: { [CHANNEL_TOKEN_HEADER]: { type: 'string', minLength: 1, maxLength: 200 } } },
} as const
const authenticateSchema = {
  summary: 'Log in with the signed SIWF message of a channel → auth response',
  body: {
    type: 'object',
    required: ['channel_token', 'message', 'signature'],
    properties: { ...signed, mode: { type: 'string', enum: ['login-or-sign-up', 'no-signup'] } },
  },
} as const
const linkSchema = {
  summary: 'Link the Farcaster account of a signed SIWF message to the signed-in user → the user',
  headers: bearerHeaders,
  body: { type: 'object', required: ['channel_token', 'message', 'signature'], properties: signed },
} as const
const unlinkSchema = {
  summary: "Unlink the signed-in user's Farcaster account → the user",
  headers: bearerHeaders,
  body: { type: 'object', required: ['fid'], properties: { fid } },
} as const
const transferSchema = {
  summary: 'Move a Farcaster account linked to another user onto the signed-in user (the other user is deleted) → the user',
  headers: bearerHeaders,
  body: {
    type: 'object',
    required: ['nonce'],
    properties: {
      nonce: { type: 'string', minLength: 1, maxLength: 200 },
      farcaster_id: { anyOf: [fid, { type: 'null' }] },
      farcaster_embedded_address: { type: ['string', 'null'], maxLength: 100 },
    },
  },
} as const
const relayAuthenticateSchema = {
  summary: "Relay (AuthKit wire format): the Farcaster client posts the user's signed message; channel token as the bearer",
  headers: { type: 'object', required: ['authorization'], properties: { authorization: { type: 'string' }, 'x-farcaster-auth-relay-key': { type: 'string' } } },
  body: {
    type: 'object',
    required: ['message', 'signature', 'fid'],
    properties: {
      message: { type: 'string', minLength: 1, maxLength: 4096 },
      signature: { type: 'string', pattern: '^0x[0-9a-fA-F]+$', maxLength: 4096 },
      fid: { type: 'integer', minimum: 1 },
      username: { type: 'string', maxLength: 256 },
      bio: { type: 'string', maxLength: 1024 },
      displayName: { type: 'string', maxLength: 256 },
      pfpUrl: { type: 'string', maxLength: 2048 },
      verifications: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 100 } },
      custody: { type: 'string', maxLength: 100 },
      authMethod: { type: 'string', maxLength: 32 },
    },
  },
} as const
const relayCreateSchema = {
  summary: 'Relay (AuthKit wire format): open a channel for an app server that verifies it itself → 201 { channelToken, url, nonce }',
  body: {
    type: 'object',
    required: ['siweUri', 'domain'],
    properties: {
      siweUri: { type: 'string', pattern: '^https?://', maxLength: 2048 },
      domain: { type: 'string', minLength: 1, maxLength: 255 },
      nonce: { type: 'string', pattern: '^[a-zA-Z0-9]{8,96}$' },
      notBefore: { type: 'string', maxLength: 64 },
      expirationTime: { type: 'string', maxLength: 64 },
      requestId: { type: 'string', maxLength: 256 },
      redirectUrl: { type: 'string', maxLength: 2048 },
      acceptAuthAddress: { type: 'boolean' },
    },
  },
} as const
const relayStatusSchema = {
  summary: 'Relay (AuthKit wire format): channel state; channel token as the bearer. 202 while pending, 200 when completed',
  headers: { type: 'object', required: ['authorization'], properties: { authorization: { type: 'string' } } },
} as const

export default async function farcasterRoutes(app: ApiInstance) {
  const { accounts, farcaster } = app.gatehouse

  app.post('/farcaster/init', { schema: initSchema, config: HEADER_APP, preValidation: emptyBody }, async (request) => {
    const { channel_token, connect_uri } = await farcaster.createChannel(request.gatehouseApp!, request.headers.origin, {
      token: request.body?.token,
      ip: request.ip,
    })
    return { channel_token, connect_uri }
  })

  app.get('/farcaster/status', { schema: statusSchema, config: HEADER_APP }, async (request) => {
    return farcaster.status(String(request.headers[CHANNEL_TOKEN_HEADER]), request.gatehouseApp!)
  })

  app.post('/farcaster/authenticate', { schema: authenticateSchema, config: LOGIN_ROUTE }, async (request) =>
    farcaster.authenticate(request.gatehouseApp!, request.body, request.headers.origin, request.ip),
  )

  app.post('/farcaster/link', { schema: linkSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return farcaster.link(request.gatehouseApp!, userId, request.body, request.headers.origin, request.ip)
  })

  app.post('/farcaster/unlink', { schema: unlinkSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    return accounts.unlink(request.gatehouseApp!, userId, 'farcaster', String(request.body.fid))
  })

  app.post('/farcaster/transfer', { schema: transferSchema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireSignedInUser(request)
    // The nonce names the account (bound to this user and type); farcaster_id and
    // farcaster_embedded_address (spec §7) are accepted for wire compatibility.
    return accounts.transfer(request.gatehouseApp!, userId, 'farcaster', request.body.nonce)
  })

  app.post(`${RELAY_ROUTE}/v1/channel`, { schema: relayCreateSchema, config: NO_APP }, async (request, reply) => {
    const { siweUri, domain, nonce, notBefore, expirationTime } = request.body
    return reply.code(201).send(await farcaster.relayCreateChannel({ siweUri, domain, nonce, notBefore, expirationTime }, request.ip))
  })

  app.get(`${RELAY_ROUTE}/v1/channel/status`, { schema: relayStatusSchema, config: NO_APP }, async (request, reply) => {
    const status = await farcaster.relayStatus(bearerToken(request))
    return reply.code(status.state === 'completed' ? 200 : 202).send(status)
  })

  app.post(`${RELAY_ROUTE}/v1/channel/authenticate`, { schema: relayAuthenticateSchema, config: NO_APP }, async (request, reply) => {
    const key = request.headers['x-farcaster-auth-relay-key']
    const status = await farcaster.relayAuthenticate(bearerToken(request), request.body, typeof key === 'string' ? key : undefined, request.ip)
    return reply.code(201).send(status)
  })
}
