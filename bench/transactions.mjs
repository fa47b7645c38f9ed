// Ethereum transaction figures on the demo page in Chromium against a real server and a local chain
// (scripts/lib/local-chain.mjs): (1) the JavaScript fetched when the confirmation screen opens
// (gzip; none of it is fetched before), (2) host sendTransaction → confirmation screen painted with
// its rows (nonce, gas, fees and balance read from the chain), first time and warm (p50, p95).
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/chromium.mjs'
import { startDemoServer } from '../demo/serve.mjs'
import { startLocalChain } from '../scripts/lib/local-chain.mjs'
import { startScratchServer } from '../scripts/lib/server-process.mjs'
import { login, percentile } from './wallet.mjs'

const RECIPIENT = '0x000000000000000000000000000000000000dEaD'

/** Starts sendTransaction in the page and resolves the ms until the ready confirmation screen is painted. */
const openScreen = (page) =>
  page.evaluate(async (to) => {
    const modal = document.querySelector('auth-modal')
    const t0 = performance.now()
    window.__benchTx = modal.sendTransaction({ to, value: 1n }).catch(() => null)
    const ready = () => document.querySelector('sign-prompt')?.shadowRoot?.querySelector('[data-screen="transaction-confirm"][data-phase="ready"]')
    while (!ready()) await new Promise((r) => requestAnimationFrame(r))
    await new Promise((r) => requestAnimationFrame(r))
    return performance.now() - t0
  }, RECIPIENT)

const decline = async (page) => {
  await page.locator('sign-prompt').getByRole('button', { name: 'Not now' }).click()
  await page.evaluate(() => window.__benchTx)
}

/** @param {{ samples?: number }} options */
export async function transactionFigures({ samples = 30 } = {}) {
  const [server, chain] = await Promise.all([startScratchServer(), startLocalChain()])
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS })
  try {
    const app = await server.createApp({
      name: 'Bench',
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
      chains: [{ id: 31337, name: 'Local chain', rpcUrl: chain.url }],
    })
    const demo = await startDemoServer({ port: 0, appId: app.id, apiUrl: server.base })
    try {
      const page = await browser.newPage()
      await page.goto(demo.url)
      await page.waitForFunction(() => document.querySelector('auth-modal')?.ready)
      await login(page, server.base, 'bench.tx@example.com')
      await page.waitForFunction(() => document.querySelector('auth-modal').wallets.some((w) => w.chainType === 'ethereum'), null, { timeout: 30000 })
      await page.waitForFunction(() => !document.querySelector('auth-modal').hasAttribute('open'), null, { timeout: 10000 }).catch(() => undefined)
      const address = await page.evaluate(() => document.querySelector('auth-modal').wallets.find((w) => w.chainType === 'ethereum').address)
      await chain.request('eth_sendTransaction', [{ from: chain.deployer, to: address, value: '0xde0b6b3a7640000' }])

      // Everything JavaScript fetched from the first sendTransaction until its screen is painted.
      const fetched = new Map()
      const onResponse = (response) => {
        if ((response.headers()['content-type'] ?? '').includes('javascript'))
          fetched.set(
            response.url(),
            response.body().catch(() => Buffer.alloc(0)),
          )
      }
      page.on('response', onResponse)
      const firstMs = await openScreen(page)
      page.off('response', onResponse)
      const bodies = await Promise.all([...fetched.values()])
      await decline(page)

      const times = []
      for (let i = 0; i < samples; i++) {
        times.push(await openScreen(page))
        await decline(page)
      }
      times.sort((a, b) => a - b)
      const round = (x) => Math.round(x * 10) / 10
      return [
        {
          bench: 'tx-screen-js',
          files: [...fetched.keys()].map((url) => new URL(url).pathname.replace(/^\/dist\//, '')),
          gzipBytes: bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
        },
        { bench: 'tx-screen-open', firstMs: round(firstMs), samples: times.length, p50Ms: round(percentile(times, 50)), p95Ms: round(percentile(times, 95)) },
      ]
    } finally {
      await demo.close()
    }
  } finally {
    await browser.close()
    await server.stop()
    await chain.close()
  }
}
