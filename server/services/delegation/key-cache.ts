/**
 * The signer process's short memory of rebuilt keys (SECURITY.md "Delegated actions", "Rebuilt keys
 * in the signer's memory"). Rebuilding a delegated key costs an HPKE open, PBKDF2 and a BIP-32 path
 * (~7 ms of CPU): the signer keeps a key it rebuilt, in its own memory only, for at most `ttlMs`
 * after the rebuild, then overwrites it. An entry is found only by the digest of the complete
 * material that rebuilt it (sealed device share, auth share, binding, path, address), so a warm
 * entry answers only a request that could have rebuilt the key anyway: it adds no power, it saves
 * the work. Entries are wiped on expiry, on `forget` (the HTTP process revoked the delegation), when
 * the cache is full (oldest first) and when the process ends.
 */
import { createHash } from 'node:crypto'

/** The fields of a request's material (signing-core.ts SigningMaterial) that decide the rebuilt key. */
export interface KeyMaterial {
  sealed: { enc: string; ct: string }
  info: string
  authShare: string
  kind: string
  chainType: string
  walletIndex: number
  address: string
}

/** How long a rebuilt key may stay in the signer's memory (GATEHOUSE_SIGNER_KEY_TTL_MS; 0: never kept). */
export const DEFAULT_KEY_TTL_MS = 60_000
export const MAX_KEYS = 1_000

interface Entry {
  key: Promise<Uint8Array>
  /** The delegation it belongs to (contract delegationInfo): what `forget` names. */
  info: string
  expiresAt: number
}

/** The digest an entry is found by: every field of the material that decides the rebuilt key. */
export function materialDigest(m: KeyMaterial): string {
  const fields = [m.sealed.enc, m.sealed.ct, m.info, m.authShare, m.kind, m.chainType, String(m.walletIndex), m.address]
  return createHash('sha256').update(JSON.stringify(fields)).digest('base64url')
}

export class KeyCache {
  private readonly entries = new Map<string, Entry>()
  private readonly sweeper: NodeJS.Timeout | null

  constructor(
    readonly ttlMs = DEFAULT_KEY_TTL_MS,
    private readonly max = MAX_KEYS,
    private readonly now: () => number = Date.now,
  ) {
    this.sweeper = ttlMs > 0 ? setInterval(() => this.sweep(), Math.min(ttlMs, 5_000)) : null
    this.sweeper?.unref()
  }

  get size(): number {
    return this.entries.size
  }

  /**
   * The key for `m`: the warm one, or `rebuild()`'s (kept until it expires). Concurrent requests for
   * one cold key share one rebuild. The answer is the cache's own buffer: the caller must not wipe it.
   */
  async use(m: KeyMaterial, rebuild: () => Promise<Uint8Array>): Promise<{ key: Uint8Array; kept: boolean }> {
    if (this.ttlMs <= 0) return { key: await rebuild(), kept: false }
    const digest = materialDigest(m)
    const t = this.now()
    const warm = this.entries.get(digest)
    if (warm && warm.expiresAt > t) return { key: await warm.key, kept: true }
    if (warm) this.drop(digest)
    const entry: Entry = { key: rebuild(), info: m.info, expiresAt: t + this.ttlMs }
    this.entries.set(digest, entry)
    while (this.entries.size > this.max) this.drop(this.entries.keys().next().value as string)
    try {
      return { key: await entry.key, kept: true }
    } catch (error) {
      if (this.entries.get(digest) === entry) this.entries.delete(digest)
      throw error
    }
  }

  /** Wipes every key of the named delegations (revoked); answers how many went. */
  forget(infos: readonly string[]): number {
    const names = new Set(infos)
    let n = 0
    for (const [digest, entry] of this.entries) {
      if (!names.has(entry.info)) continue
      this.drop(digest)
      n++
    }
    return n
  }

  /** Wipes the expired keys. */
  sweep(): void {
    const t = this.now()
    for (const [digest, entry] of this.entries) if (entry.expiresAt <= t) this.drop(digest)
  }

  /** Wipes everything (the process is ending). */
  clear(): void {
    for (const digest of [...this.entries.keys()]) this.drop(digest)
    if (this.sweeper) clearInterval(this.sweeper)
  }

  private drop(digest: string): void {
    const entry = this.entries.get(digest)
    if (!entry) return
    this.entries.delete(digest)
    // A rebuild still running is wiped when it lands.
    entry.key.then(
      (key) => key.fill(0),
      () => undefined,
    )
  }
}
