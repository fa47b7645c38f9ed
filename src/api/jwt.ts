/** Reads (never verifies) the claims of a JWT: the client only needs `exp` and `aud`. */
export interface JwtClaims {
  sub?: string
  exp?: number
  iss?: string
  aud?: string | string[]
  sid?: string
}

export function decodeJwt(token: string | null | undefined): JwtClaims | null {
  if (!token) return null
  const part = token.split('.')[1]
  if (!part) return null
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=')
    const json = decodeURIComponent(Array.from(atob(base64), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''))
    const claims = JSON.parse(json) as unknown
    return claims && typeof claims === 'object' ? (claims as JwtClaims) : null
  } catch {
    return null
  }
}

/** Spec §4: a token is treated as expiring within 30 s. */
export const TOKEN_EXPIRY_WINDOW_MS = 30_000

export function isExpiring(token: string | null | undefined, now = Date.now()): boolean {
  const exp = decodeJwt(token)?.exp
  if (typeof exp !== 'number') return true
  return exp * 1000 - now <= TOKEN_EXPIRY_WINDOW_MS
}

export function audienceIncludes(token: string | null | undefined, appId: string): boolean {
  const aud = decodeJwt(token)?.aud
  if (aud === undefined) return true // no audience claim: nothing contradicts this app
  return Array.isArray(aud) ? aud.includes(appId) : aud === appId
}
