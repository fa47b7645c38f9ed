import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))

describe('custom-elements.json', () => {
  it('is up to date with the element JSDoc (run `npm run manifest`)', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'gatehouse-cem-'))
    // The analyzer (packagejson: true) points package.json's customElements at its outdir: put it back.
    const packageJson = readFileSync(join(root, 'package.json'), 'utf8')
    try {
      execFileSync(
        process.execPath,
        [
          join(root, 'node_modules/@custom-elements-manifest/analyzer/cem.js'),
          'analyze',
          '--config',
          'custom-elements-manifest.config.mjs',
          '--outdir',
          relative(root, outdir),
        ],
        { cwd: root, stdio: 'pipe' },
      )
      const fresh = JSON.parse(readFileSync(join(outdir, 'custom-elements.json'), 'utf8'))
      const committed = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'))
      expect(committed).toEqual(fresh)
    } finally {
      writeFileSync(join(root, 'package.json'), packageJson)
      rmSync(outdir, { recursive: true, force: true })
    }
  }, 180_000) // the analyzer reads every element: minutes on a busy 2-core machine
})
