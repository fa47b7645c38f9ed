// A tiny static server for the demo host pages. It runs on its own origin (default :5173),
// apart from the API origin, as in a real deployment. HTML files get %APP_ID% and %API_URL%
// (and, under `npm start`, the local chain's %FAUCET_URL% and %TOKEN_ADDRESS%) filled in so the pages show the plain markup a host developer would write.
import { createServer } from 'node:http'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(new URL('..', import.meta.url)))
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
}
// URL prefix → folder on disk. Nothing outside these folders is served. The framework demos are
// served from what `npm run build` made of them (their Vite output), never from their sources.
const builtDemos = [
  ['/svelte/', join(root, 'demo/svelte/dist')],
  ['/react/', join(root, 'demo/react/dist')],
  // Angular's application builder writes the browser bundle one folder deeper.
  ['/angular/', join(root, 'demo/angular/dist/browser')],
]
const mounts = [
  ['/dist/', join(root, 'dist')],
  ...builtDemos,
  ['/vendor/vue.js', join(root, 'node_modules/vue/dist/vue.esm-browser.prod.js')],
  ['/', join(root, 'demo')],
]

function locate(pathname) {
  for (const [prefix, dir] of mounts) {
    if (prefix.endsWith('/') ? pathname.startsWith(prefix) : pathname === prefix) {
      if (!prefix.endsWith('/')) return dir
      const file = normalize(join(dir, decodeURIComponent(pathname.slice(prefix.length))))
      return file.startsWith(dir) ? file : null
    }
  }
  return null
}

/**
 * Starts the demo host server.
 * @param {{ port?: number, host?: string, appId: string, apiUrl: string, faucetUrl?: string, tokenAddress?: string, solanaFaucetUrl?: string }} options
 * @returns {Promise<{ url: string, setAppId: (id: string) => void, close: () => Promise<void> }>}
 */
export async function startDemoServer({
  port = 5173,
  host = '127.0.0.1',
  appId,
  apiUrl,
  faucetUrl = '',
  tokenAddress = '',
  solanaFaucetUrl = '',
  providerAppId = '',
}) {
  const current = { appId, apiUrl }
  const server = createServer(async (req, res) => {
    try {
      const { pathname } = new URL(req.url ?? '/', 'http://demo.local')
      // '/svelte' would otherwise find the demo's source folder under '/': send it to the build.
      if (builtDemos.some(([prefix]) => pathname === prefix.slice(0, -1))) return void res.writeHead(301, { location: `${pathname}/` }).end()
      let file = locate(pathname)
      if (file && (await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html')
      const body = file && (await readFile(file).catch(() => null))
      if (!body) {
        const demo = builtDemos.find(([prefix]) => pathname.startsWith(prefix))
        if (demo && !(await stat(demo[1]).catch(() => null)))
          return void res.writeHead(404, { 'content-type': 'text/plain' }).end(`This demo is not built yet: run \`npm run build\` (it builds ${demo[0]}).`)
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
        return
      }
      const type = types[extname(file)] ?? 'application/octet-stream'
      const out = type.startsWith('text/html')
        ? body
            .toString('utf8')
            .replaceAll('%APP_ID%', current.appId)
            .replaceAll('%API_URL%', current.apiUrl)
            .replaceAll('%FAUCET_URL%', faucetUrl)
            .replaceAll('%SOLANA_FAUCET_URL%', solanaFaucetUrl)
            .replaceAll('%TOKEN_ADDRESS%', tokenAddress)
            .replaceAll('%PROVIDER_APP_ID%', providerAppId)
        : body
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(out)
    } catch {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('Demo server error')
    }
  })
  await new Promise((ok, fail) => server.once('error', fail).listen(port, host, ok))
  const address = server.address()
  const shownHost = host === '127.0.0.1' || host === '0.0.0.0' ? 'localhost' : host
  return {
    url: `http://${shownHost}:${address.port}`,
    /** Pages served from now on name this app (tests run one demo server for many apps). */
    setAppId: (id) => {
      current.appId = id
    },
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections?.()
        server.close(() => ok())
      }),
  }
}
