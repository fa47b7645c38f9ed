import type { FastifyRequest } from 'fastify'
import { ApiError } from '../errors.js'

/** Verifies `Authorization: Bearer <access token>` for the request's app. */
export async function requireBearer(request: FastifyRequest): Promise<{ userId: string; sessionId: string }> {
  const claims = await readBearer(request)
  if (!claims) throw new ApiError('missing_or_invalid_token', 'Missing or invalid access token')
  return claims
}

/** The raw token of `Authorization: Bearer <token>`, or null (access tokens, admin token, Farcaster channel tokens). */
export function bearerToken(request: FastifyRequest): string | null {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null
}

/** The bearer's claims, or null when there is none or it does not verify. */
export async function readBearer(request: FastifyRequest): Promise<{ userId: string; sessionId: string } | null> {
  const token = bearerToken(request)
  const app = request.gatehouseApp
  if (!token || !app) return null
  try {
    const claims = await request.server.gatehouse.keys.verifyAccessToken(token, app.id)
    return { userId: claims.sub, sessionId: claims.sid }
  } catch {
    return null
  }
}

/**
 * The signed-in user for link, unlink, update and transfer calls (spec §5: authenticated only):
 * no bearer → `must_be_authenticated`; a bad one or a revoked session → `missing_or_invalid_token`.
 */
export async function requireSignedInUser(request: FastifyRequest): Promise<{ userId: string; sessionId: string }> {
  if (!request.headers.authorization) throw new ApiError('must_be_authenticated', 'User must be authenticated')
  return requireLiveBearer(request)
}

/** A bearer that verifies and whose session is live (not logged out or revoked); none at all → `missing_or_invalid_token`. */
export async function requireLiveBearer(request: FastifyRequest): Promise<{ userId: string; sessionId: string }> {
  const claims = await requireBearer(request)
  await request.server.gatehouse.sessions.userForSession(claims.sessionId, claims.userId)
  return claims
}
