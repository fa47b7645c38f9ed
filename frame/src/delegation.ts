/**
 * Delegated actions in the frame (SECURITY.md "Delegated actions"): after the user's consent, the
 * device share is sealed to the signing service's X25519 key with HPKE (RFC 9180, the suite of
 * server/services/delegation/hpke.ts), bound by `info` to this app, user, secret and split. The
 * sealed share is all the server receives; it cannot open it.
 */
import { Aes128Gcm, CipherSuite, HkdfSha256 } from '@hpke/core'
import { DhkemX25519HkdfSha256 } from '@hpke/dhkem-x25519'
import { delegationInfo } from '@gatehouse/contract'
import { fromBase64, toBase64 } from './custody.ts'

const suite = new CipherSuite({ kem: new DhkemX25519HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes128Gcm() })

export interface SignerKey {
  public_key: string
  key_id: string
}

export interface SealedShare {
  enc: string
  ct: string
  key_id: string
}

export async function sealDeviceShare(
  signer: SignerKey,
  bind: { appId: string; userId: string; entropyId: string; shareSet: string },
  share: Uint8Array,
): Promise<SealedShare> {
  const recipientPublicKey = await suite.kem.deserializePublicKey(fromBase64(signer.public_key))
  const sealed = await suite.seal({ recipientPublicKey, info: new TextEncoder().encode(delegationInfo(bind)) }, share)
  return { enc: toBase64(new Uint8Array(sealed.enc)), ct: toBase64(new Uint8Array(sealed.ct)), key_id: signer.key_id }
}
