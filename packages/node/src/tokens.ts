/**
 * Access and identity tokens (ES256 JWTs the server signs; keys at `GET /api/v1/apps/:app_id/jwks.json`).
 * The key set is fetched once and cached by jose's createRemoteJWKSet (refetched when a token names an
 * unknown key id, at most every 30 s, so a rotated key is picked up without a restart).
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose'
import type { RouteResponse } from '@gatehouse/contract/routes'
import type { ownerUsersRoutes } from '../../../contract/src/routes/owner-users.ts'
import { GatehouseTokenError } from './errors.ts'
import type { Http } from './http.ts'

/** A linked account as the server sends it (in the identity token and the user API). */
export type LinkedAccount = RouteResponse<(typeof ownerUsersRoutes)['GET /apps/:app_id/users/:user_id']>['linked_accounts'][number]

/** The claims of a verified access token. */
export interface AccessTokenClaims {
  /** The user's id (`did:privy:…`). */
  userId: string
  /** The app the token was issued for. */
  appId: string
  /** The session id: revoke it with `users.revokeSession(userId, sessionId)`. */
  sessionId: string
  issuer: string
  /** Seconds since the epoch. */
  issuedAt: number
  expiration: number
}

/** The claims of a verified identity token: the access claims plus the user's linked accounts and custom metadata. */
export interface IdentityTokenClaims extends AccessTokenClaims {
  linkedAccounts: LinkedAccount[]
  customMetadata: Record<string, string | number | boolean>
}

export interface TokenVerifierOptions {
  /** The `iss` the server writes: its public URL (GATEHOUSE_PUBLIC_URL). Default: apiUrl's origin. */
  issuer?: string
  /** Leeway for clocks, seconds (default 5). */
  clockToleranceSeconds?: number
}

const ACCESS_TYP = 'at+jwt'

export function tokenVerifier(http: Http, appId: string, o: TokenVerifierOptions = {}) {
  const jwks = createRemoteJWKSet(new URL(http.url(`/apps/${encodeURIComponent(appId)}/jwks.json`)), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 })
  const issuer = o.issuer ?? new URL(http.base).origin

  async function verify(token: string, typ: string): Promise<JWTPayload & { sub: string; sid: string; iat: number; exp: number }> {
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer,
        audience: appId,
        algorithms: ['ES256'],
        typ,
        clockTolerance: o.clockToleranceSeconds ?? 5,
        requiredClaims: ['sub', 'sid', 'iat', 'exp'],
      })
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw new GatehouseTokenError('The token lacks sub or sid')
      return payload as JWTPayload & { sub: string; sid: string; iat: number; exp: number }
    } catch (error) {
      if (error instanceof GatehouseTokenError) throw error
      const reason = error instanceof joseErrors.JOSEError ? `${error.code}: ${error.message}` : String(error)
      throw new GatehouseTokenError(`The token does not verify (${reason})`, { cause: error })
    }
  }

  const claims = (p: JWTPayload & { sub: string; sid: string; iat: number; exp: number }): AccessTokenClaims => ({
    userId: p.sub,
    appId,
    sessionId: p.sid,
    issuer: p.iss!,
    issuedAt: p.iat,
    expiration: p.exp,
  })

  return {
    /** Verifies an access token (the `Authorization: Bearer` a signed-in user's page sends); throws GatehouseTokenError. */
    async verifyAccessToken(token: string): Promise<AccessTokenClaims> {
      return claims(await verify(token, ACCESS_TYP))
    },
    /** Verifies an identity token (the `privy-id-token` cookie or the login answer's identity_token); throws GatehouseTokenError. */
    async verifyIdentityToken(token: string): Promise<IdentityTokenClaims> {
      const p = await verify(token, 'JWT')
      const parse = <T>(claim: unknown, fallback: T): T => {
        if (typeof claim !== 'string') return fallback
        try {
          return JSON.parse(claim) as T
        } catch {
          throw new GatehouseTokenError('The identity token carries a malformed claim')
        }
      }
      return { ...claims(p), linkedAccounts: parse(p.linked_accounts, []), customMetadata: parse(p.custom_metadata, {}) }
    },
  }
}
