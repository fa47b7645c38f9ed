/**
 * The operator console's byte budget (issue #28): its first page loads at most 150 KB gzip of its
 * own JavaScript (bench/console.mjs, the figure `npm run bench` prints), and the pages after it
 * (settings with the schema validator, users) stay out of that first load. Reads console/dist/:
 * `npm run build` first.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ES module of the benchmarks
import { CONSOLE_TARGET_BYTES, consoleFigure } from '../bench/console.mjs'

const dist = fileURLToPath(new URL('../console/dist/', import.meta.url))

describe('the console bundle', () => {
  it(`loads at most ${CONSOLE_TARGET_BYTES / 1024} KB gzip of JavaScript on its first page; the schema validator and the later pages load on demand`, async () => {
    if (!existsSync(join(dist, 'first-page.json'))) throw new Error('console/dist/ is missing: run `npm run build` first')
    const figure = (await consoleFigure(dist)) as { gzipBytes: number; files: string[] }
    expect(figure.gzipBytes, `first page: ${figure.files.join(', ')}`).toBeLessThanOrEqual(CONSOLE_TARGET_BYTES)
    expect(figure.gzipBytes).toBeGreaterThan(10 * 1024)
    const firstPage = figure.files.map((f) => readFileSync(join(dist, f), 'utf8')).join('\n')
    // Ajv (the settings form's validator) announces itself in its error texts.
    expect(firstPage).not.toContain('must have required property')
    expect(firstPage).not.toContain('Live preview of the login modal')
  })
})
