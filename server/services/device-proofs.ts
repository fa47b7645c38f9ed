/**
 * Device-bound sessions in the manner of RFC 9449 (DPoP). The wallet frame (the API's own origin)
 * holds a non-extractable P-256 key in its IndexedDB; it signs a short proof JWT (`typ: dpop+jwt`,
 * `jwk` in the header; `htm`, `htu`, `iat`, `jti`, and `ath` when an access token goes with it)
 * for each request that needs it. Script on the host page can read the access and refresh tokens,
 * but it can neither read that key nor make the frame sign a key-material request, so a copied
 * token alone reaches no share and refreshes no bound session.
 *
 * - A login request carrying a proof binds the session it creates to the key (`device_jkt`) and
 *   stamps the ceremony time (`authenticated_at`); see `loginDevice`.
 * - Refreshing a bound session needs a proof by its key (sessions.ts).
 * - Every key-material call needs a proof by the session's key (embedded-wallets.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash, createPublicKey, verify as verifySignature, type KeyObject } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { calculateJwkThumbprint, decodeJwt, decodeProtectedHeader, type JWK } from 'jose'
import { deleteExpiredDeviceProofs, spendDeviceProof } from '../db/devices.js'
import type { Db } from '../db/schema.js'
import { ApiError } from '../errors.js'

/** How old a proof may be (its `iat`), and how far a client clock may run ahead. */
export const PROOF_MAX_AGE_SECONDS = 60
export const PROOF_CLOCK_SKEW_SECONDS = 10

export interface DeviceBinding {
  /** RFC 7638 SHA-256 thumbprint of the device's public key. */
  jkt: string
}

const invalidProof = (why: string) => new ApiError('invalid_device_proof', `Invalid device proof: ${why}`)

/** base64url(SHA-256(access token)): the `ath` claim tying a proof to one access token. */
export const accessTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url')

/** Imported device keys by their coordinates: a device signs many proofs, and importing costs more than verifying. */
const KEY_CACHE_SIZE = 10_000

export class DeviceProofs {
  private readonly publicOrigin: string
  private readonly keys = new Map<string, { key: KeyObject; jkt: string }>()

  constructor(
    private readonly db: Db,
    publicUrl: string,
    private readonly now: () => number,
  ) {
    this.publicOrigin = new URL(publicUrl).origin
  }

  /**
   * The proof of `request`'s `DPoP` header, or null when it carries none. Invalid proofs throw.
   * `spend: false` skips the replay record, for requests that are single-use on their own (a login
   * spends its code, nonce or challenge): it saves a write on the hottest path. `signed: false`
   * skips the signature (login proofs only name the key later calls must prove; see routes/api.ts).
   */
  async read(request: FastifyRequest, accessToken?: string, { spend = true, signed = true } = {}): Promise<DeviceBinding | null> {
    const header = request.headers.dpop
    if (header === undefined) return null
    if (typeof header !== 'string' || header.length > 4096) throw invalidProof('malformed header')
    return this.verify(request, header, accessToken, spend, signed)
  }

  /** Like `read`, but a missing proof is refused too. */
  async require(request: FastifyRequest, accessToken?: string): Promise<DeviceBinding> {
    const binding = await this.read(request, accessToken)
    if (!binding) throw new ApiError('invalid_device_proof', 'This request needs a proof from the wallet frame of this device')
    return binding
  }

