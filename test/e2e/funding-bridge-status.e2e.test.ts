/**
 * Spec part 3 §4 (bridge): "Status values: delayed, waiting or pending (polled every 1 s), success,
 * refund, failure." The relay stand-in (test/relay-stand-in.ts, Relay's `GET /requests/v2` answer
 * `{ requests: [{ id, status }] }`) answers:
 * - 'failure' → the failure screen ('Transaction failed' and the bridging text) and no more polls;
 * - 'delayed' (twice, after 'waiting') → still polling, then 'success' → 'Success!'.
 * The page's clock is Playwright's (installed before the bridge starts, flowing naturally) so the
 * test can move time 5 polls ahead after the failure and count the status requests the page starts.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startLocalChain, type LocalChain } from '../evm.ts'
import { injectEthereumWallet, newEthereumWallet } from '../wallets.ts'
import { startStack, type Stack } from '../stack.ts'
import { startRelayStandIn } from '../relay-stand-in.ts'
import { deployTestContracts, fundWallet } from './eth-helpers.ts'
import { modal, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'

declare global {
  interface Window {
    /** Status requests (`/requests/v2`) the page started, counted when `fetch` is called. */
    __statusPolls: number
  }
}

describe("bridge statuses 'failure' and 'delayed' (spec part 3 §4)", () => {
  let stack: Stack
  let browser: Browser
  let chain: LocalChain
  let page: Page
  let relay: Awaited<ReturnType<typeof startRelayStandIn>>
  const source = newEthereumWallet()

  beforeAll(async () => {
    ;[stack, browser, chain] = await Promise.all([startStack(), launchBrowser(), startLocalChain()])
    const contracts = await deployTestContracts(chain)
    relay = await startRelayStandIn(chain.url)
    await fundWallet(chain, contracts.deployer, source.address, 10n ** 18n)
    await stack.createApp({
      name: 'Bridge Status',
      loginMethods: { email: true, wallet: true },
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' }, solana: { createOnLogin: 'users-without-wallets' } },
      chains: [{ id: 31337, name: 'Local chain', rpcUrl: chain.url }],
      funding: { enabled: true, options: [{ method: 'wallets' }], defaultRecommendedAmount: '0.05', crossChainBridgingEnabled: true },
      fundingProviders: { bridge: { apiUrl: relay.url } },
    })
    const context = await browser.newContext()
    await context.addInitScript(() => {
      window.__statusPolls = 0
      const original = window.fetch
      window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
        if (String(input instanceof Request ? input.url : input).includes('/requests/v2')) window.__statusPolls++
        return original.call(this, input, init)
      }
    })
    page = await context.newPage()
    await injectEthereumWallet(page, source, { rpcUrl: chain.url })
    await page.goto(`${stack.demoUrl}/fund.html`)
    await waitForHostEvent(page, 'auth-ready')
    await page.evaluate(() => document.querySelector('auth-modal')!.connectWallet())
    await modal(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await waitForHostEvent(page, 'wallet-connected', { timeout: 15000 })
    await waitForHostEvent(page, 'modal-close')
    await page.evaluate(() => {
      const button = document.querySelector('fund-button')!
      button.setAttribute('chain', 'solana:devnet')
      button.setAttribute('amount', '0.5')
    })
    // Log in through the button; funding a Solana address then offers the bridge.
    await page.locator('fund-button').getByRole('button').click()
    await submitEmail(page, 'bridge-status@example.com')
    await typeCode(page, await stack.nextCode('bridge-status@example.com'))
    await modal(page).getByRole('button', { name: 'Transfer from wallet' }).waitFor({ timeout: 30000 })
    await modal(page).getByRole('button', { name: 'Close' }).first().click()
    await waitForHostEvent(page, 'modal-close')
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    await chain?.close()
    await relay?.close()
  })

  const bridge = async () => {
    await page.locator('fund-button').getByRole('button').click()
    await modal(page).getByRole('button', { name: 'Transfer from wallet' }).click({ timeout: 15000 })
    await modal(page).locator('[part="wallet-row"]', { hasText: 'Test Wallet' }).click()
    await modal(page).locator('[part="bridge-option"]', { hasText: 'Local chain' }).click({ timeout: 15000 })
  }

  it("'failure' shows 'Transaction failed' with the bridging text, and polling stops", async () => {
    relay.state.outcome = 'failure'
    relay.state.progress = ['waiting']
    await page.clock.install()
    await bridge()
    await modal(page).getByRole('heading', { name: 'Transaction failed' }).waitFor({ timeout: 30000 })
    await modal(page).getByText('We were unable to complete the bridging transaction. Funds will be refunded on your wallet.').waitFor()
    const polls = await page.evaluate(() => window.__statusPolls)
    expect(polls).toBeGreaterThanOrEqual(2) // 'waiting', then 'failure'
    // Five poll intervals (1 s each) of page time: no status request starts any more.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100)
    await page.clock.runFor(5000)
    expect(await page.evaluate(() => window.__statusPolls)).toBe(polls)
    await page.clock.resume()
    await modal(page).getByRole('button', { name: 'Close' }).first().click()
    await waitForHostEvent(page, 'modal-close')
  })

  it("'delayed' keeps polling: 'waiting', 'delayed', 'delayed', then 'success' → 'Success!'", async () => {
    relay.state.outcome = 'success'
    relay.state.progress = ['waiting', 'delayed', 'delayed']
    const before = await page.evaluate(() => window.__statusPolls)
    await bridge()
    await modal(page).getByRole('heading', { name: 'Success!' }).waitFor({ timeout: 30000 })
    // At least one poll per answer: waiting, delayed, delayed, success.
    expect((await page.evaluate(() => window.__statusPolls)) - before).toBeGreaterThanOrEqual(4)
    const answered = [...relay.state.seen.values()].at(-1)
    expect(answered).toBe(4)
  })
})
