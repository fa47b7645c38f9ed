/**
 * The workspace boundaries: the server imports the widget's code only through the contract
 * package, the contract runs in browsers and Node alike, and the widget never reaches into the
 * server. Inside src/, one direction (ARCHITECTURE.md "One direction in src/"): core ← features
 * ← ui ← screens ← entries, written as data below; and no import cycle in any package.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
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

/** The file a relative specifier of `file` names (TypeScript's `.js` → `.ts` and extensionless forms too). */
function resolveImport(file: string, specifier: string): string | null {
  const base = resolve(root, dirname(file), specifier)
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, `${base}.tsx`, `${base}.mjs`, join(base, 'index.ts')]
  const found = candidates.find((c) => existsSync(c) && statSync(c).isFile())
  return found ? relative(root, found) : null
}

/** Every relative import of every file: static, dynamic `import()`, `export … from`, `import type`. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files)
  return new Map(
    files.map((file) => [
      file,
      [
        ...new Set(
          specifiers(file)
            .filter((s) => s.startsWith('.'))
            .map((s) => resolveImport(file, s)),
        ),
      ].filter((t): t is string => !!t && known.has(t)),
    ]),
  )
}

/** The strongly connected components of more than one file (or a file importing itself): the import cycles. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const component: string[] = []
    let w: string
    do {
      w = stack.pop()!
      onStack.delete(w)
      component.push(w)
    } while (w !== v)
    if (component.length > 1 || graph.get(v)!.includes(v)) found.push(component.sort())
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return found
}

/** A cycle as text: each file with the files of the cycle it imports. */
const describeCycle = (graph: Map<string, string[]>, files: string[]) =>
  files
    .map(
      (f) =>
        `${f} → ${graph
          .get(f)!
          .filter((t) => files.includes(t))
          .join(', ')}`,
    )
    .join('\n')

/**
 * The direction of src/, as data: each file belongs to the layer of its longest matching path
 * prefix, and imports only its own layer or lower ones. contract/ and frame/ (own packages, below
 * the widget) may be imported from every layer. Spec texts-and-constants tables sit beside their
 * feature but are core (errors and stores read them; they import nothing).
 */
const LAYERS: { name: string; paths: string[] }[] = [
  {
    name: 'core',
    paths: [
      'src/errors/',
      'src/api/',
      'src/stores/',
      'src/events/',
      'src/platform/',
      'src/version.ts',
      'src/mfa/texts.ts',
      'src/oauth/texts.ts',
      'src/transactions/types.ts',
      'src/transactions/flow.ts',
    ],
  },
  {
    name: 'features',
    paths: [
      'src/actions/',
      'src/flows/',
      'src/wallets/',
      'src/mfa/',
      'src/oauth/',
      'src/passkeys/',
      'src/captcha/',
      'src/telegram/',
      'src/farcaster/',
      'src/funding/',
      'src/transactions/',
      'src/crossapp/',
    ],
  },
  { name: 'ui', paths: ['src/ui/'] },
  { name: 'screens', paths: ['src/screens/'] },
  { name: 'entries', paths: ['src/index.ts', 'src/elements.ts', 'src/fund-button.ts', 'elements/'] },
]
const BELOW_EVERY_LAYER = ['contract/', 'frame/']

function layerOf(file: string): number {
  let best = -1
  let length = 0
  LAYERS.forEach(({ paths }, i) =>
    paths.forEach((p) => {
      if ((file === p || (p.endsWith('/') && file.startsWith(p))) && p.length > length) [best, length] = [i, p.length]
    }),
  )
  return best
}

