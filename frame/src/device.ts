/**
 * The device key of the wallet frame: an ECDSA P-256 key pair made by WebCrypto with a
 * non-extractable private key, kept in this origin's IndexedDB (a CryptoKey is stored as an
 * opaque handle: no script, not even the frame's, can read its bytes). It signs DPoP proofs
 * (RFC 9449 shape) so the server can tell this device's frame from anyone holding a copied token.
 * Runs the same in the frame and in Node tests (WebCrypto is global in both).
 */
import { base64url, calculateJwkThumbprint, exportJWK, SignJWT, type JWK } from 'jose'

export interface DeviceKeyStore {
  load(): Promise<CryptoKeyPair | null>
  save(pair: CryptoKeyPair): Promise<void>
}

export interface ProofRequest {
  /** HTTP method. */
  htm: string
  /** Full URL without query. */
  htu: string
  /** The access token sent with the request: bound into the proof as `ath`. */
  accessToken?: string
  /** Or its hash already made (base64url SHA-256), as the host page sends it: the frame never sees the token. */
  ath?: string
}

export class DeviceKey {
  private constructor(
    private readonly pair: CryptoKeyPair,
    private readonly jwk: JWK,
    /** RFC 7638 thumbprint: the id the server binds sessions to. */
    readonly jkt: string,
    private readonly now: () => number,
  ) {}

  /** The stored key, or a new one (stored before use, so one device keeps one key). */
  static async open(store: DeviceKeyStore, now: () => number = Date.now): Promise<DeviceKey> {
    let pair = await store.load()
    if (!pair) {
      pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
      await store.save(pair)
    }
    const { kty, crv, x, y } = await exportJWK(pair.publicKey)
    const jwk = { kty, crv, x, y } as JWK
    return new DeviceKey(pair, jwk, await calculateJwkThumbprint(jwk, 'sha256'), now)
  }

  async proof({ htm, htu, accessToken, ath }: ProofRequest): Promise<string> {
    const claims: Record<string, string> = { htm, htu, jti: base64url.encode(crypto.getRandomValues(new Uint8Array(18))) }
    if (ath !== undefined) claims.ath = ath
    else if (accessToken !== undefined) {
      claims.ath = base64url.encode(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(accessToken))))
    }
    return new SignJWT(claims)
      .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk: this.jwk })
      .setIssuedAt(Math.floor(this.now() / 1000))
      .sign(this.pair.privateKey)
  }
}

export function memoryKeyStore(): DeviceKeyStore {
  let pair: CryptoKeyPair | null = null
  return { load: async () => pair, save: async (next) => void (pair = next) }
}

/**
 * Key pairs kept in one IndexedDB database of the API origin's (partitioned) storage, one record per
 * key (non-extractable CryptoKeys are stored as they are, never as bytes). Shared by the device key
 * and the Farcaster signer key.
 */
export function indexedDbKeyPairs(database: string) {
  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(database, 1)
      request.onupgradeneeded = () => request.result.createObjectStore('keys')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
  const run = async <T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest): Promise<T> => {
    const db = await open()
    try {
      return await new Promise<T>((resolve, reject) => {
        const request = action(db.transaction('keys', mode).objectStore('keys'))
        request.onsuccess = () => resolve(request.result as T)
        request.onerror = () => reject(request.error)
      })
    } finally {
      db.close()
    }
  }
  return {
    get: async (key: string) => (await run<CryptoKeyPair | undefined>('readonly', (store) => store.get(key))) ?? null,
    put: async (key: string, pair: CryptoKeyPair) => void (await run('readwrite', (store) => store.put(pair, key))),
  }
}

/** The frame's store: one IndexedDB record per app. */
export function indexedDbKeyStore(appId: string): DeviceKeyStore {
  const pairs = indexedDbKeyPairs('gatehouse-device')
  return {
    load: () => pairs.get(appId),
    save: (pair) => pairs.put(appId, pair),
  }
}
