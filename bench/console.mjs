// The operator console's first page (issue #28: at most 150 KB gzip of JavaScript), shared by
// `npm run bench` (printed against the target) and test/console-budget.test.ts (fails above it):
// gzip bytes of the console's entry and every chunk it imports statically, as the build listed them
// (console/dist/first-page.json); the settings and users pages load on demand. The page also loads
// the widget's login bundle (<auth-modal>, the landing figure), reported beside it.
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipBytes, landingChunks } from './landing.mjs'

export const CONSOLE_TARGET_BYTES = 150 * 1024

/** The console's first-page JavaScript; with `widgetDir`, the widget bundle the same page loads too. */
export async function consoleFigure(consoleDist, widgetDir) {
  const { files } = JSON.parse(readFileSync(join(consoleDist, 'first-page.json'), 'utf8'))
  let bytes = 0
  for (const file of files) bytes += gzipBytes(await readFile(join(consoleDist, file)))
  const widget = widgetDir ? await landingChunks(widgetDir) : null
  return {
    bench: 'console-js',
    gzipBytes: bytes,
    targetBytes: CONSOLE_TARGET_BYTES,
    withinTarget: bytes <= CONSOLE_TARGET_BYTES,
    files,
    ...(widget ? { widgetGzipBytes: widget.gzipBytes } : {}),
  }
}
