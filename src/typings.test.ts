import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ES module shared with `npm run typings`
import { generateTypings, readManifest, typingsFile } from '../scripts/lib/typings.mjs'
// @ts-expect-error plain ES module shared with `npm run typings`
import { apiDeclarations, bundleDeclarations, indexFile } from '../scripts/lib/declarations.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

describe('the shipped typings (types/)', () => {
  it('types/gatehouse.d.ts is what custom-elements.json generates (run `npm run typings`)', async () => {
    const committed = readFileSync(join(root, 'types/gatehouse.d.ts'), 'utf8')
    expect(committed).toBe(await typingsFile(root))
  }, 180_000)

  it('types/api.d.ts is what src/index.ts declares, and types/index.d.ts joins it to the tags (run `npm run typings`)', async () => {
    const tags = readFileSync(join(root, 'types/gatehouse.d.ts'), 'utf8')
    expect(readFileSync(join(root, 'types/index.d.ts'), 'utf8')).toBe(indexFile(tags))
    const api: string = await apiDeclarations(root)
    expect(readFileSync(join(root, 'types/api.d.ts'), 'utf8')).toBe(api)
    // Every export of the module entry is declared: the names src/index.ts exports, read by tsc.
    const program = ts.createProgram([join(root, 'src/index.ts')], {
      allowImportingTsExtensions: true,
      noEmit: true,
      skipLibCheck: true,
      jsx: ts.JsxEmit.ReactJSX,
    })
    const checker = program.getTypeChecker()
    const entry = checker.getSymbolAtLocation(program.getSourceFile(join(root, 'src/index.ts'))!)!
    const exported = checker.getExportsOfModule(entry).map((s) => s.name)
    const declared = new Set([...api.matchAll(/^export (?:type )?\{([^}]*)\}/gm)].flatMap((m) => m[1]!.split(',').map((n) => n.trim().split(' as ').pop()!)))
    for (const name of ['AuthModalElement', 'SignPromptElement', 'FundButtonElement']) declared.add(name) // from the tags' typings
    expect(exported.length).toBeGreaterThan(100)
    expect(exported.filter((name) => !declared.has(name))).toEqual([])
  }, 600_000)

  it('error: declarations that would still import a package (the published one has no dependencies) fail the generation', async () => {
    const dir = mkdtempSync(join(root, 'node_modules/.gatehouse-declarations-test-'))
    try {
      writeFileSync(join(dir, 'index.d.ts'), "export type { Missing } from 'no-such-package-here'\nexport declare function login(): Promise<void>\n")
      await expect(bundleDeclarations(join(dir, 'index.d.ts'), dir)).rejects.toThrow(/would need other packages: .*no-such-package-here/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)

  it('a tag, attribute and event added to custom-elements.json reach the tag map, the event maps and the framework props', () => {
    // What another tag (e.g. <fund-button>) brings after `npm run manifest`: here a copy of <sign-prompt>'s declaration.
    const manifest = readManifest(root)
    const module = manifest.modules.find((m: { path: string }) => m.path.startsWith('elements/sign-prompt/'))
    const copy = structuredClone(module.declarations.find((d: { tagName?: string }) => d.tagName === 'sign-prompt'))
    copy.tagName = 'test-button'
    copy.name = 'TestButtonElement'
    copy.attributes.push({ name: 'test-size', type: { text: "'small' | 'large'" } })
    copy.events.push({ name: 'test-done', type: { text: 'CustomEvent<AuthSuccessEventDetail>' } })
    module.declarations.push(copy)
    const text = generateTypings({ root, manifest })
    expect(text).toContain("'test-button': TestButtonElement")
    expect(text).toContain('export interface TestButtonAttributes {')
    expect(text).toContain("'test-size'?: 'small' | 'large' | null")
    expect(text).toContain('export interface TestButtonEventMap {')
    expect(text).toContain("'test-done': CustomEvent<AuthSuccessEventDetail>")
    expect(text).toContain("'test-button': { element: TestButtonElement; attributes: TestButtonAttributes; events: TestButtonEventMap }")
    expect(text).toContain("'test-done': TestButtonEventMap['test-done']")
  }, 180_000)

  it('error: a type name in custom-elements.json that no declaration defines fails the generation', () => {
    const manifest = readManifest(root)
    const declaration = manifest.modules
      .flatMap((m: { declarations?: unknown[] }) => m.declarations ?? [])
      .find((d: { tagName?: string }) => d.tagName === 'auth-modal')
    declaration.events.push({ name: 'ghost', type: { text: 'CustomEvent<GhostEventDetail>' } })
    expect(() => generateTypings({ root, manifest })).toThrow(/GhostEventDetail/)
  }, 180_000)

  it('compile a usage in the DOM, React 19, Vue and Svelte, and reject wrong attributes and event details (test/typings)', () => {
    // Each fixture holds `@ts-expect-error` lines: an attribute or detail type the typings failed to
    // reject makes tsc report an unused directive, so the negative cases are proven too.
    let output = ''
    try {
      execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'test/typings/tsconfig.json')], {
        cwd: root,
        encoding: 'utf8',
        stdio: 'pipe',
      })
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error)
    }
    expect(output).toBe('')
  }, 180_000)
})
