/**
 * Sign In With Farcaster (spec part 1 §3, §5): our API (`farcaster/{init,status,authenticate,link,
 * unlink,transfer}`) and the relay routes a Farcaster client talks to, in AuthKit's relay wire
 * format, under `/farcaster/relay` (a client configured with that relay URL posts to
 * `…/relay/v1/channel/authenticate`). And the Farcaster signer (spec part 3 §3, §7):
 * `farcaster/signer/{init,status}`.
 */
import { defineRoute } from './define.ts'
import { authMode, bearerHeaders, confirmWalletDeletion, transferNonce } from './headers.ts'
import { authResponseSchema, userResponseSchema } from './shared.ts'

/** The header carrying the channel token on our status route (the bearer stays the user's access token). */
export const FARCASTER_CHANNEL_TOKEN_HEADER = 'farcaster-channel-token'

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
const channelToken = { authorization: { type: 'string' } } as const

/** A channel's state (AuthKit `StatusAPIResponse`): the signed message and the profile the client sent once completed. */
const channelStatus = {
  type: 'object',
  required: ['state', 'nonce', 'url'],
  properties: {
    state: { type: 'string', enum: ['pending', 'completed'] },
    nonce: { type: 'string' },
    url: { type: 'string', description: 'the connect URI' },
    message: { type: 'string' },
    signature: { type: 'string' },
    fid: { type: 'integer' },
    username: { type: 'string' },
    bio: { type: 'string' },
    displayName: { type: 'string' },
    pfpUrl: { type: 'string' },
    verifications: { type: 'array', items: { type: 'string' } },
    custody: { type: 'string' },
  },
  additionalProperties: false,
} as const
const describedStatus = (description: string) => ({ ...channelStatus, description }) as const

/** Spec part 3 §3 'Farcaster signer': public_key, status, signer_approval_url. */
export const FARCASTER_SIGNER_STATUSES = ['pending_approval', 'approved', 'revoked'] as const
const ed25519PublicKey = { type: 'string', pattern: '^0x[0-9a-f]{64}$', description: 'ed25519 public key, 0x and 64 lower-case hex digits' } as const
const signerAnswer = (description: string) =>
  ({
    description,
    type: 'object',
    required: ['public_key', 'status'],
    properties: {
      public_key: ed25519PublicKey,
      status: { type: 'string', enum: FARCASTER_SIGNER_STATUSES },
      signer_approval_url: { type: 'string', description: 'the deep link the QR code and the open-app button carry (while pending)' },
      fid: { type: 'integer', description: "the user's fid once approved" },
    },
    additionalProperties: false,
  }) as const
const signerBody = {
  type: 'object',
  additionalProperties: false,
  required: ['ed25519_public_key'],
  properties: { ed25519_public_key: ed25519PublicKey },
} as const

