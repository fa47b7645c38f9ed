/**
 * The device rule for state-changing calls (contract/src/device-binding.ts): a token of a
 * device-bound session, replayed without that device's proof, changes nothing. One hook runs it for
 * every API route (routes/api.ts) except login routes, which stay as cheap as before.
 *
 * - A bound session's non-GET call must carry a DPoP proof by the session's key, bound to this
 *   access token (`ath`), spent once. The verified binding is left on `request.device` for the
 *   routes that look at it (wallet frame calls), so nothing is verified or spent twice.
 * - An unbound session (a client of the API that holds no device key) keeps working, but on an
 *   account holding an embedded wallet it changes no login method or contact: such a change could
 *   hand the wallet's recovery to whoever holds the token.
 */
import { ACCOUNT_CHANGE_PATH, needsTokenProof, UNBOUND_SESSION_MESSAGE } from '@gatehouse/contract'
import type { FastifyRequest } from 'fastify'
import { API_PREFIX } from '../context.js'
import { ApiError } from '../errors.js'
import { holdsEmbeddedWallet } from './accounts.js'
import { bearerToken, readBearer } from './bearer.js'

export async function checkDeviceProof(request: FastifyRequest): Promise<void> {
  const path = (request.routeOptions.url ?? '').slice(API_PREFIX.length)
  if (!needsTokenProof(request.method, path)) return
  const token = bearerToken(request)
  if (!token) return
  // Not a user's access token (admin token, Farcaster channel token, expired): the route refuses it itself.
  const claims = await readBearer(request)
  if (!claims) return
  const { sessions, deviceProofs, db } = request.server.gatehouse
  const session = await sessions.activeSession(claims.sessionId, claims.userId)
  if (session.device_jkt) {
    const device = await deviceProofs.require(request, token)
    if (device.jkt !== session.device_jkt) throw new ApiError('invalid_device_proof', 'A proof by the device of this session is required')
    request.device = device
  } else if (ACCOUNT_CHANGE_PATH.test(path) && (await holdsEmbeddedWallet(db, claims.userId))) {
    throw new ApiError('session_not_device_bound', UNBOUND_SESSION_MESSAGE)
  }
}
