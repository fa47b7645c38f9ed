/**
 * A size-bounded least-recently-used cache with per-entry expiry. Caches keyed by what callers
 * send (a mint address, a cluster) must drop entries, or one caller asking for many keys grows the
 * server's memory without end. A Map keeps insertion order, so its first key is the least recent.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>()

  constructor(
    readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size
  }

  /** The live entry for `key` (now the most recent), or undefined. */
  get(key: string): { value: V } | undefined {
    const hit = this.entries.get(key)
    if (!hit) return undefined
    this.entries.delete(key)
    if (hit.until <= this.now()) return undefined
    this.entries.set(key, hit)
    return { value: hit.value }
  }

  set(key: string, value: V): void {
    this.entries.delete(key)
    this.entries.set(key, { value, until: this.now() + this.ttlMs })
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
  }
}
