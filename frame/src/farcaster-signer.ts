/**
 * The Farcaster signer key (spec part 3 'Farcaster signer'; SECURITY.md "Farcaster signer"): an
 * ed25519 key pair made by WebCrypto with a non-extractable private key, one per app and user, kept
 * in this origin's IndexedDB like the device key (frame/src/device.ts): no script, not even the
 * frame's, can read its bytes. Only the public key leaves, to the server's
 * `farcaster/signer/init` (the frame's own call, with its device proof), which has the app's
 * Farcaster account sign the request the user approves in the Farcaster app.
 *
 * It signs Farcaster message hashes only (20 bytes: BLAKE3 truncated to 160 bits), and only while
 * the server says the signer is approved for this session's user.
 */
import { tokenSubject } from './registration.ts'
import type { FarcasterSignerAnswer } from './protocol.ts'
import { ProxyError } from './vault.ts'
import { indexedDbKeyPairs } from './device.ts'

export interface SignerKeyStore {
  load(id: string): Promise<CryptoKeyPair | null>
  save(id: string, pair: CryptoKeyPair): Promise<void>
}

/** A Farcaster message hash: BLAKE3 of the message data, truncated to 20 bytes. */
export const FARCASTER_HASH_BYTES = 20

export interface SignerApi {
  call<T>(accessToken: string, path: string, body: unknown): Promise<T>
}

const toHex = (bytes: ArrayBuffer | Uint8Array) => `0x${[...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('')}`

function fromHex(value: unknown, length: number): Uint8Array<ArrayBuffer> {
  if (typeof value !== 'string' || !new RegExp(`^0x[0-9a-fA-F]{${length * 2}}$`).test(value)) {
    throw new ProxyError('invalid_request_arguments', `A Farcaster message hash is ${length} bytes (0x-hex)`)
  }
  return Uint8Array.from(
    value
      .slice(2)
      .match(/../g)!
      .map((h) => parseInt(h, 16)),
  )
}

export class FarcasterSignerKeys {
  /** When the server last said the signer of a key is approved (the check doubles as a session check). */
  private readonly approvedAt = new Map<string, number>()

  constructor(
    private readonly appId: string,
    private readonly store: SignerKeyStore,
    private readonly api: SignerApi,
    private readonly checkMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private id(accessToken: string): string {
    let userId: string
    try {
      userId = tokenSubject(accessToken)
    } catch {
      throw new ProxyError('invalid_request_arguments', 'User must be authenticated')
    }
    return `${this.appId}:${userId}`
  }

  private async publicKeyOf(pair: CryptoKeyPair): Promise<string> {
    return toHex(await crypto.subtle.exportKey('raw', pair.publicKey))
  }

  /** This user's key on this device, made (and stored before use) when there is none. */
  private async pair(accessToken: string, create: boolean): Promise<CryptoKeyPair | null> {
    const id = this.id(accessToken)
    const stored = await this.store.load(id)
    if (stored || !create) return stored
    const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as CryptoKeyPair
    await this.store.save(id, pair)
    return pair
  }

  /** 'Add a signer to Farcaster': the request for this device's key (new or pending), or the approved signer. */
  async init(accessToken: string): Promise<FarcasterSignerAnswer> {
    const publicKey = await this.publicKeyOf((await this.pair(accessToken, true))!)
    const answer = await this.api.call<FarcasterSignerAnswer>(accessToken, '/farcaster/signer/init', { ed25519_public_key: publicKey })
    if (answer.status === 'approved') this.approvedAt.set(publicKey, this.now())
    return answer
  }

  /** The signer's public key (0x-hex, 32 bytes), or null when this device has none for the user. */
  async publicKey(accessToken: string): Promise<string | null> {
    const pair = await this.pair(accessToken, false)
    return pair ? this.publicKeyOf(pair) : null
  }

  /** Logout: the next signature asks the server again. */
  clear(): void {
    this.approvedAt.clear()
  }

  /** Signs a Farcaster message hash (ed25519, 64 bytes 0x-hex) once the server confirms the signer is approved. */
  async sign(accessToken: string, hash: string): Promise<string> {
    const bytes = fromHex(hash, FARCASTER_HASH_BYTES)
    const pair = await this.pair(accessToken, false)
    if (!pair) throw new ProxyError('invalid_request_arguments', 'No Farcaster signer on this device: add a signer to Farcaster first')
    const publicKey = await this.publicKeyOf(pair)
    const checked = this.approvedAt.get(publicKey)
    if (checked === undefined || this.now() - checked >= this.checkMs) {
      const { status } = await this.api.call<FarcasterSignerAnswer>(accessToken, '/farcaster/signer/status', { ed25519_public_key: publicKey })
      if (status !== 'approved') throw new ProxyError('invalid_request_arguments', 'The Farcaster signer is not approved')
      this.approvedAt.set(publicKey, this.now())
    }
    return toHex(await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, bytes))
  }
}

export function memorySignerKeyStore(): SignerKeyStore {
  const pairs = new Map<string, CryptoKeyPair>()
  return { load: async (id) => pairs.get(id) ?? null, save: async (id, pair) => void pairs.set(id, pair) }
}

/** The frame's store: one IndexedDB record per app and user, in the API origin's (partitioned) storage. */
export function indexedDbSignerKeyStore(): SignerKeyStore {
  const pairs = indexedDbKeyPairs('gatehouse-farcaster-signer')
  return { load: (id) => pairs.get(id), save: (id, pair) => pairs.put(id, pair) }
}
