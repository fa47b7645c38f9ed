import commonjs from '@rollup/plugin-commonjs'
import { nodeResolve } from '@rollup/plugin-node-resolve'
import replace from '@rollup/plugin-replace'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { transform } from 'esbuild'
import esbuild from 'rollup-plugin-esbuild'

/** Chunk names carry content hashes, so old ones would pile up in dist/ without this. */
const cleanDist = { name: 'clean-dist', buildStart: () => rmSync('dist', { recursive: true, force: true }) }

/**
 * The shadow-root stylesheet (the `.styles.ts` modules) is CSS in a template literal that every
 * landing loads: minify it like the code around it. A literal with `${`, a backslash or a backtick
 * is left as written. The CSS is data, so the module gets no source mappings.
 */
const minifyStyles = {
  name: 'minify-styles',
  async transform(code, id) {
    if (!id.endsWith('.styles.ts')) return null
    let out = code
    for (const [literal, css] of code.matchAll(/\/\* css \*\/ `([^`$\\]*)`/g)) {
      const { code: min } = await transform(css, { loader: 'css', minify: true })
      if (!/[`$\\]/.test(min)) out = out.replace(literal, `\`${min.trim()}\``)
    }
    return out === code ? null : { code: out, map: { mappings: '' } }
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
 * Two entries sharing chunks (one copy of each module, so one session store): dist/elements.js
 * defines the tags only (what a plain-HTML page loads: host methods import their action on first
 * call), dist/gatehouse.js defines them too and exports the actions for module users. Every screen
 * after landing is a chunk in dist/chunks/ loaded with import(). React is bundled (hosts may use
 * any framework).
 */
const widget = {
  input: { gatehouse: 'src/index.ts', elements: 'src/elements.ts' },
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: true,
  },
  // Our own package.json "sideEffects" marks only the tag-defining files.
  treeshake: { moduleSideEffects: (id) => !id.includes('/src/') || id.endsWith('/src/index.ts') || id.endsWith('/src/elements.ts') },
  plugins: [
    cleanDist,
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    // preferBuiltins: false — browser code importing 'events' (the WalletConnect SDK) gets the npm polyfill, not a Node builtin left external.
    nodeResolve({ browser: true, preferBuiltins: false, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
    commonjs(),
    minifyStyles,
    esbuild({ jsx: 'automatic', minify: true, legalComments: 'none', target: 'es2022', tsconfig: 'tsconfig.json' }),
    thirdPartyLicenses,
  ],
}

/**
 * The wallet frame pages (frame/), served by the API server from dist/frame/. Each page is one
 * self-contained file: it runs on the API origin and must not share chunks with the host bundle.
 */
const framePage = (name, input) => ({
  input,
  output: { file: `dist/frame/${name}.js`, format: 'es', sourcemap: true, inlineDynamicImports: true },
  plugins: [
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.json'] }),
    commonjs(),
    esbuild({ minify: true, target: 'es2022', tsconfig: 'tsconfig.json' }),
  ],
})

export default [widget, framePage('wallet-frame', 'frame/src/wallet-frame.ts'), framePage('export', 'frame/src/export.ts')]
