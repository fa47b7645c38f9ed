/**
 * Every route of the public API, registered under one prefix (`API_PREFIX`, '/api/v1', given in
 * app.ts): the route files name their paths relative to it. Pages and development routes
 * (health, wallet frame, dev outbox, dev IdP) live outside it and are registered by app.ts itself.
 */
import type { FastifyInstance } from 'fastify'
import { openApiRoutes } from '../openapi.js'
import { checkDeviceProof } from '../services/device-gate.js'
import { loginDevice } from '../services/device-proofs.js'
import { moveRefreshTokenToCookie } from '../services/session-cookie.js'
import adminRoutes from './admin.js'
import analyticsRoutes from './analytics.js'
import appsRoutes from './apps.js'
import crossAppRoutes from './cross-app.js'
import customAuthRoutes from './custom-auth.js'
import farcasterRoutes from './farcaster.js'
import fundingRoutes from './funding.js'
import guestRoutes from './guest.js'
import mfaRoutes from './mfa.js'
import oauthRoutes from './oauth.js'
import ownerUsersRoutes from './owner-users.js'
import ownerAnalyticsRoutes from './owner-analytics.js'
import ownerAccessRoutes from './owner-access.js'
import operatorMeRoutes from './operator-me.js'
import passkeyRoutes from './passkeys.js'
import passwordlessRoutes from './passwordless.js'
import passwordlessLinkRoutes from './passwordless-link.js'
import passwordlessSmsRoutes from './passwordless-sms.js'
import serverWalletRoutes from './server-wallets.js'
import sessionsRoutes from './sessions.js'
import siweRoutes from './siwe.js'
import siwsRoutes from './siws.js'
import telegramRoutes from './telegram.js'
import transactionRoutes from './transactions.js'
import usersRoutes from './users.js'
import walletRoutes from './wallets.js'
import delegationRoutes from './delegation.js'
import walletRpcRoutes from './wallet-rpc.js'
import smartWalletRoutes from './smart-wallets.js'
import webhookRoutes from './webhooks.js'

export default async function apiRoutes(app: FastifyInstance) {
  // A login route's DPoP proof binds the session it creates (services/device-proofs.ts). The store
  // wraps the whole request so that the session insert, deep in any login service, sees it.
  // It carries the client's user agent and address too, for the owner's session listing.
  app.addHook('onRequest', (request, _reply, done) => {
    const userAgent = request.headers['user-agent']
    loginDevice.run({ device: null, client: { userAgent: userAgent ? userAgent.slice(0, 512) : null, ip: request.ip ?? null } }, done)
  })
  app.decorateRequest('device', null)
  app.addHook('preHandler', async (request) => {
    // Every other state-changing call of a bound session proves its device (services/device-gate.ts).
    if (!request.routeOptions.config.issuesSession) return checkDeviceProof(request)
    const store = loginDevice.getStore()
    // A login proof only names the key the session will demand: it is not recorded (the login is
    // single-use itself: its code, nonce or challenge is spent) and its signature is not checked
    // here, because possession is proven where it matters, by a fresh signed proof on every refresh
    // and key-material call. A caller naming a key it does not hold only locks itself out; skipping
    // the check keeps device binding within its 10% share of login throughput (npm run bench).
    if (store) store.device = await app.gatehouse.deviceProofs.read(request, undefined, { spend: false, signed: false })
  })
  // Every auth response (logins and refreshes alike) passes here: on a page of the API's own site its refresh token becomes a cookie.
  app.addHook('preSerialization', async (request, reply, payload) => moveRefreshTokenToCookie(request, reply, payload, app.gatehouse.config.publicUrl))
  await app.register(openApiRoutes)
  await app.register(appsRoutes)
  await app.register(passwordlessRoutes)
  await app.register(passwordlessLinkRoutes)
  await app.register(passwordlessSmsRoutes)
  await app.register(customAuthRoutes)
  await app.register(oauthRoutes)
  await app.register(guestRoutes)
  await app.register(sessionsRoutes)
  await app.register(usersRoutes)
  await app.register(analyticsRoutes)
  await app.register(ownerAnalyticsRoutes)
  await app.register(siweRoutes)
  await app.register(siwsRoutes)
  await app.register(adminRoutes)
  await app.register(ownerAccessRoutes)
  await app.register(operatorMeRoutes)
  await app.register(walletRoutes)
  await app.register(delegationRoutes)
  await app.register(passkeyRoutes)
  await app.register(telegramRoutes)
  await app.register(farcasterRoutes)
  await app.register(transactionRoutes)
  await app.register(walletRpcRoutes)
  await app.register(mfaRoutes)
  await app.register(fundingRoutes)
  await app.register(ownerUsersRoutes)
  await app.register(webhookRoutes)
  await app.register(serverWalletRoutes)
  await app.register(crossAppRoutes)
  await app.register(smartWalletRoutes)
}
