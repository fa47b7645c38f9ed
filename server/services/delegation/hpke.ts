/**
 * The one HPKE suite of delegation (RFC 9180): DHKEM(X25519, HKDF-SHA256), HKDF-SHA256,
 * AES-128-GCM. The frame seals with the same suite (frame/src/delegation.ts: @hpke/dhkem-x25519,
 * @noble's X25519, which every browser runs); here @hpke/core's own X25519 KEM runs on Node's
 * WebCrypto (native X25519: an open costs about half). The contract's `delegationInfo` binds a
 * sealed share to its secret and split.
 */
import { Aes128Gcm, CipherSuite, DhkemX25519HkdfSha256, HkdfSha256 } from '@hpke/core'

export const suite = new CipherSuite({ kem: new DhkemX25519HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes128Gcm() })

/** A key as the suite takes it (a WebCrypto CryptoKey; the server's types have no DOM lib). */
export type HpkeKey = Awaited<ReturnType<typeof suite.kem.deserializePrivateKey>>
