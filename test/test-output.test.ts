/**
 * What `npm test` prints (scripts/test.mjs), on a fixture configuration of two vitest projects: a
 * line per project with its counts and time, a failing file's output in full, nothing from passing
 * files, and the closing line.
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))

describe("npm test's output", () => {
  it('prints one line per project, a failure in full, passing files quietly, and the closing line', () => {
    const run = spawnSync(process.execPath, ['scripts/test.mjs', 'vitest', '--', '--config', 'test/fixtures/test-output/vitest.config.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    })
    const output = run.stdout + run.stderr
    expect(run.status, output).toBe(1)
    const lines = output.trimEnd().split('\n')
    expect(lines.filter((line) => /^ {2}(alpha|beta) /.test(line)).map((line) => line.replace(/ +[\d.]+ s$/, '').replace(/ +/g, ' '))).toEqual([
      ' alpha 1 passed, 0 failed, 1 skipped',
      ' beta 1 passed, 1 failed, 0 skipped',
    ])
    expect(output).toContain('FAIL beta fails.fixture.ts')
    expect(output).toContain('× fails')
    expect(output).toContain("expected { code: 'abc' } to deeply equal { code: 'abd' }")
    expect(output).toMatch(/- {3}"code": "abd",\n\+ {3}"code": "abc",/)
    expect(output).toContain('context printed by the failing file')
    expect(output).not.toContain('noise from a passing file')
    expect(output).not.toMatch(/node_modules\/@vitest/)
    expect(lines.at(-1)).toBe('tests: 2 passed, 1 failed, 1 skipped')
  }, 120_000)
})
