// The landing figure, shared by `npm run bench` (printed against the target) and
// src/bundle-budget.test.ts (fails above the limit): gzip bytes of the JavaScript a plain-HTML page
// fetches before the landing screen paints. That is dist/elements.js and every chunk it imports
// statically, transitively; React, the screens after landing, host-method actions and wallet code
// are behind import() and fetched later (React right after the landing has painted). bench/bundle.mjs checks this set against what Chromium really fetches.
import { readFile } from 'node:fs/promises'
import { dirname, join, normalize, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { parseAst } from 'rollup/parseAst'

/** What `npm run bench` reports against (issue 33: ahead of every peer's first screen, Hanko's 47 KB). */
export const LANDING_TARGET_BYTES = 45 * 1024
/** Above this the size test fails. */
export const LANDING_LIMIT_BYTES = 55 * 1024

/** @param {Uint8Array | string} body */
export const gzipBytes = (body) => gzipSync(body, { level: 9 }).length

/**
 * Relative specifiers a chunk imports statically (import … from, export … from, bare import);
 * `import()` expressions are not followed.
 * @param {string} code
 */
function staticImports(code) {
  const specifiers = []
  for (const node of parseAst(code).body) {
    const isStatic = node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration' || node.type === 'ExportNamedDeclaration'
    if (isStatic && node.source && typeof node.source.value === 'string') specifiers.push(node.source.value)
  }
  return specifiers.filter((s) => s.startsWith('.'))
}

/**
 * The files (relative to `distDir`, entry first) loaded before the landing screen paints, and
 * their gzip size (level 9, each file compressed on its own as a server sends it).
 * @param {string} distDir
 * @param {string} [entry] the entry a plain-HTML page loads
 * @returns {Promise<{ files: { file: string, gzipBytes: number }[], gzipBytes: number }>}
 */
export async function landingChunks(distDir, entry = 'elements.js') {
  const files = []
  const seen = new Set()
  const visit = async (file) => {
    if (seen.has(file)) return
    seen.add(file)
    const code = await readFile(join(distDir, file), 'utf8')
    files.push({ file, gzipBytes: gzipBytes(code) })
    for (const specifier of staticImports(code)) await visit(relative(distDir, normalize(join(distDir, dirname(file), specifier))))
  }
  await visit(entry)
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) }
}

/**
 * The bench line: the figure against the target and the limit.
 * @param {string} distDir
 */
export async function landingFigure(distDir) {
  const { files, gzipBytes } = await landingChunks(distDir)
  return {
    bench: 'landing-js',
    gzipBytes,
    gzipKB: Math.round((gzipBytes / 1024) * 10) / 10,
    targetBytes: LANDING_TARGET_BYTES,
    withinTarget: gzipBytes <= LANDING_TARGET_BYTES,
    limitBytes: LANDING_LIMIT_BYTES,
    withinLimit: gzipBytes <= LANDING_LIMIT_BYTES,
    files: files.map((f) => f.file),
  }
}

/** What `npm run bench` reports the fund-button figure against (a page with only `<fund-button>`). */
export const FUND_BUTTON_TARGET_BYTES = 15 * 1024

/**
 * The JavaScript a page with only `<fund-button>` loads before the button paints: dist/fund-button.js
 * and what it imports statically (the modal's code loads on the first click).
 * @param {string} distDir
 */
export async function fundButtonFigure(distDir) {
  const { files, gzipBytes } = await landingChunks(distDir, 'fund-button.js')
  return {
    bench: 'fund-button-js',
    gzipBytes,
    targetBytes: FUND_BUTTON_TARGET_BYTES,
    withinTarget: gzipBytes <= FUND_BUTTON_TARGET_BYTES,
    files: files.map((f) => f.file),
  }
}
