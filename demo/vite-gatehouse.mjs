// The Svelte and React demos import the widget the way a host app does (`import 'gatehouse/elements'`),
// and their Vite builds leave those imports pointing at the one widget bundle `npm run build` wrote
// to dist/, which demo/serve.mjs serves at /dist/: no copy of the widget in the demo bundles. The
// paths come from the package's own "exports" (package.json), so they name what a host would get.
import { readFileSync } from 'node:fs'

const { exports } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))

/** @returns {import('vite').Plugin} */
export function gatehouseFromDist() {
  return {
    name: 'gatehouse-from-dist',
    enforce: 'pre',
    resolveId(id) {
      if (id !== 'gatehouse' && !id.startsWith('gatehouse/')) return null
      const entry = exports[id === 'gatehouse' ? '.' : `./${id.slice('gatehouse/'.length)}`]
      if (!entry?.default?.startsWith('./dist/')) throw new Error(`${id} is not a runtime entry of the gatehouse package`)
      return { id: entry.default.slice(1), external: true }
    },
  }
}
