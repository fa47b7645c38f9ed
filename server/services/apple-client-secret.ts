/**
 * Sign in with Apple's client secret: not a static string but an ES256 JWT the client signs with a
 * key from the owner's Apple developer account (header `kid` = key id; `iss` = team id, `sub` =
 * the Services ID used as client id, `aud` = https://appleid.apple.com, at most six months long).
 * We sign one per client for a day and reuse it until an hour before it expires.
 */
import { SignJWT, importPKCS8 } from 'jose'
import type { OAuthClientSettings } from './app-config.js'

export const APPLE_AUDIENCE = 'https://appleid.apple.com'
const LIFETIME_S = 24 * 60 * 60
const RENEW_BEFORE_S = 60 * 60

const cache = new Map<string, { token: string; exp: number }>()

export function hasAppleKey(settings: OAuthClientSettings): boolean {
  return Boolean(settings.teamId && settings.keyId && settings.privateKey)
}

export async function appleClientSecret(settings: OAuthClientSettings, nowMs: number): Promise<string> {
  const { teamId, keyId, privateKey, clientId } = settings
  if (!teamId || !keyId || !privateKey) throw new Error('Sign in with Apple needs teamId, keyId and privateKey')
  const cacheKey = `${teamId}\u0000${keyId}\u0000${clientId}\u0000${privateKey}`
  const now = Math.floor(nowMs / 1000)
  const hit = cache.get(cacheKey)
  if (hit && hit.exp - RENEW_BEFORE_S > now) return hit.token
  const key = await importPKCS8(privateKey, 'ES256')
  const exp = now + LIFETIME_S
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: keyId })
    .setIssuer(teamId)
    .setSubject(clientId)
    .setAudience(APPLE_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .sign(key)
  cache.set(cacheKey, { token, exp })
  return token
}
