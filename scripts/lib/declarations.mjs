// The declarations of the module exports (types/api.d.ts): what `import { login, $session } from
// 'gatehouse'` type-checks against. TypeScript emits declarations for src/index.ts and everything it
// imports (emitDeclarationOnly); rollup-plugin-dts bundles them into one file from the entry's
// exports down, inlining the few third-party types they name (nanostores' atoms, the wire
// contract's codes) so the file needs no package beside it. The tags are left out here: their
// typings come from custom-elements.json (types/gatehouse.d.ts, scripts/lib/typings.mjs), and
// types/index.d.ts puts both together (see indexFile).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** The tag classes: typed from the manifest (types/gatehouse.d.ts), not from their React internals. */
const TAG_CLASSES = ['AuthModalElement', 'SignPromptElement', 'FundButtonElement']

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

/** Removes `declare global { … }` blocks (the tag typings declare the DOM maps once) and the tag classes' exports. */
function prune(path, text) {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
  const cuts = []
  for (const statement of source.statements) {
    // `import './elements.ts'`: a side effect of the module, nothing a type needs.
    if (ts.isImportDeclaration(statement) && !statement.importClause) cuts.push([statement.getFullStart(), statement.getEnd()])
    if (ts.isModuleDeclaration(statement) && statement.name.getText() === 'global') cuts.push([statement.getFullStart(), statement.getEnd()])
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      const names = statement.exportClause.elements.map((e) => e.name.getText())
      if (names.length && names.every((n) => TAG_CLASSES.includes(n))) cuts.push([statement.getFullStart(), statement.getEnd()])
    }
  }
  let out = text
  for (const [start, end] of cuts.reverse()) out = out.slice(0, start) + out.slice(end)
  // rollup-plugin-dts does not follow `export type *`; in a declaration file `export *` says the same for types.
  return out.replace(/^export type \* from /gm, 'export * from ')
}

/** The wire contract's entry points ('@gatehouse/contract', '@gatehouse/contract/routes', …) by its package.json exports: id → source path under contract/. */
function contractEntries(root) {
  const { exports } = JSON.parse(readFileSync(join(root, 'contract/package.json'), 'utf8'))
  return Object.entries(exports).map(([subpath, file]) => [`@gatehouse/contract${subpath.slice(1)}`, join('contract', file)])
}

/** Step 1: tsc's declarations of src/index.ts and its imports, into `outDir`. */
export function emitDeclarations(root, outDir) {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile).config
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root)
  const program = ts.createProgram([join(root, 'src/index.ts')], {
    ...options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    outDir,
    rootDir: root,
    types: [],
    // The wire contract is a workspace package of sources: declared like src/, then bundled in (the
    // widget imports its route types, type-only; only what a public type names reaches the file).
    paths: Object.fromEntries(contractEntries(root).map(([id, file]) => [id, [join(root, file)]])),
  })
  const result = program.emit()
  // A declaration tsc could not write (e.g. an inferred type it cannot name) matters only if that
  // file reaches the bundle: the caller checks (bundleDeclarations' module list).
  const problems = new Map()
  // (The emit's own diagnostics: declaration errors, without a full type check of the program.)
  for (const d of result.diagnostics) {
    if (d.category !== ts.DiagnosticCategory.Error || !d.file) continue
    const file = join(outDir, relative(root, d.file.fileName)).replace(/\.tsx?$/, '.d.ts')
    problems.set(file, `${relative(root, d.file.fileName)}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`)
  }
  for (const file of walk(outDir).filter((f) => f.endsWith('.d.ts'))) writeFileSync(file, prune(file, readFileSync(file, 'utf8')))
  return problems
}

/** Step 2: one file from the entry's exports down (rollup-plugin-dts). */
export async function bundleDeclarations(entry, outDir) {
  const { rollup } = await import('rollup')
  const { dts } = await import('rollup-plugin-dts')
  const contract = new Map(contractEntries(REPO_ROOT).map(([id, file]) => [id, join(outDir, file.replace(/\.ts$/, '.d.ts'))]))
  const unresolved = []
  const bundle = await rollup({
    input: entry,
    plugins: [{ name: 'contract', resolveId: (id) => contract.get(id) ?? null }, dts({ respectExternal: true })],
    onwarn: (warning) => {
      if (warning.code === 'UNRESOLVED_IMPORT' || warning.code === 'UNUSED_EXTERNAL_IMPORT') unresolved.push(warning.message)
    },
  })
  const { output } = await bundle.generate({ format: 'es' })
  await bundle.close()
  const { code, moduleIds } = output[0]
  const imports = [...code.matchAll(/\bfrom '([^'.][^']*)'|\bimport\(['"]([^'".][^'"]*)['"]\)/g)].map((m) => m[1] ?? m[2])
  if (imports.length || unresolved.length) throw new Error(`declarations: types/api.d.ts would need other packages: ${[...imports, ...unresolved].join('; ')}`)
  return { code, moduleIds }
}

/** types/api.d.ts's text: emitted, bundled and formatted. */
export async function apiDeclarations(root) {
  // Under the root, so imports of node_modules resolve from the emitted files as from the sources.
  const outDir = mkdtempSync(join(root, 'node_modules/.gatehouse-declarations-'))
  try {
    const problems = emitDeclarations(root, outDir)
    const { code, moduleIds } = await bundleDeclarations(join(outDir, 'src/index.d.ts'), outDir)
    const broken = moduleIds.filter((id) => problems.has(id)).map((id) => problems.get(id))
    if (broken.length) throw new Error(`declarations: tsc could not declare what the exports use:\n${broken.join('\n')}`)
    const header = `// Generated by scripts/typings.mjs from src/index.ts (tsc declarations bundled by rollup-plugin-dts): do not edit.\n// The tags' own typings are in ./gatehouse.d.ts; ./index.d.ts exports both.\n`
    const prettier = await import('prettier')
    const path = join(root, 'types/api.d.ts')
    const options = (await prettier.resolveConfig(path)) ?? {}
    return prettier.format(`${header}${code.replaceAll(relative(root, outDir), 'src')}`, { ...options, filepath: path })
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

/**
 * types/index.d.ts: the package entry's types. The tags' typings (from the manifest) name each export
 * explicitly, so they win over the same names that the module's declarations also carry.
 */
export function indexFile(gatehouseTypings) {
  const source = ts.createSourceFile('gatehouse.d.ts', gatehouseTypings, ts.ScriptTarget.Latest, true)
  const names = []
  for (const statement of source.statements) {
    if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue
    if (ts.isVariableStatement(statement)) names.push(...statement.declarationList.declarations.map((d) => d.name.getText()))
    else if (statement.name) names.push(statement.name.getText())
  }
  return `// Generated by scripts/typings.mjs: do not edit. The types of \`import … from 'gatehouse'\`:
// the tags, their events and the framework maps (./gatehouse.d.ts, from custom-elements.json), and
// every action, store, error and type the module exports (./api.d.ts, from src/index.ts).
export {
${[...new Set(names)].map((n) => `  ${n},`).join('\n')}
} from './gatehouse.js'
export * from './api.js'
`
}
