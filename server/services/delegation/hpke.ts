/**
 * The one HPKE suite of delegation (RFC 9180): DHKEM(X25519, HKDF-SHA256), HKDF-SHA256,
 * AES-128-GCM, from @hpke/core and @hpke/dhkem-x25519. The frame seals with the same suite
 * (frame/src/delegation.ts); the contract's `delegationInfo` binds a sealed share to its secret and split.
 */
import { Aes128Gcm, CipherSuite, HkdfSha256 } from '@hpke/core'
import { DhkemX25519HkdfSha256 } from '@hpke/dhkem-x25519'

export const suite = new CipherSuite({ kem: new DhkemX25519HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes128Gcm() })

/** A key as the suite takes it (a WebCrypto CryptoKey; the server's types have no DOM lib). */
export type HpkeKey = Awaited<ReturnType<typeof suite.kem.deserializePrivateKey>>
