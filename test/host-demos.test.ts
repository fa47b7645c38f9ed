/**
 * The Svelte and React host demos (demo/svelte, demo/react) type-check against the typings the
 * package ships (types/svelte.d.ts, types/react.d.ts): every attribute and `on…` event handler they
 * bind goes through the framework's element map, so a typing that no longer fits a real app, or a
 * demo that uses a tag wrongly, fails here. (test/typings/ proves the wrong uses are rejected;
 * test/e2e/hosts.e2e.test.ts drives the built pages in Chromium.)
 */
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Runs a checker from the demo's folder; returns its exit status and what it printed. */
function check(demo: string, tool: string, bin: string, args: string[]): { failed: boolean; output: string } {
  const dir = join(root, 'demo', demo)
  const script = join(dirname(createRequire(join(dir, 'package.json')).resolve(`${tool}/package.json`)), bin)
  try {
    return { failed: false, output: execFileSync(process.execPath, [script, ...args], { cwd: dir, encoding: 'utf8', stdio: 'pipe' }) }
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    return { failed: true, output: `${stdout ?? ''}${stderr ?? ''}` || String(error) }
  }
}

describe('the framework host demos type-check against the shipped typings', () => {
  it('React 19 (demo/react): tsc with types/react.d.ts', () => {
    expect(check('react', 'typescript', 'bin/tsc', ['-p', 'tsconfig.json'])).toEqual({ failed: false, output: '' })
  }, 120_000)

  it('Svelte 5 (demo/svelte): svelte-check with types/svelte.d.ts', () => {
    const result = check('svelte', 'svelte-check', 'bin/svelte-check', [
      '--workspace',
      '.',
      '--tsconfig',
      './tsconfig.json',
      '--fail-on-warnings',
      '--output',
      'machine',
    ])
    expect(result.output.split('\n').filter((line) => / (ERROR|WARNING) /.test(line))).toEqual([])
    // It checked the component, and found it clean.
    expect(result.output).toMatch(/ COMPLETED \d+ FILES 0 ERRORS 0 WARNINGS/)
    expect(result.failed).toBe(false)
  }, 120_000)
})
