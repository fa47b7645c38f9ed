// Solana transaction figure on the demo page in Chromium against a real server and the local
// Solana cluster (scripts/lib/local-solana.mjs, litesvm): the JavaScript fetched when the Solana
// confirmation screen opens (gzip; @solana/web3.js and the screen, none of it fetched before).
import { gzipSync } from 'node:zlib'
import { createRequire } from 'node:module'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/chromium.mjs'
import { startDemoServer } from '../demo/serve.mjs'
import { startLocalSolana } from '../scripts/lib/local-solana.mjs'
import { startScratchServer } from '../scripts/lib/server-process.mjs'
import { login } from './wallet.mjs'

const require = createRequire(import.meta.url)

export async function solanaTransactionFigures() {
  const { Keypair, PublicKey, SystemProgram, Transaction } = require('@solana/web3.js')
  const [server, sol] = await Promise.all([startScratchServer(), startLocalSolana()])
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS })
  try {
    const app = await server.createApp({
      name: 'Bench',
      embeddedWallets: { solana: { createOnLogin: 'users-without-wallets' } },
      solanaCluster: { name: 'localnet', rpcUrl: sol.url },
    })
    const demo = await startDemoServer({ port: 0, appId: app.id, apiUrl: server.base })
    try {
      const page = await browser.newPage()
      await page.goto(demo.url)
      await page.waitForFunction(() => document.querySelector('auth-modal')?.ready)
      await login(page, server.base, 'bench.solana@example.com')
      await page.waitForFunction(() => document.querySelector('auth-modal').wallets.some((w) => w.chainType === 'solana'), null, { timeout: 30000 })
      await page.waitForFunction(() => !document.querySelector('auth-modal').hasAttribute('open'), null, { timeout: 10000 }).catch(() => undefined)
      const address = await page.evaluate(() => document.querySelector('auth-modal').wallets.find((w) => w.chainType === 'solana').address)
      await sol.airdrop(address, 10n ** 9n)
      const { value } = await sol.request('getLatestBlockhash')
      const tx = new Transaction({ feePayer: new PublicKey(address), recentBlockhash: value.blockhash }).add(
        SystemProgram.transfer({ fromPubkey: new PublicKey(address), toPubkey: Keypair.generate().publicKey, lamports: 10_000_000 }),
      )
      const bytes = [...tx.serialize({ requireAllSignatures: false, verifySignatures: false })]

      // Everything JavaScript fetched from the first Solana sendTransaction until its screen is painted.
      const fetched = new Map()
      const onResponse = (response) => {
        if ((response.headers()['content-type'] ?? '').includes('javascript'))
          fetched.set(
            response.url(),
            response.body().catch(() => Buffer.alloc(0)),
          )
      }
      page.on('response', onResponse)
      await page.evaluate(async (list) => {
        window.__benchTx = document
          .querySelector('auth-modal')
          .sendTransaction(new Uint8Array(list))
          .catch(() => null)
        const ready = () => document.querySelector('sign-prompt')?.shadowRoot?.querySelector('[data-screen="solana-transaction-confirm"][data-phase="ready"]')
        while (!ready()) await new Promise((r) => requestAnimationFrame(r))
      }, bytes)
      page.off('response', onResponse)
      const bodies = await Promise.all([...fetched.values()])
      await page.locator('sign-prompt').getByRole('button', { name: 'Not now' }).click()
      await page.evaluate(() => window.__benchTx)
      return [
        {
          bench: 'solana-tx-screen-js',
          files: [...fetched.keys()].map((url) => new URL(url).pathname.replace(/^\/dist\//, '')),
          gzipBytes: bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
        },
      ]
    } finally {
      await demo.close()
    }
  } finally {
    await browser.close()
    await server.stop()
    await sol.close()
  }
}
