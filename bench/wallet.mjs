// Embedded-wallet figures on the demo page in Chromium against a real server: (1) wallet creation
// time (host createWallet → frame → server → wallet in the session), (2) warm signing: host
// personal_sign / Solana signMessage (headless) → signature through the frame, p50 and p95.
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/chromium.mjs'
import { startDemoServer } from '../demo/serve.mjs'
import { startScratchServer } from '../scripts/lib/server-process.mjs'

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

/** Logs `email` in on the demo page through the modal, reading the code from the development outbox. */
export async function login(page, apiUrl, email) {
  await page.evaluate(() => document.querySelector('auth-modal').open())
  const input = page.getByRole('textbox', { name: 'Email address' })
  await input.fill(email)
  await input.press('Enter')
  let code
  for (let i = 0; i < 100 && !code; i++) {
    const outbox = await fetch(`${apiUrl}/dev/outbox?to=${encodeURIComponent(email)}`).then((r) => r.json())
    code = outbox[0]?.code
    if (!code) await new Promise((r) => setTimeout(r, 100))
  }
  await page.getByRole('textbox', { name: 'Digit 1' }).click()
  await page.keyboard.type(code)
  await page.waitForFunction(() => document.querySelector('auth-modal').authenticated)
}

/** @param {{ samples?: number }} options */
export async function walletFigures({ samples = 100 } = {}) {
  const server = await startScratchServer()
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS })
  try {
    const app = await server.createApp({ name: 'Bench' })
    const demo = await startDemoServer({ port: 0, appId: app.id, apiUrl: server.base })
    try {
      const page = await browser.newPage()
      await page.goto(demo.url)
      await page.waitForFunction(() => document.querySelector('auth-modal')?.ready)
      await login(page, server.base, 'bench@example.com')
      await page.waitForFunction(() => !document.querySelector('auth-modal').hasAttribute('open'), null, { timeout: 10000 }).catch(() => undefined)
      const creation = await page.evaluate(async () => {
        const modal = document.querySelector('auth-modal')
        const t0 = performance.now()
        await modal.createWallet({ chainType: 'ethereum' })
        const t1 = performance.now()
        await modal.createWallet({ chainType: 'solana' })
        return { ethereumMs: Math.round(t1 - t0), solanaMs: Math.round(performance.now() - t1) }
      })
      const signing = await page.evaluate(async (n) => {
        const modal = document.querySelector('auth-modal')
        const eth = modal.wallets.find((w) => w.chainType === 'ethereum')
        const sol = modal.wallets.find((w) => w.chainType === 'solana')
        const provider = modal.getEthereumProvider(eth.address, { showWalletUIs: false })
        const time = async (run) => {
          await run() // warm: frame mounted, wallet unlocked
          const out = []
          for (let i = 0; i < n; i++) {
            const t0 = performance.now()
            await run(i)
            out.push(performance.now() - t0)
          }
          return out.sort((a, b) => a - b)
        }
        return {
          ethereum: await time((i) => provider.request({ method: 'personal_sign', params: [`bench ${i}`, eth.address] })),
          solana: await time((i) => modal.signMessage({ message: `bench ${i}`, address: sol.address, showWalletUIs: false })),
        }
      }, samples)
      const round = (x) => Math.round(x * 10) / 10
      return [
        { bench: 'wallet-create', ...creation },
        ...Object.entries(signing).map(([chain, times]) => ({
          bench: `sign-warm-${chain}`,
          samples: times.length,
          p50Ms: round(percentile(times, 50)),
          p95Ms: round(percentile(times, 95)),
          targetP50Ms: 20,
          withinTarget: percentile(times, 50) <= 20,
        })),
      ]
    } finally {
      await demo.close()
    }
  } finally {
    await browser.close()
    await server.stop()
  }
}
