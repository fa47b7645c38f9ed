import { defineConfig } from 'vite'
import { gatehouseFromDist } from '../vite-gatehouse.mjs'

// Built by `npm run build` into demo/react/dist/, served by `npm start` at /react/. Vite compiles
// the JSX itself (React's automatic runtime, from tsconfig.json): no plugin is needed for a build.
export default defineConfig({
  base: '/react/',
  plugins: [gatehouseFromDist()],
})
