/**
 * Sign In With Farcaster: our API (`farcaster/{init,status,authenticate,link,unlink,
 * transfer}`) and the relay routes a Farcaster client talks to (AuthKit's relay wire format,
 * mounted under `/api/v1/farcaster/relay`, so a client configured with that relay URL posts to
 * `…/relay/v1/channel/authenticate`). The checks are in services/farcaster.ts.
 */
import { FARCASTER_CHANNEL_TOKEN_HEADER, ROUTES } from '@gatehouse/contract/routes'
import { appOf, type ApiInstance, emptyBody, HEADER_APP, LOGIN_ROUTE, NO_APP } from '../context.js'
import { bearerToken, requireBearer } from '../services/bearer.js'
import { accountRoutes } from './account-routes.js'

const init = ROUTES['POST /farcaster/init']
const status = ROUTES['GET /farcaster/status']
const authenticate = ROUTES['POST /farcaster/authenticate']
const relayCreate = ROUTES['POST /farcaster/relay/v1/channel']
const relayStatus = ROUTES['GET /farcaster/relay/v1/channel/status']
const relayAuthenticate = ROUTES['POST /farcaster/relay/v1/channel/authenticate']
const signerInit = ROUTES['POST /farcaster/signer/init']
const signerStatus = ROUTES['POST /farcaster/signer/status']

export default async function farcasterRoutes(app: ApiInstance) {
  const { farcaster, farcasterSigners } = app.gatehouse

  app.post(init.path, { schema: init.schema, config: HEADER_APP, preValidation: emptyBody }, async (request) => {
    const { channel_token, connect_uri } = await farcaster.createChannel(appOf(request), request.headers.origin, {
      token: request.body?.token,
      ip: request.ip,
    })
    return { channel_token, connect_uri }
  })

  app.get(status.path, { schema: status.schema, config: HEADER_APP }, async (request) => {
    return farcaster.status(String(request.headers[FARCASTER_CHANNEL_TOKEN_HEADER]), appOf(request))
  })

  app.post(authenticate.path, { schema: authenticate.schema, config: LOGIN_ROUTE }, async (request) =>
    farcaster.authenticate(appOf(request), request.body, request.headers.origin, request.ip),
  )

  const routes = { link: ROUTES['POST /farcaster/link'], unlink: ROUTES['POST /farcaster/unlink'], transfer: ROUTES['POST /farcaster/transfer'] }
  // A transfer's nonce names the account (bound to this user and type); farcaster_id and
  // farcaster_embedded_address (spec §7) are accepted for wire compatibility.
  accountRoutes(app, routes, {
    link: (target, userId, request) => farcaster.link(target, userId, request.body, request.headers.origin, request.ip),
    type: 'farcaster',
    address: (body) => String(body.fid),
  })

  app.post(relayCreate.path, { schema: relayCreate.schema, config: NO_APP }, async (request, reply) => {
    const { siweUri, domain, nonce, notBefore, expirationTime } = request.body
    return reply.code(201).send(await farcaster.relayCreateChannel({ siweUri, domain, nonce, notBefore, expirationTime }, request.ip))
  })

  app.get(relayStatus.path, { schema: relayStatus.schema, config: NO_APP }, async (request, reply) => {
    const status = await farcaster.relayStatus(bearerToken(request))
    return status.state === 'completed' ? reply.code(200).send(status) : reply.code(202).send(status)
  })

  app.post(relayAuthenticate.path, { schema: relayAuthenticate.schema, config: NO_APP }, async (request, reply) => {
    const key = request.headers['x-farcaster-auth-relay-key']
    const status = await farcaster.relayAuthenticate(bearerToken(request), request.body, typeof key === 'string' ? key : undefined, request.ip)
    return reply.code(201).send(status)
  })

  // The wallet frame's own call (its origin and device proof: services/farcaster-signer.ts).
  app.post(signerInit.path, { schema: signerInit.schema, config: HEADER_APP }, async (request) => {
    const claims = await requireBearer(request)
    const caller = { ...claims, origin: request.headers.origin, device: request.device ?? null }
    return farcasterSigners.init(appOf(request), caller, request.body.ed25519_public_key)
  })

  app.post(signerStatus.path, { schema: signerStatus.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requireBearer(request)
    return farcasterSigners.status(appOf(request), userId, request.body.ed25519_public_key)
  })
}
