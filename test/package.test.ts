/**
 * What a host app installs: `npm pack` of the widget, installed from the tarball into an empty
 * folder. The tarball carries the self-contained browser bundle (dist/) and the element manifest;
 * nothing of the server (fastify, the database drivers, mail, tsx) may arrive, and nothing may
 * compile. Reads the dist/ that `npm test` builds first.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const SERVER_PACKAGES = ['fastify', 'pg', 'better-sqlite3', 'nodemailer', 'tsx', 'kysely', '@gatehouse/server', '@gatehouse/contract']

const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

/** Every file below `dir`, as paths relative to it. */
function walk(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path, `${prefix}${name}/`) : [`${prefix}${name}`]
  })
}

describe('the published widget package', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'gatehouse-pack-'))
  let packed: { filename: string; files: { path: string }[] }
  let installed: string[]

  beforeAll(() => {
    if (!existsSync(join(root, 'dist/elements.js'))) throw new Error('dist/ is missing: run `npm run build` first (`npm test` does)')
    // --ignore-scripts: dist/ is already built; `prepack` would build it again.
    packed = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], root))[0]
    const app = join(scratch, 'host-app')
    execFileSync('mkdir', ['-p', app])
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'host-app', private: true }))
    npm(['install', '--no-audit', '--no-fund', join(scratch, packed.filename)], app)
    installed = walk(join(app, 'node_modules'))
  }, 300_000) // npm pack and install: minutes on a busy 2-core machine

  afterAll(() => rmSync(scratch, { recursive: true, force: true }))

  it('carries the bundle and the element manifest, and no source of the server', () => {
    const paths = packed.files.map((f) => f.path)
    expect(paths).toEqual(
      expect.arrayContaining([
        'dist/elements.js',
        'dist/gatehouse.js',
        'custom-elements.json',
        'package.json',
        'README.md',
        'types/gatehouse.d.ts',
        'types/api.d.ts',
        'types/index.d.ts',
        'types/react.d.ts',
        'types/vue.d.ts',
        'types/svelte.d.ts',
      ]),
    )
    expect(paths.filter((p) => /^(server|contract|src|test|scripts)\//.test(p))).toEqual([])
  })

  it('installs into an empty folder with none of the server dependencies in its tree', () => {
    const packages = new Set(
      installed
        .filter((p) => p.endsWith('/package.json'))
        .map((p) =>
          p
            .slice(0, -'/package.json'.length)
            .replace(/\/node_modules\//g, '\n')
            .split('\n')
            .pop()!,
        ),
    )
    expect(packages.has('gatehouse')).toBe(true)
    expect(SERVER_PACKAGES.filter((name) => packages.has(name))).toEqual([])
    const manifest = JSON.parse(readFileSync(join(scratch, 'host-app/node_modules/gatehouse/package.json'), 'utf8'))
    expect(manifest.dependencies ?? {}).toEqual({})
  })

  it('its declarations type a module user: test/typings/api.ts compiles against the installed package, and its wrong calls are refused', () => {
    // The host app imports 'gatehouse' through the installed package.json's `exports` (types/index.d.ts),
    // with no path mapping, no other package installed, and the declaration files checked too.
    const app = join(scratch, 'host-app')
    execFileSync('mkdir', ['-p', join(app, 'src')])
    writeFileSync(join(app, 'src/api.ts'), readFileSync(join(root, 'test/typings/api.ts'), 'utf8'))
    const compilerOptions = {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      lib: ['ES2022', 'DOM'],
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      types: [],
    }
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }))
    const tsc = (project: string) => {
      try {
        execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', project], { cwd: app, encoding: 'utf8', stdio: 'pipe' })
        return ''
      } catch (error) {
        return String((error as { stdout?: string }).stdout ?? error)
      }
    }
    expect(tsc(join(app, 'tsconfig.json'))).toBe('')
    // Without the @ts-expect-error lines, exactly those calls fail: the declarations are not `any`.
    writeFileSync(join(app, 'src/api.ts'), readFileSync(join(root, 'test/typings/api.ts'), 'utf8').replace(/^\/\/ @ts-expect-error.*\n/gm, ''))
    const errors = tsc(join(app, 'tsconfig.json'))
      .split('\n')
      .filter((line) => line.includes('error TS'))
    expect(errors).toHaveLength(4)
  }, 300_000)

  it('compiles nothing: no native addon or build output in the installed tree', () => {
    expect(installed.filter((p) => p.endsWith('.node') || p.endsWith('binding.gyp') || p.includes('/build/Release/'))).toEqual([])
  })
})
