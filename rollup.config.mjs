import commonjs from '@rollup/plugin-commonjs'
import { nodeResolve } from '@rollup/plugin-node-resolve'
import replace from '@rollup/plugin-replace'
import { rmSync } from 'node:fs'
import esbuild from 'rollup-plugin-esbuild'

/** Chunk names carry content hashes, so old ones would pile up in dist/ without this. */
const cleanDist = { name: 'clean-dist', buildStart: () => rmSync('dist', { recursive: true, force: true }) }

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
    esbuild({ jsx: 'automatic', minify: true, target: 'es2022', tsconfig: 'tsconfig.json' }),
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
