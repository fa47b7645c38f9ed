import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { LANDING_LIMIT_BYTES, landingChunks } from '../bench/landing.mjs'

// The byte budget of the landing screen. `npm test` builds before it runs vitest; the
// same figure is what `npm run bench` prints against the 80 KB target.
const dist = fileURLToPath(new URL('../dist', import.meta.url))

describe('landing bundle budget', () => {
  it('counts the entry and the chunks it imports statically, not the ones behind import()', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-budget-'))
    try {
      mkdirSync(join(dir, 'chunks'))
      writeFileSync(join(dir, 'elements.js'), `import"./chunks/a.js";export{x}from"./chunks/b.js";const l=()=>import("./chunks/lazy.js");`)
      writeFileSync(join(dir, 'chunks/a.js'), `import{y}from"./b.js";console.log(y)`)
      writeFileSync(join(dir, 'chunks/b.js'), `export const x=1,y=2`)
      writeFileSync(join(dir, 'chunks/lazy.js'), `export default 3`)
      const { files, gzipBytes } = await landingChunks(dir)
      expect(files.map((f) => f.file)).toEqual(['elements.js', join('chunks', 'a.js'), join('chunks', 'b.js')])
      expect(gzipBytes).toBe(files.reduce((sum, f) => sum + f.gzipBytes, 0))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it(`the JavaScript loaded before the landing screen paints stays within ${LANDING_LIMIT_BYTES / 1024} KB gzip`, async () => {
    if (!existsSync(join(dist, 'elements.js'))) {
      throw new Error('dist/elements.js is missing: run `npm run build` first (npm test builds before running vitest)')
    }
    const { files, gzipBytes } = await landingChunks(dist)
    const list = files.map((f) => `${f.file} ${f.gzipBytes}`).join(', ')
    expect(gzipBytes, `landing JavaScript is ${gzipBytes} bytes gzip (${list})`).toBeLessThanOrEqual(LANDING_LIMIT_BYTES)
  })
})
