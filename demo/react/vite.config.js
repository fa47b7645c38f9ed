import { defineConfig } from 'vite'
import { gatehouseFromDist } from '../vite-gatehouse.mjs'

// Built by `npm run build` into demo/react/dist/, served by `npm start` at /react/. Vite compiles
// the JSX itself (React's automatic runtime, from tsconfig.json): no plugin is needed for a build.
export default defineConfig({
  base: '/react/',
  // Rolldown's plugin-timing notice is about the machine's load, not the code: a busy CI box
  // would turn it into a build warning, which test/build.test.ts refuses.
  build: { rolldownOptions: { checks: { pluginTimings: false } } },
  plugins: [gatehouseFromDist()],
})
