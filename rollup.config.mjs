import commonjs from '@rollup/plugin-commonjs'
import { nodeResolve } from '@rollup/plugin-node-resolve'
import replace from '@rollup/plugin-replace'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { build, transform } from 'esbuild'
import esbuild from 'rollup-plugin-esbuild'
import terser from '@rollup/plugin-terser'

/**
 * Warnings rollup raises about third-party code we cannot change (a pure annotation comment it
 * cannot place, `this` at module top level, circular imports inside a package, a Node built-in a
 * package imports but never uses) are dropped when every file they name is under node_modules; the
 * same warnings about our own sources stay loud, and test/build.test.ts fails on any that remain.
 * esbuild's minification warnings name no module, only a line of the chunk: the chunk as rendered
 * before minifying tells which module that line belongs to.
 */
const THIRD_PARTY_CODES = new Set(['CIRCULAR_DEPENDENCY', 'THIS_IS_UNDEFINED', 'INVALID_ANNOTATION', 'UNRESOLVED_IMPORT'])
const inNodeModules = (id) => typeof id === 'string' && id.replaceAll('\\', '/').includes('/node_modules/')

export function quietThirdParty() {
  const rendered = []
  /** The modules whose rendered code holds `<stdin>:LINE:COLUMN` of an esbuild message, in any chunk. */
  const modulesAt = (message) => {
    const at = /<stdin>:(\d+):(\d+)/.exec(message.replace(/\x1b\[[0-9;]*m/g, ''))
    if (!at) return []
    const [line, column] = [Number(at[1]), Number(at[2])]
    return rendered.flatMap(({ code, modules }) => {
      let offset = 0
      for (let i = 1; i < line; i++) {
        offset = code.indexOf('\n', offset) + 1
        if (offset === 0) return []
      }
      offset += column
      return Object.entries(modules)
        .filter(([, m]) => m.code)
        .filter(([, m]) => {
          const start = code.indexOf(m.code)
          return start >= 0 && start <= offset && offset < start + m.code.length
        })
        .map(([id]) => id)
    })
  }
  return {
    name: 'quiet-third-party',
    buildStart() {
      rendered.length = 0
    },
    // Placed before the esbuild plugin, so this sees each chunk before it is minified.
    renderChunk(code, chunk) {
      rendered.push({ code, modules: chunk.modules })
      return null
    },
    onLog(level, log) {
      if (level !== 'warn') return
      let ids = []
      if (THIRD_PARTY_CODES.has(log.code)) ids = log.code === 'CIRCULAR_DEPENDENCY' ? log.ids : [log.id]
      else if (log.code === 'PLUGIN_WARNING' && log.plugin === 'esbuild') ids = modulesAt(log.message)
      if (ids.length > 0 && ids.every(inNodeModules)) return false
    },
    // What makes dropping UNRESOLVED_IMPORT safe: no chunk may import a module left outside the bundle.
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        const outside = [...chunk.imports, ...chunk.dynamicImports].filter((id) => !(id in bundle))
        if (outside.length) this.error(`${chunk.fileName} imports ${outside.join(', ')}, which is not in the bundle: a browser cannot load it`)
      }
    },
  }
}

/** Chunk names carry content hashes, so old ones would pile up in dist/ without this. */
const cleanDist = { name: 'clean-dist', buildStart: () => rmSync('dist', { recursive: true, force: true }) }

/**
 * A `.styles.ts` module is data: CSS strings built from the theme (src/ui/theme.ts: `hostDefaults`,
 * `paletteRules`, `space`). The build evaluates it and ships only the minified strings, so the
 * theme's property table and the functions that print it stay out of the bundle. Such a module
 * exports strings and nothing else (the build fails otherwise).
 */
