import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig } from 'vite'
import { gatehouseFromDist } from '../vite-gatehouse.mjs'

// Built by `npm run build` into demo/svelte/dist/, served by `npm start` at /svelte/.
export default defineConfig({
  base: '/svelte/',
  // Rolldown's plugin-timing notice is about the machine's load, not the code: a busy CI box
  // would turn it into a build warning, which test/build.test.ts refuses.
  build: { rolldownOptions: { checks: { pluginTimings: false } } },
  plugins: [gatehouseFromDist(), svelte()],
})
