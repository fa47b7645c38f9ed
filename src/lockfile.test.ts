import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

describe('package-lock.json', () => {
  // `npm ci` (CI, newcomers) refuses a lock that names an optional dependency without an entry
  // for it; this registry mirror makes npm drop other platforms' packages (see scripts/fix-lockfile.mjs).
  it('has an entry for every optional dependency, so `npm ci` accepts it', () => {
    const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'))
    const missing: string[] = []
    for (const [path, entry] of Object.entries<{ optionalDependencies?: Record<string, string> }>(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!lock.packages[`${path ? `${path}/` : ''}node_modules/${name}`] && !lock.packages[`node_modules/${name}`]) missing.push(name)
      }
    }
    expect(missing, 'run `node scripts/fix-lockfile.mjs`').toEqual([])
  })
})
