/**
 * Sessions and their tokens. A session is one login; its refresh token rotates on every
 * refresh and only its SHA-256 is stored. A replayed (already rotated) refresh token means
 * the token leaked, so the whole session is revoked.
 */
import { randomId, randomToken, sha256 } from '../crypto/hash.js'
import type { KeyRing } from '../crypto/tokens.js'
import { dayOf, markActive } from '../db/analytics.js'
import type { Db, SessionsTable } from '../db/schema.js'
import { findActiveSession, findRefreshToken, insertRefreshToken, insertSession, markRotated, revokeSession } from '../db/sessions.js'
import { ApiError } from '../errors.js'
import { recordAudit } from './audit.js'
import { currentLoginClient, currentLoginDevice, type DeviceBinding } from './device-proofs.js'
import { loadWireUser, type WireUser } from './users.js'

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000

export interface AuthResponse {
  user: WireUser
  is_new_user: boolean
  token: string
  privy_access_token: null
  identity_token: string
  refresh_token: string
  /** The provider's tokens after an OAuth login; null otherwise. */
  oauth_tokens: Record<string, unknown> | null
  session_update_action: 'set'
}

const invalidToken = () => new ApiError('missing_or_invalid_token', 'Invalid or expired session')

/**
 * How long a rotated refresh token may still be presented without revoking its session. Two tabs
 * of one browser can refresh back to back: the second may read localStorage before the first
 * tab's new token has reached its renderer, and present the token the first one just rotated.
 * Within this window that earns a sibling token; after it, reuse means theft.
 */
export const REFRESH_REUSE_GRACE_MS = 5_000

