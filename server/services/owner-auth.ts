/**
 * Who may call the app owner's API (issue #27) and what they may do: ONE function,
 * `authorizeOwner(request, appId, permission)`, called first by every owner route. Callers:
 * - the operator's `GATEHOUSE_ADMIN_TOKEN` (Bearer): everything, every app (automation);
 * - an app secret (`Authorization: Basic base64(appId:appSecret)` plus the `privy-app-id` header):
 *   its own app only, read and write (not 'secrets': a secret cannot mint or revoke secrets);
 * - an operator (Bearer: an access token of the console app, GATEHOUSE_CONSOLE_APP_ID, on a live
 *   session) with a role per app: viewer reads, admin reads and writes, owner does everything.
 * `appId` null means an operator-wide route (create an app, the audit log of every app): the admin
 * token, or an operator who owns the whole server (services/console-owners.ts: a server owner is
 * owner of every app). Scope 'self' (the operator's own app list and profile) admits any operator.
 * Owner-only changes ('secrets': roles, app secrets, deleting an app) by an operator need MFA: a
 * method enrolled on their console account and a live verification on this session (SECURITY.md).
 * The answer names the caller, with an operator's e-mail, for the audit log.
 */
import type { FastifyRequest } from 'fastify'
import { constantTimeEqual } from '../crypto/hash.js'
import { ApiError } from '../errors.js'
import type { ActorType } from './audit.js'
import { bearerToken } from './bearer.js'
import { isServerOwner, operatorEmail } from './console-owners.js'
import { operatorRole, verifyAppSecret, type OperatorRole } from './owner-access.js'

/** What a route asks to do: read data, change it, or touch secrets / money. */
export type OwnerPermission = 'read' | 'write' | 'secrets'

export interface OwnerCaller {
  type: Extract<ActorType, 'admin_token' | 'app_secret' | 'operator'>
  /** The app secret's id or the operator's user id; null for the admin token. */
  id: string | null
  /** An operator's role in the app asked for. */
  role?: OperatorRole
  /** An operator who owns every app of the server. */
  serverOwner?: boolean
  /** An operator's e-mail, for the audit log. */
  email?: string | null
  /** An operator's console session. */
  sessionId?: string
}

/** Where a route reaches: one app, every app, or only the operator's own things (their app list, their profile). */
export type OwnerScope = 'app' | 'all' | 'self'

/** What each operator role may do. */
export const ROLE_PERMISSIONS: Record<OperatorRole, readonly OwnerPermission[]> = {
  viewer: ['read'],
  admin: ['read', 'write'],
  owner: ['read', 'write', 'secrets'],
}

/** What an app secret may do in its own app. */
export const APP_SECRET_PERMISSIONS: readonly OwnerPermission[] = ['read', 'write']

const invalid = () => new ApiError('missing_or_invalid_token', 'Missing or invalid owner credentials')
const denied = (permission: OwnerPermission) =>
  new ApiError('insufficient_permission', `This credential may not ${permission === 'read' ? 'read' : 'change'} this`)

export const MFA_ENROLL_FOR_OWNERS = 'Owners must turn on two-step verification (MFA) before changing roles, secrets or deleting an app'
export const MFA_VERIFY_FOR_OWNERS = 'Verify with your second factor (MFA) to make this change'

/** `Authorization: Basic base64(appId:secret)`, or null when the header is not Basic. */
function basicCredentials(request: FastifyRequest): { appId: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]{1,400})$/i.exec(request.headers.authorization ?? '')
  if (!match) return null
  const decoded = Buffer.from(match[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon <= 0) return null
  return { appId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) }
}

/** Decides, and keeps the admitted caller on `request.owner` (for `auditOwner` in services/owner-audit.ts). */
export async function authorizeOwner(
  request: FastifyRequest,
  appId: string | null,
  permission: OwnerPermission,
  scope: OwnerScope = 'app',
): Promise<OwnerCaller> {
  const caller = await decide(request, appId, permission, scope)
  request.owner = caller
  return caller
}

async function decide(request: FastifyRequest, appId: string | null, permission: OwnerPermission, scope: OwnerScope): Promise<OwnerCaller> {
  const { config, db, keys, sessions, mfa, now } = request.server.gatehouse
  const token = bearerToken(request)
  if (token) {
    if (config.adminToken && constantTimeEqual(token, config.adminToken)) return { type: 'admin_token', id: null }
    if (!config.consoleAppId) throw invalid()
    const claims = await keys.verifyAccessToken(token, config.consoleAppId).catch(() => null)
    if (!claims) throw invalid()
    const session = await sessions.activeSession(claims.sid, claims.sub) // a logged-out or revoked console session reaches nothing
    const serverOwner = await isServerOwner(db, claims.sub)
    const email = await operatorEmail(db, claims.sub)
    if (scope === 'self') return { type: 'operator', id: claims.sub, serverOwner, email, sessionId: claims.sid }
    const role: OperatorRole | null = serverOwner ? 'owner' : appId === null ? null : await operatorRole(db, appId, claims.sub)
    if (!role)
      throw new ApiError('insufficient_permission', appId === null ? 'Only an owner of this server may do this' : 'This operator has no role in this app')
    if (!ROLE_PERMISSIONS[role].includes(permission)) throw denied(permission)
    if (permission === 'secrets') {
      // Owner-only changes: a stolen console token alone must not hand out roles or secrets.
      const until = await mfa.proofUntil(claims.sub, session)
      if (until === 0) throw new ApiError('missing_or_invalid_mfa', MFA_ENROLL_FOR_OWNERS)
      if (until === null) throw new ApiError('missing_or_invalid_mfa', MFA_VERIFY_FOR_OWNERS)
    }
    return { type: 'operator', id: claims.sub, role, serverOwner, email, sessionId: claims.sid }
  }
  const basic = basicCredentials(request)
  if (basic) {
    // The app-id header must name the same app (as the API family does): a secret pasted with the wrong id fails loudly.
    if (request.headers['privy-app-id'] !== basic.appId) throw invalid()
    const secret = await verifyAppSecret(db, basic.appId, basic.secret, now())
    if (!secret) throw invalid()
    // Another app's data: answered as a bad credential, so a secret learns nothing of other apps.
    if (appId !== basic.appId) throw invalid()
    if (!APP_SECRET_PERMISSIONS.includes(permission)) throw denied(permission)
    return { type: 'app_secret', id: secret.id }
  }
  throw invalid()
}

/**
 * An `onRequest` hook for a route whose app is its `:app_id` path parameter (the owner area's
 * convention, ARCHITECTURE.md): checked before parsing and validation, so strangers learn nothing
 * about the schema. The caller is kept on the request for the handler's audit row.
 */
export function ownerGate(permission: OwnerPermission, scope: OwnerScope = 'app') {
  return async (request: FastifyRequest) => {
    const appId = scope === 'app' ? ((request.params as { app_id?: string }).app_id ?? '') : null
    await authorizeOwner(request, appId, permission, scope)
  }
}

/** The caller `authorizeOwner` admitted for this request (through `ownerGate` or called directly). */
export function ownerOf(request: FastifyRequest): OwnerCaller {
  if (!request.owner) throw invalid()
  return request.owner
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The owner-API caller, set by `ownerGate`. */
    owner?: OwnerCaller
  }
}
