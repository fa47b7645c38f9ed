// The operator console (console/, a workspace of its own) built by esbuild into console/dist/: the
// scripts and the stylesheet under assets/ with content-hashed names, the pages beyond the first
// split into chunks loaded on demand, and its two pages (index.html, preview.html) with those names
// filled in. The API server serves the folder at /console/ (server/routes/console.ts) and fills in
// the rest (the widget's URL, the console's app id). Also writes dist/first-page.json: the files the
// first page loads (the entry and its static imports), which the bench and the byte-budget test weigh.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { build } from 'esbuild'
import { root } from './server-process.mjs'

export const CONSOLE_DIST = join(root, 'console/dist')

/** The file the entry point of `source` became, and every chunk it imports statically. */
function staticClosure(metafile, output) {
  const seen = new Set()
  const visit = (file) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const imported of metafile.outputs[file]?.imports ?? []) if (imported.kind === 'import-statement') visit(imported.path)
  }
  visit(output)
  return [...seen]
}

export async function buildConsole() {
  const src = join(root, 'console/src')
  rmSync(CONSOLE_DIST, { recursive: true, force: true })
  mkdirSync(join(CONSOLE_DIST, 'assets'), { recursive: true })
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: join(src, 'main.tsx'), preview: join(src, 'preview.ts'), console: join(src, 'console.css') },
    outdir: join(CONSOLE_DIST, 'assets'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    logLevel: 'silent',
  })
  const outputs = Object.entries(result.metafile.outputs)
  const entry = (name) => outputs.find(([, o]) => o.entryPoint && basename(o.entryPoint).startsWith(name))?.[0]
  const asset = (file) => `assets/${basename(file)}`
  const names = {
    '%CONSOLE_JS%': asset(entry('main.tsx')),
    '%PREVIEW_JS%': asset(entry('preview.ts')),
    '%CONSOLE_CSS%': asset(entry('console.css')),
  }
  for (const page of ['index.html', 'preview.html']) {
    let html = readFileSync(join(root, 'console', page), 'utf8')
    for (const [key, value] of Object.entries(names)) html = html.replaceAll(key, value)
    writeFileSync(join(CONSOLE_DIST, page), html)
  }
  const firstPage = staticClosure(result.metafile, entry('main.tsx')).map((file) => relative(CONSOLE_DIST, join(root, file)))
  writeFileSync(join(CONSOLE_DIST, 'first-page.json'), `${JSON.stringify({ files: firstPage }, null, 2)}\n`)
  return result.warnings.map((w) => `(!) console: ${w.text}`)
}
