// Bundle figures: (1) gzip bytes of JavaScript loaded before the landing screen paints
// (bench/landing.mjs, the same figure the size test checks), cross-checked against what Chromium
// fetched on the demo page; (2) gzip bytes of everything in dist/.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/chromium.mjs'
import { gzipBytes as gz, landingFigure } from './landing.mjs'

async function walk(dir) {
  const out = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...(await walk(path)))
    else out.push(path)
  }
  return out
}

/**
 * The landing figure from dist/ against the 45 KB target, plus what Chromium fetched before the
 * landing screen painted: `matchesBrowser` is false when the page loaded more (an import() run at
 * start-up) or other files than the static count, which the figure would then understate.
 * @param {{ demoUrl: string, distDir: string }} stack
 */
export async function landingJavaScript({ demoUrl, distDir }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage()
    const scripts = new Map()
    page.on('response', async (response) => {
      const type = response.headers()['content-type'] ?? ''
      if (!type.includes('javascript')) return
      scripts.set(
        response.url(),
        response.body().catch(() => Buffer.alloc(0)),
      )
    })
    await page.goto(demoUrl)
    await page.waitForFunction(() => customElements.get('auth-modal') !== undefined)
    await page.evaluate(() => document.querySelector('auth-modal').open())
    // The landing screen has painted once its e-mail input is visible inside the shadow root.
    await page.getByRole('textbox', { name: /email/i }).waitFor({ state: 'visible' })
    const paintedAt = await page.evaluate(() => performance.now())
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))))
    // Requested before the paint: React and the later screens are fetched after it, on purpose.
    const before = new Set(
      await page.evaluate(
        (at) =>
          performance
            .getEntriesByType('resource')
            .filter((e) => e.startTime <= at)
            .map((e) => e.name),
        paintedAt,
      ),
    )
    await Promise.all(scripts.values())
    // The demo page also loads its theme switcher (not under /dist/) and <fund-button>'s own entry,
    // which are not what <auth-modal> needs before its landing screen paints; the login methods'
    // marks (src/ui/icons/methodIcons.ts) are fetched once the landing has rendered, into boxes
    // already laid out, so they are not part of what it needs to paint either.
    const ours = [...scripts.keys()].filter((url) => {
      const path = new URL(url).pathname
      return before.has(url) && path.startsWith('/dist/') && path !== '/dist/fund-button.js' && !/^\/dist\/chunks\/methodIcons-[\w-]+\.js$/.test(path)
    })
    const fetched = ours.map((url) => new URL(url).pathname.replace(/^\/dist\//, ''))
    const bodies = await Promise.all(ours.map((url) => scripts.get(url)))
    const browserGzipBytes = bodies.reduce((sum, body) => sum + gz(body), 0)
    const figure = await landingFigure(distDir)
    const matchesBrowser = fetched.length === figure.files.length && fetched.every((file) => figure.files.includes(file))
    return { ...figure, browserGzipBytes, matchesBrowser, ...(matchesBrowser ? {} : { browserFiles: fetched }) }
  } finally {
    await browser.close()
  }
}

export async function distSize(distDir) {
  const files = (await walk(distDir)).filter((f) => !f.endsWith('.map'))
  let gzipBytes = 0
  let rawBytes = 0
  for (const file of files) {
    const body = await readFile(file)
    rawBytes += body.length
    gzipBytes += gz(body)
  }
  return { bench: 'dist-size', files: files.length, rawBytes, gzipBytes }
}

/**
 * (2b) gzip bytes of the lazy external-wallet SDK chunks: WalletConnect (sign-client)
 * and the Coinbase Wallet SDK. Fetched only when such a wallet is picked, never for the landing screen.
 */
export async function connectorChunks(distDir) {
  const files = (await readdir(join(distDir, 'chunks'))).filter((f) => f.endsWith('.js'))
  const size = async (prefix) => {
    const file = files.find((f) => f.startsWith(`${prefix}-`))
    return file ? gz(await readFile(join(distDir, 'chunks', file))) : null
  }
  return { bench: 'connector-chunks', walletConnectGzipBytes: await size('walletConnect'), coinbaseGzipBytes: await size('coinbase') }
}
