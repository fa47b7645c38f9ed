import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig } from 'vite'
import { gatehouseFromDist } from '../vite-gatehouse.mjs'

// Built by `npm run build` into demo/svelte/dist/, served by `npm start` at /svelte/.
export default defineConfig({
  base: '/svelte/',
  plugins: [gatehouseFromDist(), svelte()],
})
