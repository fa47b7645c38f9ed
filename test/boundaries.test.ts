/**
 * The workspace boundaries: the server imports the widget's code only through the contract
 * package, the contract runs in browsers and Node alike, and the widget never reaches into the
 * server.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (name === 'node_modules') return []
    if (statSync(join(root, path)).isDirectory()) return sources(path)
    return /\.(ts|tsx|mjs)$/.test(name) ? [path] : []
  })
}

/** Every module specifier a file imports (static, dynamic and re-exports). */
function specifiers(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8')
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]!)
}

/** Relative imports of `files` that land outside the allowed top-level folders. */
function crossings(files: string[], allowed: string[]): string[] {
  return files.flatMap((file) =>
    specifiers(file)
      .filter((s) => s.startsWith('.'))
      .map((s) => relative(root, resolve(root, dirname(file), s)))
      .filter((target) => !allowed.some((folder) => target.startsWith(`${folder}/`)))
      .map((target) => `${file} → ${target}`),
  )
}

describe('workspace boundaries', () => {
  it('the server imports nothing from src/ or frame/ (the shared code is @gatehouse/contract)', () => {
    // Tests and the test harness (server/testing.ts) may use the repository's shared test helpers.
    const server = sources('server').filter((f) => !f.endsWith('.test.ts') && f !== 'server/testing.ts')
    expect(crossings(server, ['server', 'dist'])).toEqual([])
  })

  it('the contract has no Node-only import and no import outside itself', () => {
    const contract = sources('contract/src')
    expect(
      contract.flatMap((f) =>
        specifiers(f)
          .filter((s) => s.startsWith('node:'))
          .map((s) => `${f} → ${s}`),
      ),
    ).toEqual([])
    expect(crossings(contract, ['contract'])).toEqual([])
  })

  it('the widget (src/, elements/, frame/) never imports the server', () => {
    const widget = ['src', 'elements', 'frame'].flatMap(sources)
    expect(crossings(widget, ['src', 'elements', 'frame', 'contract', 'node_modules']).filter((c) => c.includes('→ server/'))).toEqual([])
    expect(widget.flatMap((f) => specifiers(f).filter((s) => s.startsWith('@gatehouse/server')))).toEqual([])
  })

  it('each tag class stays thin: under 300 lines (host methods come from a table, logic from src/)', () => {
    const tags = sources('elements').filter((f) => f.endsWith('.element.ts'))
    expect(tags.length).toBeGreaterThanOrEqual(2)
    const long = tags.map((f) => [f, readFileSync(join(root, f), 'utf8').split('\n').length] as const).filter(([, lines]) => lines >= 300)
    expect(long).toEqual([])
  })
})
