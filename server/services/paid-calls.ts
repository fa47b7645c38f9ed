/**
 * Calls that spend what the app pays for (its scanning service, its funding providers, its cluster
 * RPC): a live session (a logged-out session's token no longer spends them) and throttles per user
 * and per IP, so no single caller drains the app's quotas.
 */
import type { FastifyRequest } from 'fastify'
import { appOf } from '../context.js'
import { requireSignedInUser } from './bearer.js'

/** A signed-in, live session's call to a paid service: counts against the user's and the IP's budgets. */
export async function requirePaidCall(request: FastifyRequest, kind: 'paid' | 'status' = 'paid'): Promise<{ userId: string; sessionId: string }> {
  const claims = await requireSignedInUser(request)
  const { throttle } = request.server.gatehouse
  const appId = appOf(request).id
  if (kind === 'status') await throttle.hit(`funding-status:${appId}:${claims.userId}`, throttle.limits.fundingStatus)
  else {
    await throttle.hit(`paid:${appId}:${claims.userId}`, throttle.limits.paidCalls)
    await throttle.ipHit('paid', request.ip, throttle.limits.ipPaidCalls)
  }
  return claims
}

/** A public read that costs the app an upstream call (`GET /spl_token_info`): throttled per IP. */
export function publicPaidRead(request: FastifyRequest): Promise<void> {
  const { throttle } = request.server.gatehouse
  return throttle.ipHit('paid', request.ip, throttle.limits.ipPaidCalls)
}