export const farcasterRoutes = {
  'POST /farcaster/signer/init': defineRoute({
    method: 'POST',
    path: '/farcaster/signer/init',
    schema: {
      summary:
        "Add a signer to Farcaster: the app's account signs a signed-key request for the wallet frame's ed25519 key (frame origin only); the user approves it in the Farcaster app",
      headers: bearerHeaders,
      body: signerBody,
      response: { 200: signerAnswer('The signer request (pending_approval with its approval URL), or the signer already approved') },
    },
  }),
  'POST /farcaster/signer/status': defineRoute({
    method: 'POST',
    path: '/farcaster/signer/status',
    schema: {
      summary: "The signer request's status (pending_approval, approved, revoked), read from the signed-key-request service",
      headers: bearerHeaders,
      body: signerBody,
      response: { 200: signerAnswer('The status') },
    },
  }),

  'POST /farcaster/init': defineRoute({
    method: 'POST',
    path: '/farcaster/init',
    schema: {
      summary: 'Open a Sign In With Farcaster relay channel → { channel_token, connect_uri }',
      body: { type: 'object', properties: { token: { type: ['string', 'null'], maxLength: 4096 } } },
      response: {
        200: {
          description: 'The channel: its token (to poll its status) and the URI the QR code carries',
          type: 'object',
          required: ['channel_token', 'connect_uri'],
          properties: { channel_token: { type: 'string' }, connect_uri: { type: 'string' } },
          additionalProperties: false,
        },
      },
    },
  }),
  'GET /farcaster/status': defineRoute({
    method: 'GET',
    path: '/farcaster/status',
    schema: {
      summary: 'State of a relay channel (channel token in the farcaster-channel-token header) → { state, nonce, message, signature, fid, … }',
      headers: {
        type: 'object',
        required: [FARCASTER_CHANNEL_TOKEN_HEADER],
        properties: { [FARCASTER_CHANNEL_TOKEN_HEADER]: { type: 'string', minLength: 1, maxLength: 200 } },
      },
      response: { 200: describedStatus("The channel's state") },
    },
  }),
  'POST /farcaster/authenticate': defineRoute({
    method: 'POST',
    path: '/farcaster/authenticate',
    schema: {
      summary: 'Log in with the signed SIWF message of a channel → auth response',
      body: {
        type: 'object',
        required: ['channel_token', 'message', 'signature'],
        properties: { ...signed, mode: authMode },
      },
      response: { 200: authResponseSchema },
    },
  }),
  'POST /farcaster/link': defineRoute({
    method: 'POST',
    path: '/farcaster/link',
    schema: {
      summary: 'Link the Farcaster account of a signed SIWF message to the signed-in user → the user',
      headers: bearerHeaders,
      body: { type: 'object', required: ['channel_token', 'message', 'signature'], properties: signed },
      response: { 200: userResponseSchema },
    },
  }),
  'POST /farcaster/unlink': defineRoute({
    method: 'POST',
    path: '/farcaster/unlink',
    schema: {
      summary: "Unlink the signed-in user's Farcaster account → the user",
      headers: bearerHeaders,
      body: { type: 'object', required: ['fid'], properties: { fid } },
      response: { 200: userResponseSchema },
    },
  }),
  'POST /farcaster/transfer': defineRoute({
    method: 'POST',
    path: '/farcaster/transfer',
    schema: {
      summary: 'Move a Farcaster account linked to another user onto the signed-in user (the other user is deleted) → the user',
      headers: bearerHeaders,
      body: {
        type: 'object',
        required: ['nonce'],
        properties: {
          nonce: transferNonce,
          farcaster_id: { anyOf: [fid, { type: 'null' }] },
          farcaster_embedded_address: { type: ['string', 'null'], maxLength: 100 },
          confirm_wallet_deletion: confirmWalletDeletion,
        },
      },
      response: { 200: userResponseSchema },
    },
  }),
  'POST /farcaster/relay/v1/channel': defineRoute({
    method: 'POST',
    path: '/farcaster/relay/v1/channel',
    schema: {
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
      response: {
        201: {
          description: 'The channel opened: its token, connect URI and nonce',
          type: 'object',
          required: ['channelToken', 'url', 'nonce'],
          properties: { channelToken: { type: 'string' }, url: { type: 'string' }, nonce: { type: 'string' } },
          additionalProperties: false,
        },
      },
    },
  }),
  'GET /farcaster/relay/v1/channel/status': defineRoute({
    method: 'GET',
    path: '/farcaster/relay/v1/channel/status',
    schema: {
      summary: 'Relay (AuthKit wire format): channel state; channel token as the bearer. 202 while pending, 200 when completed',
      headers: { type: 'object', required: ['authorization'], properties: channelToken },
      response: { 200: describedStatus('The channel, completed'), 202: describedStatus('The channel, still pending') },
    },
  }),
  'POST /farcaster/relay/v1/channel/authenticate': defineRoute({
    method: 'POST',
    path: '/farcaster/relay/v1/channel/authenticate',
    schema: {
      summary: "Relay (AuthKit wire format): the Farcaster client posts the user's signed message; channel token as the bearer",
      headers: { type: 'object', required: ['authorization'], properties: { ...channelToken, 'x-farcaster-auth-relay-key': { type: 'string' } } },
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
      response: { 201: describedStatus('The channel, completed with the signed message') },
    },
  }),
} as const
