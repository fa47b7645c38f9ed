import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { FUND_BUTTON_TARGET_BYTES, fundButtonFigure, LANDING_LIMIT_BYTES, landingChunks } from '../bench/landing.mjs'

// The byte budget of the landing screen. `npm test` builds before it runs vitest; the
// same figure is what `npm run bench` prints against the 45 KB target (React is not in it: the
// landing paints with lit-html, ARCHITECTURE.md 'The landing without React').
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

  it("viem's account-abstraction code (smart wallets) is not in the landing: it loads with the first smart-wallet call", async () => {
    if (!existsSync(join(dist, 'elements.js'))) throw new Error('dist/elements.js is missing: run `npm run build` first')
    const { readFileSync } = await import('node:fs')
    const { files } = await landingChunks(dist)
    const landing = files.map((f) => readFileSync(join(dist, f.file), 'utf8')).join('\n')
    expect(landing).not.toContain('eth_sendUserOperation')
    expect(landing).not.toContain('pm_getPaymasterStubData')
  })

  it(`a page with only <fund-button> loads at most ${FUND_BUTTON_TARGET_BYTES / 1024} KB gzip before the button paints, and no React`, async () => {
    if (!existsSync(join(dist, 'fund-button.js'))) throw new Error('dist/fund-button.js is missing: run `npm run build` first')
    const figure = await fundButtonFigure(dist)
    expect(figure.gzipBytes, `fund-button JavaScript is ${figure.gzipBytes} bytes gzip (${figure.files.join(', ')})`).toBeLessThanOrEqual(
      FUND_BUTTON_TARGET_BYTES,
    )
    const { readFileSync } = await import('node:fs')
    const code = figure.files.map((f: string) => readFileSync(join(dist, f), 'utf8')).join('\n')
    // react-dom's own error text: present in any chunk that bundles React's renderer.
    expect(code).not.toContain('react-dom')
    expect(code).not.toContain('Minified React error')
  })

  it('the Farcaster signer stays off first paint: its screen is a lazy chunk, and @farcaster/core is in no widget file (only the server and tests use it)', async () => {
    if (!existsSync(join(dist, 'elements.js'))) throw new Error('dist/elements.js is missing: run `npm run build` first')
    const { readFileSync, readdirSync } = await import('node:fs')
    const { files } = await landingChunks(dist)
    const landing = files.map((f) => readFileSync(join(dist, f.file), 'utf8')).join('\n')
    expect(landing).not.toContain('Add a signer to Farcaster')
    const widget = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'))
    const screen = widget.filter((f) => readFileSync(join(dist, f), 'utf8').includes('Add a signer to Farcaster'))
    expect(screen.length, 'the screen is built').toBeGreaterThan(0)
    expect(screen.every((f) => !files.some((l) => l.file === f))).toBe(true)
    // The typed data's domain name: present in any bundle that pulled @farcaster/core in.
    expect(widget.filter((f) => readFileSync(join(dist, f), 'utf8').includes('Farcaster SignedKeyRequestValidator'))).toEqual([])
  })
})