export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly keys: KeyRing,
    private readonly now: () => number,
    private readonly reuseGraceMs: number = REFRESH_REUSE_GRACE_MS,
  ) {}

  /**
   * The rows of a new session, for callers that write them inside their own transaction. A login
   * request that carried a device proof binds the session to that device (device-proofs.ts);
   * `loginAccountId` names the linked account the ceremony proved (services/recovery-hold.ts).
   */
  newSession(appId: string, userId: string, loginAccountId: string | null, device: DeviceBinding | null = currentLoginDevice()) {
    const t = this.now()
    const sessionId = randomId()
    const refreshToken = randomToken(32)
    const client = currentLoginClient()
    const session: SessionsTable = {
      id: sessionId,
      user_id: userId,
      app_id: appId,
      created_at: t,
      revoked_at: null,
      device_jkt: device?.jkt ?? null,
      authenticated_at: t,
      login_account_id: loginAccountId,
      user_agent: client?.userAgent ?? null,
      ip: client?.ip ?? null,
    }
    return {
      sessionId,
      refreshToken,
      session,
      token: { token_hash: sha256(refreshToken), session_id: sessionId, created_at: t, expires_at: t + REFRESH_TOKEN_TTL_MS, rotated_at: null },
    }
  }

  /** The auth response for a session whose rows are written. */
  async respond(appId: string, sessionId: string, user: WireUser, refreshToken: string, isNew: boolean): Promise<AuthResponse> {
    const subject = { appId, userId: user.id, sessionId }
    const [token, identityToken] = await Promise.all([
      this.keys.signAccessToken(subject),
      this.keys.signIdentityToken(subject, user.linked_accounts, undefined, user.custom_metadata),
    ])
    return {
      user,
      is_new_user: isNew,
      token,
      privy_access_token: null,
      identity_token: identityToken,
      refresh_token: refreshToken,
      oauth_tokens: null,
      session_update_action: 'set',
    }
  }

  /** Starts a session for a user who just proved a login method. */
  async start(appId: string, user: WireUser, isNew: boolean): Promise<AuthResponse> {
    const rows = this.newSession(appId, user.id, null)
    await insertSession(this.db, rows.session, rows.token)
    return this.respond(appId, rows.sessionId, user, rows.refreshToken, isNew)
  }

  /**
   * Rotates the refresh token. A device-bound session refreshes only with a proof by its device
   * (`proveDevice` reads the request's DPoP header): a refresh token copied out of the host page
   * is not enough on its own.
   */
  async refresh(appId: string, refreshToken: string | undefined, proveDevice: () => Promise<DeviceBinding | null>): Promise<AuthResponse> {
    if (!refreshToken) throw invalidToken()
    const t = this.now()
    const hash = sha256(refreshToken)
    const row = await findRefreshToken(this.db, hash)
    if (!row || row.app_id !== appId || row.revoked_at !== null || row.expires_at <= t) throw invalidToken()
    // A rotated token presented again past the grace window is a copy: the session ends, proof or not.
    if (row.rotated_at !== null && t - Number(row.rotated_at) > this.reuseGraceMs) {
      await this.revokeReused(row, t)
      throw invalidToken()
    }
    // Before rotating: a caller without the device's proof must not use up the owner's token.
    if (row.device_jkt !== null) {
      const device = await proveDevice()
      if (device?.jkt !== row.device_jkt) throw new ApiError('invalid_device_proof', 'This session can only be refreshed on the device that logged in')
    }
    if (row.rotated_at !== null || !(await markRotated(this.db, hash, t))) {
      // Rotated already (or by a concurrent request this instant): see REFRESH_REUSE_GRACE_MS.
      const rotatedAt = row.rotated_at === null ? t : Number(row.rotated_at)
      if (t - rotatedAt > this.reuseGraceMs) {
        await this.revokeReused(row, t)
        throw invalidToken()
      }
    }
    const next = randomToken(32)
    await insertRefreshToken(this.db, {
      token_hash: sha256(next),
      session_id: row.session_id,
      created_at: t,
      expires_at: t + REFRESH_TOKEN_TTL_MS,
      rotated_at: null,
    })
    // Daily active users count people who stayed signed in, not only those who logged in (db/analytics.ts).
    await markActive(this.db, { app_id: appId, day: dayOf(t), user_id: row.user_id })
    const user = await loadWireUser(this.db, row.user_id)
    if (!user) throw invalidToken()
    return this.respond(appId, row.session_id, user, next, false)
  }

  /** Ends a session whose refresh token was presented again (stolen): a security event for the owner's audit log. */
  private async revokeReused(row: { session_id: string; app_id: string; user_id: string }, t: number): Promise<void> {
    await revokeSession(this.db, row.session_id, t)
    const details = { sessionId: row.session_id, reason: 'refresh_token_reuse' }
    await recordAudit(this.db, { appId: row.app_id, actor: { type: 'system' }, action: 'session.revoke', userId: row.user_id, details }, t)
  }

  /** Ends the session named by the refresh token and/or the bearer's session; idempotent. */
  async logout(appId: string, refreshToken: string | undefined, bearerSessionId: string | null): Promise<void> {
    const t = this.now()
    if (refreshToken) {
      const row = await findRefreshToken(this.db, sha256(refreshToken))
      if (row && row.app_id === appId) await revokeSession(this.db, row.session_id, t)
    }
    if (bearerSessionId) await revokeSession(this.db, bearerSessionId, t)
  }

  /** The user behind a verified access token, if its session is still alive. */
  async userForSession(sessionId: string, userId: string): Promise<WireUser> {
    await this.activeSession(sessionId, userId)
    const user = await loadWireUser(this.db, userId)
    if (!user) throw invalidToken()
    return user
  }

  /** The live session row of a verified access token (device binding, ceremony time). */
  async activeSession(sessionId: string, userId: string): Promise<SessionsTable> {
    const session = await findActiveSession(this.db, sessionId)
    if (!session || session.user_id !== userId) throw invalidToken()
    return session
  }

  identityToken(appId: string, sessionId: string, user: WireUser, accessExp: number): Promise<string> {
    return this.keys.signIdentityToken({ appId, userId: user.id, sessionId }, user.linked_accounts, accessExp, user.custom_metadata)
  }
}
