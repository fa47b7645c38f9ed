// Cold first paint of `<auth-modal>`'s landing screen on a slow connection, for two builds side by
// side (this one's dist/ and another, e.g. the main branch's, given as BENCH_BASE_DIST): a host page
// that loads dist/elements.js and calls open() as soon as the tag is defined, in a fresh browser
// context (empty cache) under Chromium's network emulation. Printed: navigation → landing painted
// (the e-mail input on screen, one frame after), and landing → code screen after an e-mail is
// submitted (right after the paint, and after 3 s of typing: the usual case, where the screens'
// chunk has arrived). Files are served gzip-compressed (level 9), as a production server would.
import { createServer } from 'node:http'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/chromium.mjs'

/** Chromium network emulation: a slow mobile connection. */
export const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 }
const RUNS = Number(process.env.BENCH_PAINT_RUNS ?? 3)

const page = (appId, apiUrl) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Landing bench</title>
<script type="module" src="/dist/elements.js"></script></head>
<body><auth-modal app-id="${appId}" api-url="${apiUrl}"></auth-modal>
<script type="module">
  await customElements.whenDefined('auth-modal')
  document.querySelector('auth-modal').open()
</script></body></html>`

/** Serves the host page and `distDir` under /dist/, gzip-encoded. */
async function serve(distDir, appId, apiUrl) {
  const cache = new Map()
  const server = createServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://bench.local')
    let body
    let type = 'text/html; charset=utf-8'
    if (pathname === '/') body = page(appId, apiUrl)
    else if (pathname.startsWith('/dist/')) {
      const file = normalize(join(distDir, pathname.slice('/dist/'.length)))
      if (!file.startsWith(distDir)) return void res.writeHead(404).end()
      body = await readFile(file).catch(() => null)
      type = extname(file) === '.js' ? 'text/javascript; charset=utf-8' : 'application/octet-stream'
    }
    if (!body) return void res.writeHead(404).end()
    const key = `${distDir}:${pathname}`
    if (!cache.has(key)) cache.set(key, gzipSync(body, { level: 9 }))
    res.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip', 'cache-control': 'no-store' }).end(cache.get(key))
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  return { url: `http://localhost:${server.address().port}/`, close: () => new Promise((ok) => (server.closeAllConnections(), server.close(ok))) }
}

// In the page from its first script on: when the landing's e-mail input is on screen, a frame later.
const PROBE = () => {
  window.__landingPainted = new Promise((ok) => {
    const check = () => {
      const input = document.querySelector('auth-modal')?.shadowRoot?.querySelector('#gh-email')
      if (input && input.getClientRects().length > 0) requestAnimationFrame(() => ok(performance.now()))
      else requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  })
}

/** One cold run: ms from navigation to the landing painted, and from submitting an e-mail to the code screen. */
async function coldRun(browser, url, typingMs) {
  const context = await browser.newContext()
  try {
    const tab = await context.newPage()
    const cdp = await context.newCDPSession(tab)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    await cdp.send('Network.emulateNetworkConditions', NETWORK)
    await tab.addInitScript(PROBE)
    await tab.goto(url, { waitUntil: 'commit' })
    const paintMs = await tab.evaluate(() => window.__landingPainted)
    if (typingMs) await tab.waitForTimeout(typingMs)
    const input = tab.locator('auth-modal').locator('#gh-email')
    await input.fill(`bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`)
    const submitted = await tab.evaluate(() => performance.now())
    await input.press('Enter')
    await tab.getByText('Enter confirmation code').waitFor({ state: 'visible', timeout: 60_000 })
    const codeMs = (await tab.evaluate(() => performance.now())) - submitted
    return { paintMs: Math.round(paintMs), codeMs: Math.round(codeMs) }
  } finally {
    await context.close()
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/**
 * The figures for each build: `{ bench: 'landing-paint', build, paintMs, codeAtOnceMs, codeAfterTypingMs }` (medians).
 * @param {{ builds: { name: string, distDir: string }[], appId: string, apiUrl: string }} options
 */
export async function landingPaintFigures({ builds, appId, apiUrl }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS })
  const figures = []
  try {
    for (const { name, distDir } of builds) {
      const host = await serve(distDir, appId, apiUrl)
      try {
        const atOnce = []
        const typed = []
        // Alternating the builds' runs would share the API's warm-up; each build warms once instead.
        await coldRun(browser, host.url, 0)
        for (let i = 0; i < RUNS; i++) atOnce.push(await coldRun(browser, host.url, 0))
        for (let i = 0; i < RUNS; i++) typed.push(await coldRun(browser, host.url, 3000))
        figures.push({
          bench: 'landing-paint',
          build: name,
          network: '1.6 Mbps down, 750 kbps up, 150 ms latency',
          paintMs: median([...atOnce, ...typed].map((r) => r.paintMs)),
          codeAtOnceMs: median(atOnce.map((r) => r.codeMs)),
          codeAfterTypingMs: median(typed.map((r) => r.codeMs)),
          runs: RUNS * 2,
        })
      } finally {
        await host.close()
      }
    }
  } finally {
    await browser.close()
  }
  return figures
}

/** The builds to compare: this dist/, and BENCH_BASE_DIST when given (e.g. main's dist/ copied aside). */
export function paintBuilds(distDir) {
  const base = process.env.BENCH_BASE_DIST
  return [{ name: 'this build', distDir }, ...(base ? [{ name: `base (${base})`, distDir: base }] : [])]
}

// `BENCH_BASE_DIST=/path/to/other/dist node bench/landing-paint.mjs`: these figures alone, against dist/ as built.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { root, startScratchServer } = await import('../scripts/lib/server-process.mjs')
  const server = await startScratchServer()
  try {
    const app = await server.createApp({ name: 'Bench' })
    for (const figure of await landingPaintFigures({ builds: paintBuilds(join(root, 'dist')), appId: app.id, apiUrl: server.base }))
      console.log(JSON.stringify(figure))
  } finally {
    await server.stop()
  }
}
