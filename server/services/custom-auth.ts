/**
 * Custom-token login: the host signs its own JWT for its user; we verify it with jose
 * against the host's JWKS URL (cached by jose, refreshed on unknown kid) or a configured public key,
 * and the `sub` becomes a `custom_auth` account. A token must expire (`exp`, at most
 * CUSTOM_TOKEN_MAX_LIFETIME_S ahead): a leaked one must not log in forever. The issuer always, and
 * the audience when the app names one, must match.
 */
import type { webcrypto } from 'node:crypto'
import { createRemoteJWKSet, importJWK, importSPKI, jwtVerify, type JWK, type JWTVerifyGetKey } from 'jose'
import { ApiError } from '../errors.js'
import type { App, CustomAuthSettings } from './app-config.js'
import { isTrustedFetchUrl } from './trusted-url.js'
import type { ProvenAccount } from './accounts.js'

/** The furthest ahead a host token's `exp` may lie (a day, the longest common ID-token lifetime). */
export const CUSTOM_TOKEN_MAX_LIFETIME_S = 24 * 60 * 60
/** Clock difference tolerated between the host and us on `exp`, seconds. */
const CLOCK_TOLERANCE_S = 60

const remoteSets = new Map<string, JWTVerifyGetKey>()
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'ES512', 'EdDSA']

async function keyFor(settings: CustomAuthSettings, dev: boolean): Promise<JWTVerifyGetKey | webcrypto.CryptoKey> {
  if (settings.jwksUrl) {
    // Keys fetched over plain http could be anyone's (the admin API refuses such a URL outside development).
    if (!isTrustedFetchUrl(settings.jwksUrl, dev)) throw new ApiError('invalid_credentials', 'Invalid custom token: the JWKS URL must be https')
    let set = remoteSets.get(settings.jwksUrl)
    if (!set) {
      set = createRemoteJWKSet(new URL(settings.jwksUrl))
      remoteSets.set(settings.jwksUrl, set)
    }
    return set
  }
  const key = settings.publicKey?.trim()
  if (!key) throw new ApiError('invalid_data', 'Custom auth has no verification key configured.')
  if (key.startsWith('{')) {
    // One configured key is used whatever kid the token names (a set would match by kid).
    const jwk = JSON.parse(key) as JWK
    const alg = jwk.alg ?? (jwk.kty === 'RSA' ? 'RS256' : jwk.kty === 'OKP' ? 'EdDSA' : jwk.crv === 'P-384' ? 'ES384' : 'ES256')
    return (await importJWK(jwk, alg)) as webcrypto.CryptoKey
  }
  // A PEM does not say its algorithm; jose needs one to import, so try the common families.
  for (const alg of ['ES256', 'RS256', 'EdDSA', 'ES384', 'ES512']) {
    try {
      return await importSPKI(key, alg)
    } catch {
      // not this family
    }
  }
  throw new ApiError('invalid_data', 'Custom auth public key is not a supported SPKI PEM or JWK.')
}

/** Verifies the host's token and returns the account it proves; `invalid_credentials` otherwise. */
export async function verifyCustomToken(app: App, token: string, now: number, options: { dev: boolean }): Promise<ProvenAccount> {
  const settings = app.settings.customAuth
  if (!settings) throw new ApiError('disallowed_login_method', 'Login with a custom token not allowed')
  let subject: string | undefined
  let exp: number | undefined
  try {
    const key = await keyFor(settings, options.dev)
    const { payload } = await jwtVerify(token, key as JWTVerifyGetKey, {
      issuer: settings.issuer,
      audience: settings.audience || undefined,
      algorithms: ALGORITHMS,
      requiredClaims: ['exp'],
      currentDate: new Date(now),
    })
    subject = payload.sub
    exp = payload.exp
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw new ApiError('invalid_credentials', 'Invalid custom token')
  }
  if (exp === undefined || exp - now / 1000 > CUSTOM_TOKEN_MAX_LIFETIME_S + CLOCK_TOLERANCE_S) {
    throw new ApiError('invalid_credentials', 'Invalid custom token: it must expire within 24 hours')
  }
  if (!subject) throw new ApiError('invalid_credentials', 'Invalid custom token: no sub claim')
  return { type: 'custom_auth', address: subject, details: { custom_user_id: subject } }
}
