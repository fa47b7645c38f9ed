// `npm start`: builds the bundle, starts the API server on :8787 (SQLite under .gatehouse/,
// migrations on start, a development app on first start) and serves the demo host pages on
// :5173, a different origin from the API as in a real deployment.
import { execSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { startDemoServer } from '../demo/serve.mjs'
import { root, startServerProcess } from './lib/server-process.mjs'

const apiPort = Number(process.env.PORT ?? 8787)
const demoPort = Number(process.env.DEMO_PORT ?? 5173)
const stateDir = process.env.GATEHOUSE_STATE_DIR ?? join(root, '.gatehouse')

// The smoke test of this script builds once for the whole suite and skips it here.
if (process.env.GATEHOUSE_SKIP_BUILD !== '1') execSync('npm run --silent build', { cwd: root, stdio: 'inherit' })

const server = await startServerProcess({
  port: apiPort,
  env: { NODE_ENV: process.env.NODE_ENV ?? 'development', GATEHOUSE_STATE_DIR: stateDir },
})
const { appId } = JSON.parse(await readFile(join(stateDir, 'dev-app.json'), 'utf8'))
const demo = await startDemoServer({ port: demoPort, host: '127.0.0.1', appId, apiUrl: server.base })

console.log(`
  Gatehouse is running.
    API server   ${server.base}   (development outbox: ${server.base}/dev/outbox)
    Demo page    ${demo.url}/      (Vue 3 host: ${demo.url}/vue/)
    App id       ${appId}
  Log in on the demo page with any e-mail address; the code is printed above and kept in the outbox.
  Ctrl+C stops both.
`)

const stop = async () => {
  await Promise.all([demo.close(), server.stop()])
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
server.child.on('exit', (code) => {
  console.error(`The API server stopped (exit code ${code}).`)
  process.exit(code ?? 1)
})
