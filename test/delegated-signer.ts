/**
 * Test-only pieces of the server-side wallet API: a DelegatedSigner holding wallet keys in memory
 * (what the real signing service does behind services/delegation/signer.ts, without the custody),
 * and an app backend's authorization key that signs requests as the API family's SDKs do.
 * Never imported by production code.
 */
import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { p256 } from '@noble/curves/p256'
import { base58 } from '@scure/base'
import canonicalize from 'canonicalize'
import { bytesToHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { DelegatedSigner, DelegatedSignRequest, DelegatedSignResult, DelegatedWalletRef } from '../server/services/delegation/signer.js'

type Held = { chain: 'ethereum'; key: Hex } | { chain: 'solana'; secret: Uint8Array }

export class LocalDelegatedSigner implements DelegatedSigner {
  private held = new Map<string, Held>()
  /** Every request signed, in order (a test reads what reached the signer). */
  readonly signed: { ref: DelegatedWalletRef; request: DelegatedSignRequest }[] = []

  delegateEthereum(walletId: string, key: Hex) {
    this.held.set(walletId, { chain: 'ethereum', key })
  }
  delegateSolana(walletId: string, secret: Uint8Array) {
    this.held.set(walletId, { chain: 'solana', secret })
  }
  revoke(walletId: string) {
    this.held.delete(walletId)
  }

  async isDelegated(ref: DelegatedWalletRef): Promise<boolean> {
    return this.held.has(ref.walletId)
  }

  async sign(ref: DelegatedWalletRef, request: DelegatedSignRequest): Promise<DelegatedSignResult> {
    const held = this.held.get(ref.walletId)
    if (!held) {
      const { ApiError } = await import('../server/errors.js')
      throw new ApiError('not_delegated', 'not delegated')
    }
    this.signed.push({ ref, request })
    if (held.chain === 'solana') {
      if (request.chainType !== 'solana') throw new Error('not a Solana request')
      return { signature: bytesToHex(ed25519.sign(request.bytes, held.secret)) }
    }
    const account = privateKeyToAccount(held.key)
    switch (request.method) {
      case 'personal_sign':
        return { signature: await account.signMessage({ message: { raw: request.message } }) }
      case 'eth_signTypedData_v4':
        return { signature: await account.signTypedData(request.typedData) }
      case 'eth_signTransaction':
        return { signedTransaction: await account.signTransaction(request.transaction) }
      default:
        throw new Error('not an Ethereum request')
    }
  }
}

/** A Solana keypair for a test wallet: its 32-byte secret and base58 address. */
export function solanaKeypair() {
  const secret = ed25519.utils.randomPrivateKey()
  return { secret, address: base58.encode(ed25519.getPublicKey(secret)) }
}

/**
 * An app backend's authorization key (P-256). `headers()` signs a request the way the API family's
 * SDKs do: RFC 8785 JSON of { version: 1, method, url, body, headers }, ECDSA P-256 / SHA-256, DER, base64.
 * Signed with @noble/curves, so the server's node:crypto verification is checked against another implementation.
 */
export class AuthorizationKey {
  readonly publicKey: string
  private readonly d: Uint8Array
  constructor() {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.publicKey = (publicKey.export({ format: 'der', type: 'spki' }) as Buffer).toString('base64')
    this.d = Buffer.from((privateKey as KeyObject).export({ format: 'jwk' }).d!, 'base64url')
  }

  signature(input: { method: string; url: string; body?: unknown; headers: Record<string, string> }): string {
    const payload = canonicalize({ version: 1, method: input.method, url: input.url, body: input.body, headers: input.headers })!
    const digest = createHash('sha256').update(payload).digest()
    return Buffer.from(p256.sign(digest, this.d, { prehash: false }).toDERRawBytes()).toString('base64')
  }

  /** The signing headers of a request to `url` (the server's public URL + path) for `appId`. */
  headers(appId: string, method: string, url: string, body: unknown, o: { expiry?: number; idempotencyKey?: string } = {}): Record<string, string> {
    const signed: Record<string, string> = { 'privy-app-id': appId, 'privy-request-expiry': String(o.expiry ?? Date.now() + 60_000) }
    if (o.idempotencyKey) signed['privy-idempotency-key'] = o.idempotencyKey
    return { ...signed, 'privy-authorization-signature': this.signature({ method, url, body, headers: signed }) }
  }
}