  /** The header's public key (P-256 only), imported once per device. */
  private async publicKey(jwk: JWK): Promise<{ key: KeyObject; jkt: string }> {
    if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.x !== 'string' || typeof jwk.y !== 'string' || 'd' in jwk) throw invalidProof('public key')
    const id = `${jwk.x}.${jwk.y}`
    let entry = this.keys.get(id)
    if (!entry) {
      const bare = { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }
      entry = { key: createPublicKey({ key: bare, format: 'jwk' }), jkt: await calculateJwkThumbprint(bare, 'sha256') }
      if (this.keys.size >= KEY_CACHE_SIZE) this.keys.delete(this.keys.keys().next().value!)
      this.keys.set(id, entry)
    }
    return entry
  }

  private async verify(request: FastifyRequest, proof: string, accessToken: string | undefined, spend: boolean, signed: boolean): Promise<DeviceBinding> {
    let device: { key: KeyObject; jkt: string }
    let payload: Record<string, unknown>
    try {
      // jose parses the compact JWS; the ES256 signature is checked by node:crypto (OpenSSL) on the
      // signing input, synchronously: jose's WebCrypto path costs about 2.5 times as much.
      const header = decodeProtectedHeader(proof)
      if (header.typ !== 'dpop+jwt' || header.alg !== 'ES256' || !header.jwk || typeof header.jwk !== 'object') throw invalidProof('header')
      device = await this.publicKey(header.jwk as JWK)
      const [protectedHeader, body, signature] = proof.split('.')
      const signingInput = Buffer.from(`${protectedHeader}.${body}`)
      if (signed && !verifySignature('sha256', signingInput, { key: device.key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'))) {
        throw invalidProof('signature')
      }
      payload = decodeJwt(proof) as Record<string, unknown>
    } catch (error) {
      if (error instanceof ApiError) throw error
      throw invalidProof('malformed')
    }
    const nowSeconds = this.now() / 1000
    const iat = payload.iat
    if (typeof iat !== 'number' || nowSeconds - iat > PROOF_MAX_AGE_SECONDS || iat - nowSeconds > PROOF_CLOCK_SKEW_SECONDS)
      throw invalidProof('too old or too new')
    if (payload.htm !== request.method) throw invalidProof('method')
    if (!this.htuMatches(request, payload.htu)) throw invalidProof('URL')
    // Control characters too: the jti is stored, and PostgreSQL text cannot hold U+0000.
    if (typeof payload.jti !== 'string' || payload.jti.length < 16 || payload.jti.length > 128 || /[\u0000-\u001f\u007f]/.test(payload.jti))
      throw invalidProof('jti')
    if (accessToken !== undefined && payload.ath !== accessTokenHash(accessToken)) throw invalidProof('access token hash')
    // Spent once: a proof seen on the wire (or in a log) cannot be played again.
    const expiresAt = (Number(payload.iat) + PROOF_MAX_AGE_SECONDS + PROOF_CLOCK_SKEW_SECONDS) * 1000
    if (spend && !(await spendDeviceProof(this.db, payload.jti, expiresAt))) throw invalidProof('replayed')
    return { jkt: device.jkt }
  }

  /** `htu` is the request's URL without query: on the public URL, or on the origin the request came to. */
  private htuMatches(request: FastifyRequest, htu: unknown): boolean {
    if (typeof htu !== 'string') return false
    let url: URL
    try {
      url = new URL(htu)
    } catch {
      return false
    }
    const path = request.url.split('?')[0]
    if (url.pathname !== path || url.search) return false
    return url.origin === this.publicOrigin || url.origin === `${request.protocol}://${request.host}`
  }

  deleteExpired(now: number): Promise<void> {
    return deleteExpiredDeviceProofs(this.db, now)
  }
}

/**
 * The device proven on the current login request, for `SessionService.newSession`: login services
 * differ in how they prove an account but all end in one session insert, and the proof belongs to
 * the request, not to any method. Set by the API plugin's hooks for routes marked `issuesSession`.
 */
export const loginDevice = new AsyncLocalStorage<{ device: DeviceBinding | null; client?: LoginClient }>()

export function currentLoginDevice(): DeviceBinding | null {
  return loginDevice.getStore()?.device ?? null
}

/** Where a login came from, as the owner's session listing shows it (the same store carries it). */
export interface LoginClient {
  userAgent: string | null
  /** The client address as the throttles see it (`request.ip`, behind TRUST_PROXY). */
  ip: string | null
}

export function currentLoginClient(): LoginClient | null {
  return loginDevice.getStore()?.client ?? null
}