/** Tests and the test harness may reach anywhere. */
const isTestCode = (f: string) => /\.test\.tsx?$/.test(f) || f.startsWith('src/testing/')

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

  it('the console (console/) imports only itself and the contract; nothing of it reaches the widget, the frame or the server', () => {
    const consoleFiles = sources('console/src')
    expect(consoleFiles.length).toBeGreaterThan(5)
    expect(crossings(consoleFiles, ['console', 'contract', 'node_modules'])).toEqual([])
    const bare = consoleFiles
      .filter((f) => !isTestCode(f))
      .flatMap((f) =>
        specifiers(f)
          .filter((s) => !s.startsWith('.') && !/^(react|react-dom|ajv|uplot|@gatehouse\/contract)(\/|$)/.test(s))
          .map((s) => `${f} → ${s}`),
      )
    expect(bare).toEqual([])
    const others = ['src', 'elements', 'frame', 'server', 'contract/src'].flatMap(sources)
    expect(
      crossings(others, ['src', 'elements', 'frame', 'server', 'contract', 'dist', 'node_modules', 'test', 'scripts', 'types']).filter((c) =>
        c.includes('→ console/'),
      ),
    ).toEqual([])
    expect(
      others.flatMap((f) =>
        specifiers(f)
          .filter((s) => s.startsWith('@gatehouse/console'))
          .map((s) => `${f} → ${s}`),
      ),
    ).toEqual([])
  })

  it('each tag class stays thin: under 300 lines (host methods come from a table, logic from src/)', () => {
    const tags = sources('elements').filter((f) => f.endsWith('.element.ts'))
    expect(tags.length).toBeGreaterThanOrEqual(2)
    const long = tags.map((f) => [f, readFileSync(join(root, f), 'utf8').split('\n').length] as const).filter(([, lines]) => lines >= 300)
    expect(long).toEqual([])
  })

  it('the tags are plain HTMLElements: no React-to-web-component wrapper is imported or declared (ARCHITECTURE.md "Why the tags are not r2wc")', () => {
    const wrappers = /^@r2wc\/|^react-to-webcomponent$/
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>
    const declared = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies })
    expect(declared.filter((name) => wrappers.test(name))).toEqual([])
    const importing = [...sources('src'), ...sources('elements')].filter((f) => specifiers(f).some((s) => wrappers.test(s)))
    expect(importing).toEqual([])
  })
})

describe('one direction, no cycles', () => {
  it('no import cycle in src/, server/, frame/, console/, scripts/ (type-only and dynamic imports count)', () => {
    const graph = importGraph(['src', 'elements', 'server', 'frame', 'console/src', 'scripts'].flatMap(sources))
    expect(cycles(graph).map((files) => describeCycle(graph, files))).toEqual([])
  })

  it('every src/ file has a layer, and imports only its own layer or lower ones (LAYERS)', () => {
    const files = ['src', 'elements'].flatMap(sources).filter((f) => !isTestCode(f) && !f.endsWith('.d.ts'))
    expect(files.filter((f) => layerOf(f) < 0)).toEqual([])
    const graph = importGraph(['src', 'elements', 'frame', 'contract'].flatMap(sources))
    const upward = files.flatMap((file) =>
      graph
        .get(file)!
        .filter((target) => !BELOW_EVERY_LAYER.some((p) => target.startsWith(p)) && layerOf(target) > layerOf(file))
        .map((target) => `${file} (${LAYERS[layerOf(file)]!.name}) → ${target} (${LAYERS[layerOf(target)]!.name})`),
    )
    expect(upward).toEqual([])
  })

  it('frame/ imports nothing from src/ or elements/ (the widget talks to it by postMessage only)', () => {
    expect(crossings(sources('frame'), ['frame', 'contract', 'node_modules']).filter((c) => /→ (src|elements)\//.test(c))).toEqual([])
  })

  it('the HTTP client (src/api/) imports no wallet, MFA or modal code (the device proof is injected)', () => {
    const graph = importGraph(['src'].flatMap(sources))
    const api = [...graph.keys()].filter((f) => f.startsWith('src/api/') && !isTestCode(f))
    const bad = api.flatMap((f) =>
      graph
        .get(f)!
        .filter((t) => /^src\/(wallets|mfa|screens|ui|actions)\/|^src\/stores\/modal\.ts$/.test(t))
        .map((t) => `${f} → ${t}`),
    )
    expect(bad).toEqual([])
  })

  it('every nanostores atom, map and computed is created in src/stores/', () => {
    const created = ['src', 'elements']
      .flatMap(sources)
      .filter((f) => !isTestCode(f) && !f.startsWith('src/stores/'))
      .filter((f) => /import\s*\{[^}]*\b(atom|map|computed)\b[^}]*\}\s*from\s*'nanostores'/.test(readFileSync(join(root, f), 'utf8')))
    expect(created).toEqual([])
  })
})
