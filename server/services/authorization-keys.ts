/**
 * Authorization keys (issue #29): the second credential of the server-side wallet API. An app
 * registers P-256 public keys; every request that signs or changes a wallet carries, besides the
 * app secret, `privy-authorization-signature`: base64 of an ECDSA P-256 / SHA-256 signature
 * (DER, or raw r‖s) over the RFC 8785 canonical JSON of
 *   { version: 1, method, url, body, headers: { 'privy-app-id', 'privy-request-expiry', ('privy-idempotency-key') } }
 * where `url` is the public URL of the request (GATEHOUSE_PUBLIC_URL's origin + path and query).
 * The private key stays on the app's backend, so a leaked app secret alone signs nothing.
 * Replay: `privy-request-expiry` (ms) must lie within MAX_REQUEST_LIFETIME_MS ahead, and a
 * signed request is accepted once (the digest of what was signed is kept until then, in the database
 * every instance shares).
 */
import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto'
import canonicalize from 'canonicalize'
import { AUTHORIZATION_SIGNATURE_HEADER, IDEMPOTENCY_KEY_HEADER, MAX_REQUEST_LIFETIME_MS, REQUEST_EXPIRY_HEADER } from '@gatehouse/contract/routes'
import type { FastifyRequest } from 'fastify'
import { liveAuthorizationKeys, spendSignedRequest, type AuthorizationKeysTable } from './server-wallet-store.js'
import type { Db } from '../db/schema.js'
import { ApiError } from '../errors.js'

const refuse = (message: string) => new ApiError('invalid_authorization_signature', message)

/** Normalises a P-256 public key (base64 DER SPKI, optionally `wallet-auth:`-prefixed, or PEM) to base64 DER SPKI. */
export function normalizePublicKey(input: string): string {
  let key: KeyObject
  try {
    const text = input.trim().replace(/^wallet-auth:/, '')
    key = text.startsWith('-----BEGIN') ? createPublicKey(text) : createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' })
  } catch {
    throw new ApiError('invalid_data', 'public_key is not a public key (base64 DER SubjectPublicKeyInfo or PEM)')
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new ApiError('invalid_data', 'public_key must be a P-256 (prime256v1) key')
  return (key.export({ format: 'der', type: 'spki' }) as Buffer).toString('base64')
}

const keyObjects = new Map<string, KeyObject>()
function keyObject(publicKey: string): KeyObject {
  let key = keyObjects.get(publicKey)
  if (!key) {
    if (keyObjects.size > 10_000) keyObjects.clear()
    key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' })
    keyObjects.set(publicKey, key)
  }
  return key
}

export interface SignedRequestInput {
  method: string
  url: string
  body: unknown
  headers: Record<string, string>
}

/** The bytes an authorization key signs: RFC 8785 canonical JSON (the `canonicalize` package). */
export function authorizationPayload(input: SignedRequestInput): Buffer {
  const payload = { version: 1, method: input.method.toUpperCase(), url: input.url, body: input.body ?? undefined, headers: input.headers }
  return Buffer.from(canonicalize(payload)!, 'utf8')
}

/** Whether the key of `row` may act on `walletId` given the wallet's allowed signers (empty: any key of the app). */
export function keyAllowedOn(row: AuthorizationKeysTable, walletId: string, allowedSigners: readonly string[]): boolean {
  if (row.wallet_ids && !(JSON.parse(row.wallet_ids) as string[]).includes(walletId)) return false
  return allowedSigners.length === 0 || allowedSigners.includes(row.id)
}

function verifies(key: KeyObject, payload: Buffer, signature: Buffer): boolean {
  try {
    // A raw r‖s signature (WebCrypto's form) is 64 bytes; anything else is read as DER (the API family's SDKs send DER).
    return verify('sha256', payload, { key, dsaEncoding: signature.length === 64 ? 'ieee-p1363' : 'der' }, signature)
  } catch {
    return false
  }
}

export interface VerifiedSignature {
  keyId: string
}

/**
 * Checks the request's authorization signature for `walletId` (null: a request about no one wallet);
 * spends it (a second use is refused). Throws invalid_authorization_signature.
 */
export async function verifyAuthorizationSignature(
  request: FastifyRequest,
  o: { db: Db; appId: string; walletId: string; allowedSigners: readonly string[]; publicUrl: string; now: number },
): Promise<VerifiedSignature> {
  const header = request.headers[AUTHORIZATION_SIGNATURE_HEADER]
  if (typeof header !== 'string' || !header) throw refuse(`Missing ${AUTHORIZATION_SIGNATURE_HEADER}: sign the request with an authorization key of the app`)
  const expiryText = request.headers[REQUEST_EXPIRY_HEADER]
  const expiry = typeof expiryText === 'string' && /^[0-9]{1,16}$/.test(expiryText) ? Number(expiryText) : NaN
  if (!Number.isFinite(expiry)) throw refuse(`Missing or invalid ${REQUEST_EXPIRY_HEADER} (ms since the epoch)`)
  if (expiry <= o.now) throw refuse('The signed request has expired')
  if (expiry > o.now + MAX_REQUEST_LIFETIME_MS) throw refuse(`${REQUEST_EXPIRY_HEADER} may lie at most ${MAX_REQUEST_LIFETIME_MS / 1000} s ahead`)
  const headers: Record<string, string> = { 'privy-app-id': o.appId, [REQUEST_EXPIRY_HEADER]: expiryText as string }
  const idempotency = request.headers[IDEMPOTENCY_KEY_HEADER]
  if (typeof idempotency === 'string') headers[IDEMPOTENCY_KEY_HEADER] = idempotency
  const payload = authorizationPayload({ method: request.method, url: `${new URL(o.publicUrl).origin}${request.url}`, body: request.body, headers })
  const signatures = header
    .split(',')
    .slice(0, 5)
    .map((s) => Buffer.from(s.trim(), 'base64'))
  const keys = (await liveAuthorizationKeys(o.db, o.appId)).filter((k) => keyAllowedOn(k, o.walletId, o.allowedSigners))
  const signer = keys.find((k) => signatures.some((sig) => verifies(keyObject(k.public_key), payload, sig)))
  if (!signer) throw refuse('The authorization signature is not valid for a live authorization key allowed on this wallet')
  // The signed bytes, not the signature: an ECDSA signature has a second valid form (s → n − s).
  const digest = createHash('sha256').update(payload).digest('base64url')
  if (!(await spendSignedRequest(o.db, digest, expiry))) throw refuse('This signed request was already used')
  return { keyId: signer.id }
}
