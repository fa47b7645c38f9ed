import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ES module shared with `npm run typings`
import { typingsFile } from '../scripts/lib/typings.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

describe('the shipped typings (types/)', () => {
  it('types/gatehouse.d.ts is what custom-elements.json generates (run `npm run typings`)', async () => {
    const committed = readFileSync(join(root, 'types/gatehouse.d.ts'), 'utf8')
    expect(committed).toBe(await typingsFile(root))
  }, 60_000)

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
  }, 120_000)
})
