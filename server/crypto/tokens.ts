/**
 * ES256 signing keys and JWTs. The key pair lives in the database so every instance signs
 * with the same key and host backends see one stable JWKS; it is imported once at start.
 */
import { createPrivateKey, type KeyObject, type webcrypto } from 'node:crypto'
import { SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, jwtVerify, type JWK, type JWTPayload } from 'jose'
import type { Db } from '../db/schema.js'
import { insertFirstSigningKey, listActiveSigningKeys } from '../db/signing-keys.js'
import { decrypt, encrypt } from './hash.js'

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60
/** RFC 9068 type, so an identity token can never be used where an access token is required. */
const ACCESS_TYP = 'at+jwt'
const ALG = 'ES256'
/** A cross-app provider token (services/cross-app.ts): its own type, so it is never taken for an access token. */
export const CROSS_APP_TYP = 'cross-app+jwt'
export const CROSS_APP_TOKEN_TTL_SECONDS = 60 * 60

type VerifyKey = webcrypto.CryptoKey

export interface TokenSubject {
  appId: string
  userId: string
  sessionId: string
}

export interface AccessClaims extends JWTPayload {
  sub: string
  aud: string
  sid: string
}

export class KeyRing {
  constructor(
    private readonly kid: string,
    private readonly privateKey: KeyObject,
    private readonly publicKeys: Map<string, VerifyKey>,
    private readonly jwks: { keys: JWK[] },
    private readonly issuer: string,
    private readonly now: () => number,
  ) {}

  publicJwks(): { keys: JWK[] } {
    return this.jwks
  }

  private sign(subject: TokenSubject, ttl: number, typ: string, claims: JWTPayload = {}): Promise<string> {
    const iat = Math.floor(this.now() / 1000)
    return new SignJWT({ sid: subject.sessionId, ...claims })
      .setProtectedHeader({ alg: ALG, kid: this.kid, typ })
      .setIssuer(this.issuer)
      .setAudience(subject.appId)
      .setSubject(subject.userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .sign(this.privateKey)
  }

  signAccessToken(subject: TokenSubject): Promise<string> {
    return this.sign(subject, ACCESS_TOKEN_TTL_SECONDS, ACCESS_TYP)
  }

  /**
   * The identity token carries the linked accounts so host backends need no user lookup. It expires
   * with the access token it is issued beside (`accessExp`, seconds; default one minted now): host
   * backends cannot see a logout, so a longer one would outlive the session it speaks for.
   */
  signIdentityToken(subject: TokenSubject, linkedAccounts: object[], accessExp?: number, customMetadata?: object): Promise<string> {
    const ttl = accessExp === undefined ? ACCESS_TOKEN_TTL_SECONDS : Math.max(0, accessExp - Math.floor(this.now() / 1000))
    // Custom metadata travels as a JSON string, like the linked accounts (the claim shape host SDKs of this API family read).
    const claims = { linked_accounts: JSON.stringify(linkedAccounts), ...(customMetadata ? { custom_metadata: JSON.stringify(customMetadata) } : {}) }
    return this.sign(subject, ttl, 'JWT', claims)
  }

  /**
   * A provider access token for a cross-app requester: the provider's user (`sub`) as the requester
   * app (`aud`) may present it to the provider's popup pages; `provider_app_id` names the provider.
   */
  signCrossAppToken(providerAppId: string, userId: string, requesterAppId: string): Promise<string> {
    const iat = Math.floor(this.now() / 1000)
    return new SignJWT({ provider_app_id: providerAppId })
      .setProtectedHeader({ alg: ALG, kid: this.kid, typ: CROSS_APP_TYP })
      .setIssuer(this.issuer)
      .setAudience(requesterAppId)
      .setSubject(userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + CROSS_APP_TOKEN_TTL_SECONDS)
      .sign(this.privateKey)
  }

  /** Verifies a cross-app token this server issued for `providerAppId`; throws on any problem. */
  async verifyCrossAppToken(token: string, providerAppId: string): Promise<{ sub: string; aud: string }> {
    const { payload } = await jwtVerify(
      token,
      async (header) => {
        const key = header.kid ? this.publicKeys.get(header.kid) : undefined
        if (!key) throw new Error('unknown key id')
        return key
      },
      { issuer: this.issuer, algorithms: [ALG], typ: CROSS_APP_TYP, currentDate: new Date(this.now()) },
    )
    if (payload.provider_app_id !== providerAppId || typeof payload.sub !== 'string' || typeof payload.aud !== 'string') {
      throw new Error('not a token of this provider')
    }
    return { sub: payload.sub, aud: payload.aud }
  }

  /** Verifies an access token for one app; throws on any problem (expired, wrong app, forged). */
  async verifyAccessToken(token: string, appId: string): Promise<AccessClaims> {
    const { payload } = await jwtVerify(
      token,
      async (header) => {
        const key = header.kid ? this.publicKeys.get(header.kid) : undefined
        if (!key) throw new Error('unknown key id')
        return key
      },
      { issuer: this.issuer, audience: appId, algorithms: [ALG], typ: ACCESS_TYP, currentDate: new Date(this.now()) },
    )
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw new Error('token lacks sub or sid')
    return payload as AccessClaims
  }
}

/**
 * Loads the active key from the database, creating one on the very first start. Several
 * instances starting at once agree on one first key (see insertFirstSigningKey).
 */
export async function loadKeyRing(
  db: Db,
  options: { secret: string | null; issuer: string; now: () => number; dialect: 'sqlite' | 'postgres' },
): Promise<KeyRing> {
  let rows = await listActiveSigningKeys(db)
  if (rows.length === 0) {
    const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true })
    const publicJwk = await exportJWK(publicKey)
    const privateJwk = await exportJWK(privateKey)
    const kid = await calculateJwkThumbprint(publicJwk)
    const privateText = JSON.stringify(privateJwk)
    await insertFirstSigningKey(
      db,
      {
        kid,
        alg: ALG,
        public_jwk: JSON.stringify({ ...publicJwk, kid, alg: ALG, use: 'sig' }),
        private_jwk: options.secret ? encrypt(options.secret, privateText) : privateText,
        created_at: options.now(),
        retired_at: null,
      },
      options.dialect,
    )
    rows = await listActiveSigningKeys(db)
  }
  const active = rows[0]
  const privateText = active.private_jwk.startsWith('v1.') ? decrypt(requireSecret(options.secret), active.private_jwk) : active.private_jwk
  const privateKey = createPrivateKey({ key: JSON.parse(privateText), format: 'jwk' })
  const publicKeys = new Map<string, VerifyKey>()
  const keys: JWK[] = []
  for (const row of rows) {
    const jwk = JSON.parse(row.public_jwk) as JWK
    publicKeys.set(row.kid, (await importJWK(jwk, ALG)) as VerifyKey)
    keys.push(jwk)
  }
  return new KeyRing(active.kid, privateKey, publicKeys, { keys }, options.issuer, options.now)
}

function requireSecret(secret: string | null): string {
  if (!secret) throw new Error('The signing key in the database is encrypted: set GATEHOUSE_SECRET to the secret it was created with.')
  return secret
}
