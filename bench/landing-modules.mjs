// `node bench/landing-modules.mjs`: what the landing chunks (bench/landing.mjs) are made of, to
// find what to move behind import(). Builds the widget in memory with rollup.config.mjs (dist/ is
// left alone) and prints, largest first, each module's minified bytes, its gzip bytes on its own
// (an upper bound of its share: modules compress better together) and who imports it statically.
import { transform } from 'esbuild'
import { rollup } from 'rollup'
import config from '../rollup.config.mjs'
import { gzipBytes } from './landing.mjs'

const root = new URL('..', import.meta.url).pathname
const widget = { ...config[0], plugins: config[0].plugins.filter((p) => p.name !== 'clean-dist'), onwarn: () => {} }
const short = (id) => id.replace(/^\0/, '').replace(root, '').replace(/\?.*$/, '')

let rows = []
widget.plugins.push({
  name: 'landing-modules',
  async generateBundle(_, bundle) {
    const landing = new Set()
    const visit = (file) => {
      if (landing.has(file)) return
      landing.add(file)
      for (const imported of bundle[file].imports) visit(imported)
    }
    visit('elements.js')
    const inLanding = new Set([...landing].flatMap((file) => Object.keys(bundle[file].modules)))
    for (const id of inLanding) {
      const { code } = bundle[[...landing].find((file) => bundle[file].modules[id])].modules[id]
      if (!code) continue
      const min = (await transform(code, { minify: true, loader: 'js', format: 'esm' }).catch(() => ({ code }))).code
      const importers =
        this.getModuleInfo(id)
          ?.importers.filter((i) => inLanding.has(i))
          .map(short) ?? []
      rows.push({ module: short(id), minBytes: min.length, gzipAlone: gzipBytes(min), importers })
    }
  },
})

const bundle = await rollup(widget)
await bundle.generate(widget.output)
rows = rows.sort((a, b) => b.minBytes - a.minBytes)
const total = rows.reduce((sum, r) => sum + r.minBytes, 0)
const ours = rows.filter((r) => !r.module.includes('node_modules/')).reduce((sum, r) => sum + r.minBytes, 0)
console.log(`landing modules: ${rows.length}, ${total} B minified (${ours} B outside node_modules)`)
for (const r of rows)
  console.log(`${String(r.minBytes).padStart(7)} ${String(r.gzipAlone).padStart(6)}  ${r.module}${r.importers.length ? `  <- ${r.importers.join(', ')}` : ''}`)
