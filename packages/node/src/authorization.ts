/**
 * Authorization keys: the second credential of the server-side wallet API. The app registers a P-256
 * public key with the server; its backend keeps the private key and signs every request that signs
 * with or changes a wallet. The signature (header `privy-authorization-signature`) is ECDSA P-256 /
 * SHA-256, DER, base64, over the RFC 8785 canonical JSON of
 *   { version: 1, method, url, body, headers: { privy-app-id, privy-request-expiry, [privy-idempotency-key] } }
 * as the server checks it (server/services/authorization-keys.ts). A leaked app secret alone signs nothing.
 */
import { createHash, createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto'
import { p256 } from '@noble/curves/p256'
import canonicalize from 'canonicalize'

export const AUTHORIZATION_SIGNATURE_HEADER = 'privy-authorization-signature'
export const REQUEST_EXPIRY_HEADER = 'privy-request-expiry'
export const IDEMPOTENCY_KEY_HEADER = 'privy-idempotency-key'
/** How long a signed request stays good by default (the server accepts at most 5 minutes ahead). */
export const DEFAULT_REQUEST_LIFETIME_MS = 60_000

export interface AuthorizationKeyPair {
  /** base64 DER PKCS#8: keep it secret, on the backend only (e.g. an environment variable). */
  privateKey: string
  /** base64 DER SubjectPublicKeyInfo: register it with the server (console, or `POST /admin/apps/:app_id/authorization-keys`). */
  publicKey: string
}

/** A new P-256 authorization key pair. */
export function generateAuthorizationKeyPair(): AuthorizationKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  return {
    privateKey: (privateKey.export({ format: 'der', type: 'pkcs8' }) as Buffer).toString('base64'),
    publicKey: (publicKey.export({ format: 'der', type: 'spki' }) as Buffer).toString('base64'),
  }
}

/** The private scalar of a P-256 key given as base64 DER PKCS#8 (optionally `wallet-auth:`-prefixed) or PEM. */
export function readAuthorizationKey(input: string): Uint8Array {
  const text = input.trim().replace(/^wallet-auth:/, '')
  let key: KeyObject
  try {
    key = text.startsWith('-----BEGIN') ? createPrivateKey(text) : createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' })
  } catch (cause) {
    throw new Error('The authorization key is not a private key (base64 DER PKCS#8 or PEM)', { cause })
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') throw new Error('The authorization key must be a P-256 key')
  return Buffer.from(key.export({ format: 'jwk' }).d!, 'base64url')
}

export interface SignedRequest {
  method: string
  /** The absolute URL as the server sees it: its public URL's origin + path + query. */
  url: string
  body?: unknown
  /** The signed headers: privy-app-id, privy-request-expiry, and privy-idempotency-key when sent. */
  headers: Record<string, string>
}

/** The exact bytes signed: RFC 8785 canonical JSON (the `canonicalize` package, as the server uses). */
export function authorizationPayload(request: SignedRequest): string {
  // The server signs what it parsed: the body after a JSON round trip (undefined members gone).
  const body = request.body === undefined ? undefined : JSON.parse(JSON.stringify(request.body))
  return canonicalize({ version: 1, method: request.method.toUpperCase(), url: request.url, body, headers: request.headers })!
}

/** The `privy-authorization-signature` value of a request: base64 of the DER ECDSA P-256 / SHA-256 signature. */
export function signAuthorization(privateKey: string | Uint8Array, request: SignedRequest): string {
  const d = typeof privateKey === 'string' ? readAuthorizationKey(privateKey) : privateKey
  const digest = createHash('sha256').update(authorizationPayload(request), 'utf8').digest()
  return Buffer.from(p256.sign(digest, d, { prehash: false, lowS: true }).toDERRawBytes()).toString('base64')
}

/** The headers that authorize one wallet request: the signed ones plus the signature. */
export function authorizationHeaders(
  privateKey: string | Uint8Array,
  o: { appId: string; method: string; url: string; body?: unknown; idempotencyKey?: string; expiry?: number },
): Record<string, string> {
  const signed: Record<string, string> = { 'privy-app-id': o.appId, [REQUEST_EXPIRY_HEADER]: String(o.expiry ?? Date.now() + DEFAULT_REQUEST_LIFETIME_MS) }
  if (o.idempotencyKey) signed[IDEMPOTENCY_KEY_HEADER] = o.idempotencyKey
  return { ...signed, [AUTHORIZATION_SIGNATURE_HEADER]: signAuthorization(privateKey, { method: o.method, url: o.url, body: o.body, headers: signed }) }
}
