/**
 * A software WebAuthn authenticator for server tests: it answers the server's creation and
 * request options the way a platform authenticator does (attestation 'none', ES256, a resident
 * credential), so passkey sign-up and login run end to end without a browser. The browser
 * ceremony itself is covered in Chromium (test/e2e/passkeys.e2e.test.ts). Its credentials come in
 * the spec's snake_case wire shape (raw_id, response.client_data_json, …); `'webauthn'` gives
 * WebAuthn's camelCase JSON instead, the shape earlier widget builds send.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { assertionToWire, registrationToWire } from '@gatehouse/contract'
import { isoCBOR } from '@simplewebauthn/server/helpers'

export type CredentialShape = 'spec' | 'webauthn'

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
// User present, user verified.
const FLAGS_UP_UV = 0x01 | 0x04
const FLAG_ATTESTED = 0x40

/** One passkey on one device: a P-256 key and its credential id. */
export class SoftPasskey {
  readonly id = b64url(randomBytes(16))
  private readonly privateKey: KeyObject
  private readonly publicJwk: { x: string; y: string }
  private counter = 0
  /** The user handle the creation options named (a resident key answers it with every assertion). */
  private userHandle: string | undefined

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.privateKey = pair.privateKey
    const jwk = pair.publicKey.export({ format: 'jwk' })
    this.publicJwk = { x: jwk.x!, y: jwk.y! }
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): string {
    return b64url(Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })))
  }

  private authData(rpId: string, flags: number, attested: Uint8Array = new Uint8Array()): Buffer {
    const count = Buffer.alloc(4)
    count.writeUInt32BE(++this.counter)
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested])
  }

  /** The PublicKeyCredential JSON for `navigator.credentials.create` with the server's options (snake_case, as served). */
  register(options: { challenge: string; rp: { id: string }; user?: { id: string } }, origin: string, shape: CredentialShape = 'spec') {
    this.userHandle = options.user?.id
    const idBytes = Buffer.from(this.id, 'base64url')
    const length = Buffer.alloc(2)
    length.writeUInt16BE(idBytes.length)
    // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(this.publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.publicJwk.y, 'base64url')],
      ]),
    )
    const attested = Buffer.concat([Buffer.alloc(16), length, idBytes, cose])
    const authData = this.authData(options.rp.id, FLAGS_UP_UV | FLAG_ATTESTED, attested)
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    )
    const json = {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, origin),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: true } },
    }
    return shape === 'spec' ? registrationToWire(json) : json
  }

  /** The assertion for `navigator.credentials.get` with the server's request options. */
  assert(options: { challenge: string; rp_id: string }, origin: string, shape: CredentialShape = 'spec') {
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin)
    const authData = this.authData(options.rp_id, FLAGS_UP_UV)
    const signature = sign('sha256', Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), this.privateKey)
    const json = {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { clientDataJSON, authenticatorData: b64url(authData), signature: b64url(signature), userHandle: this.userHandle },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    }
    return shape === 'spec' ? assertionToWire(json) : json
  }
}