const stylesAtBuild = {
  name: 'styles-at-build',
  async transform(_code, id) {
    if (!id.endsWith('.styles.ts')) return null
    const { outputFiles, metafile } = await build({
      entryPoints: [id],
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
    for (const input of Object.keys(metafile.inputs)) this.addWatchFile(resolve(input))
    const module = await import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`)
    let out = ''
    for (const [name, value] of Object.entries(module)) {
      if (typeof value !== 'string') this.error(`${id}: export ${name} is not a string (a .styles.ts module exports CSS strings only)`)
      const { code: css } = await transform(value, { loader: 'css', minify: true })
      out += `export const ${name} = ${JSON.stringify(css.trim())}\n`
    }
    return { code: out, map: { mappings: '' } }
  },
}

/**
 * The widget's chunks carry no license comments (esbuild `legalComments: 'none'`: they cost bytes
 * on every landing); instead every bundled package's license is written once, to
 * dist/THIRD-PARTY-LICENSES.txt.
 */
const thirdPartyLicenses = {
  name: 'third-party-licenses',
  generateBundle(_, bundle) {
    const roots = new Set()
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue
      for (const id of Object.keys(chunk.modules)) {
        const root = /^\0?(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(id.replaceAll('\\', '/'))?.[1]
        if (root) roots.add(root)
      }
    }
    const byText = new Map()
    for (const root of roots) {
      if (!existsSync(join(root, 'package.json'))) continue
      const { name, version, license } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
      const file = readdirSync(root).find((f) => /^(licen[cs]e|copying)/i.test(f))
      const text = file ? readFileSync(join(root, file), 'utf8').trim() : `${license ?? 'UNKNOWN'} (no license file in the package)`
      byText.set(text, [...(byText.get(text) ?? []), `${name}@${version} (${license ?? 'UNKNOWN'})`])
    }
    const sections = [...byText].map(([text, names]) => `${[...new Set(names)].sort().join('\n')}\n\n${text}\n`)
    sections.sort()
    this.emitFile({
      type: 'asset',
      fileName: 'THIRD-PARTY-LICENSES.txt',
      source: `Third-party packages bundled in dist/ and their licenses.\n\n${sections.join('\n---\n\n')}`,
    })
  },
}

/**
 * Three entries sharing chunks (one copy of each module, so one session store): dist/fund-button.js
 * defines only `<fund-button>` (lit-html, no React: the button paints before the modal's code), dist/elements.js
 * defines the tags only (what a plain-HTML page loads: host methods import their action on first
 * call), dist/gatehouse.js defines them too and exports the actions for module users. Every screen
 * after landing is a chunk in dist/chunks/ loaded with import(). React is bundled (hosts may use
 * any framework).
 */
const widget = {
  input: { gatehouse: 'src/index.ts', elements: 'src/elements.ts', 'fund-button': 'src/fund-button.ts' },
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: true,
  },
  // Our own package.json "sideEffects" marks only the tag-defining files.
  treeshake: {
    moduleSideEffects: (id) => !id.includes('/src/') || id.endsWith('/src/index.ts') || id.endsWith('/src/elements.ts') || id.endsWith('/src/fund-button.ts'),
  },
  plugins: [
    quietThirdParty(),
    cleanDist,
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    // preferBuiltins: false — browser code importing 'events' (the WalletConnect SDK) gets the npm polyfill, not a Node builtin left external.
    nodeResolve({ browser: true, preferBuiltins: false, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
    commonjs(),
    stylesAtBuild,
    esbuild({ jsx: 'automatic', minify: true, legalComments: 'none', target: 'es2022', tsconfig: 'tsconfig.json' }),
    // A second, slower pass over esbuild's output: two compress passes find what one does not
    // (about 2 KB gzip of the landing, 2 %). Safe options only: no unsafe transforms.
    terser({ module: true, ecma: 2020, compress: { passes: 2 }, format: { comments: false }, maxWorkers: 2 }),
    thirdPartyLicenses,
  ],
}

/**
 * The wallet frame pages (frame/), served by the API server from dist/frame/. Each page is one
 * self-contained file: it runs on the API origin and must not share chunks with the host bundle.
 */
// @hpke/common (frame/src/delegation.ts) falls back to Node's `import("crypto")` where no global
// WebCrypto exists; a browser always has one, so the fallback names it.
const browserCrypto = {
  name: 'browser-crypto',
  resolveId: (id) => (id === 'crypto' ? '\0browser-crypto' : null),
  load: (id) => (id === '\0browser-crypto' ? 'export const webcrypto = globalThis.crypto' : null),
}

const framePage = (name, input) => ({
  input,
  output: { file: `dist/frame/${name}.js`, format: 'es', sourcemap: true, inlineDynamicImports: true },
  plugins: [
    quietThirdParty(),
    browserCrypto,
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.json'] }),
    commonjs(),
    esbuild({ minify: true, target: 'es2022', tsconfig: 'tsconfig.json' }),
  ],
})

export default [widget, framePage('wallet-frame', 'frame/src/wallet-frame.ts'), framePage('export', 'frame/src/export.ts')]
