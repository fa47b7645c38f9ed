// The framework host demos (demo/svelte, demo/react: npm workspaces, each a Vite app) built into
// their own dist/ folders, which demo/serve.mjs serves at /svelte/ and /react/. Each is built with
// the Vite its own package.json pins (resolved from its folder, wherever npm placed it), in this
// process; Vite's warnings are returned like rollup's, so `npm test` shows them and
// test/build.test.ts fails on them.
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { root } from './server-process.mjs'

/** The framework demos under demo/, each served at /<name>/. */
export const HOST_DEMOS = ['svelte', 'react']

/** Builds one demo; resolves with its warnings. */
async function buildDemo(name) {
  const dir = join(root, 'demo', name)
  const vite = await import(pathToFileURL(createRequire(join(dir, 'package.json')).resolve('vite')).href)
  const warnings = []
  const logger = vite.createLogger('warn', { allowClearScreen: false })
  logger.warn = logger.warnOnce = (message) => warnings.push(`(!) demo/${name}: ${message}`)
  try {
    await vite.build({ root: dir, configFile: join(dir, 'vite.config.js'), logLevel: 'warn', customLogger: logger })
  } catch (error) {
    throw Object.assign(new Error(`the ${name} demo (demo/${name}) failed to build:\n${error.message}`), { code: 'DEMO', stderr: error.frame })
  }
  return warnings
}

/** Builds every framework demo; resolves with their warnings, formatted. */
export async function buildHostDemos() {
  return (await Promise.all(HOST_DEMOS.map(buildDemo))).flat()
}
