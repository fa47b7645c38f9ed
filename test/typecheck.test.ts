/**
 * Every workspace type-checks alone, with only the libraries it runs with: the contract with
 * neither DOM nor Node types, the server with Node's and no DOM, the widget and the wallet frame
 * with the DOM and no Node (`tsc -b`, project references to the contract); then everything at once,
 * tests included (the root tsconfig.json). `npm run typecheck` runs the same two commands.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const tsc = join(root, 'node_modules/typescript/bin/tsc')
const PROJECTS = ['contract', 'server', 'frame', 'tsconfig.widget.json']

function run(args: string[]): string {
  try {
    execFileSync(process.execPath, [tsc, ...args], { cwd: root, encoding: 'utf8', stdio: 'pipe' })
    return ''
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string }
    return `${e.stdout ?? ''}${e.stderr ?? ''}` || String(error)
  }
}

const options = (project: string) => {
  const file = project.endsWith('.json') ? project : `${project}/tsconfig.json`
  return (JSON.parse(readFileSync(join(root, file), 'utf8')) as { compilerOptions: { lib?: string[]; types?: string[] } }).compilerOptions
}

describe('type checks', () => {
  it('each workspace is checked with only its own libraries', () => {
    expect(options('contract')).toMatchObject({ lib: ['ES2022'], types: [] })
    expect(options('server')).toMatchObject({ lib: ['ES2022'], types: ['node'] })
    for (const browser of ['frame', 'tsconfig.widget.json']) expect(options(browser)).toMatchObject({ lib: expect.arrayContaining(['DOM']), types: [] })
  })

  // A cap, not a pace: tsc takes tens of seconds, more on a busy 2-core machine.
  it('each workspace type-checks alone (tsc -b)', { timeout: 300_000 }, () => {
    expect(run(['-b', ...PROJECTS])).toBe('')
  })

  it('the whole repository type-checks, tests included', { timeout: 300_000 }, () => {
    expect(run(['-p', 'tsconfig.json', '--noEmit'])).toBe('')
  })
})
