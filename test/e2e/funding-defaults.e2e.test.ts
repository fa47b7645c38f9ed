/**
 * Funding chooser details end to end (spec part 3 §2, §9), on demo/fund.html against the real
 * server, the local EVM chain and the Coinbase-style on-ramp stand-in: the default funding method
 * for the exchange and the wallet flow (and its flag cleared once used), the buttons waiting for a
 * custom ERC-20's contract info (and the 18-decimals fallback), and the receive screen's title and
 * subtitle overrides (an empty string hides them).
 */
import type { Browser, Page, Route } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startLocalChain, type LocalChain } from '../evm.ts'
import { startCoinbaseStandIn } from '../funding-stand-ins.ts'
import { startStack, type Stack } from '../stack.ts'
import { call, deployTestContracts } from './eth-helpers.ts'
import { modal, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'

/** The ERC-20 `symbol()` and `decimals()` selectors (what the chooser reads for a custom token). */
const TOKEN_INFO_SELECTORS = ['0x95d89b41', '0x313ce567']

describe('funding: default method, custom ERC-20 contract info, receive texts', () => {
  let stack: Stack
  let browser: Browser
  let chain: LocalChain
  let contracts: Awaited<ReturnType<typeof deployTestContracts>>
  let page: Page
  let address: string
  let coinbase: Awaited<ReturnType<typeof startCoinbaseStandIn>>

  beforeAll(async () => {
    ;[stack, browser, chain] = await Promise.all([startStack(), launchBrowser(), startLocalChain()])
    contracts = await deployTestContracts(chain)
    coinbase = await startCoinbaseStandIn()
    await stack.createApp({
      name: 'Funding Defaults',
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
      // 8453 points at the same local chain: the exchange on-ramp serves only its chains (spec §5).
      chains: [
        { id: 31337, name: 'Local chain', rpcUrl: chain.url },
        { id: 8453, name: 'Base (local)', rpcUrl: chain.url },
      ],
      defaultChain: 31337,
      funding: {
        enabled: true,
        options: [{ method: 'exchange', provider: 'coinbase' }, { method: 'wallets' }],
        defaultRecommendedCurrency: { chain: 'eip155:31337', asset: 'native-currency' },
        defaultRecommendedAmount: '0.05',
        useSandbox: true,
      },
      fundingProviders: {
        coinbase: { apiKeyName: coinbase.apiKeyName, apiKeySecret: coinbase.apiKeySecret, apiUrl: coinbase.url, payUrl: coinbase.url },
      },
    })
    page = await (await browser.newContext()).newPage()
    await page.goto(`${stack.demoUrl}/fund.html`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('fund-button').getByRole('button').click()
    await submitEmail(page, 'defaults@example.com')
    await typeCode(page, await stack.nextCode('defaults@example.com'))
    address = (await waitForHostEvent(page, 'wallet-created', { timeout: 30000 })).detail.wallet.address
    await chooser().waitFor({ timeout: 30000 })
    await modal(page).getByRole('button', { name: 'Close' }).click()
    // 10^18 base units of the 6-decimals test token: 1000000000000 USDC, or 1 token read with 18 decimals.
    await chain.request('eth_sendTransaction', [
      { from: contracts.deployer, to: contracts.token, data: call(contracts.tokenAbi, 'mint', [address, 10n ** 18n]) },
    ])
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    await chain?.close()
    await coinbase?.close()
  })

  // A test that failed half-way leaves the modal open: the next one starts from a closed modal.
  afterEach(async () => {
    const close = modal(page).getByRole('button', { name: 'Close' })
    if (await close.isVisible()) await close.click()
  })

  const chooser = () => modal(page).getByRole('heading', { name: 'Add funds to your Funding Defaults wallet' })
  const startFromButton = async (options: Record<string, string>) => {
    await page.evaluate((o) => {
      const b = document.querySelector('fund-button')!
      for (const a of [...b.attributes]) if (a.name !== 'id') b.removeAttribute(a.name)
      for (const [k, v] of Object.entries(o)) b.setAttribute(k, v)
    }, options)
    await page.locator('fund-button').getByRole('button').click()
  }
  /** Lets the modal render twice more: an effect that would start a flow again has run by then. */
  const settleFrames = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  const methodButtons = () => modal(page).locator('[data-screen="funding-methods"] .methods button')
  const receive = () => modal(page).locator('[data-screen="funding-receive"]')

  /**
   * Holds the page's `symbol()` / `decimals()` reads of the token at the chain's RPC until the test
   * releases them, then lets them through or answers them with a JSON-RPC error.
   */
  const gateTokenInfo = async () => {
    let release!: (outcome: 'answer' | 'fail') => void
    const released = new Promise<'answer' | 'fail'>((resolve) => (release = resolve))
    const held: string[] = []
    const handler = async (route: Route) => {
      const body = route.request().postDataJSON() as { id: number; method: string; params?: [{ to?: string; data?: string }] }
      const target = body?.method === 'eth_call' ? body.params?.[0] : undefined
      const selector = target?.data?.slice(0, 10)
      if (target?.to?.toLowerCase() !== contracts.token.toLowerCase() || !selector || !TOKEN_INFO_SELECTORS.includes(selector)) return route.continue()
      held.push(selector)
      if ((await released) === 'answer') return route.continue()
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: JSON.stringify({ jsonrpc: '2.0', id: body.id, error: { code: -32000, message: 'execution reverted' } }),
      })
    }
    const matcher = (url: URL) => url.href.startsWith(chain.url)
    await page.route(matcher, handler)
    return { held, release, stop: () => page.unroute(matcher, handler) }
  }

  it("default-method=exchange lands on 'Fund account' with the on-ramp popup; after Back the chooser stays (the flag is cleared)", async () => {
    const tokens = () => coinbase.calls.filter((c) => c.path === '/onramp/v1/token').length
    const [popup] = await Promise.all([page.waitForEvent('popup'), startFromButton({ 'default-method': 'exchange', chain: '8453', amount: '0.01' })])
    await modal(page).getByRole('heading', { name: 'Fund account' }).waitFor()
    // The flow really started: our server opened the on-ramp session and the popup shows its page.
    await popup.getByRole('button', { name: 'Buy' }).waitFor()
    expect(tokens()).toBe(1)
    await modal(page).getByRole('button', { name: 'Back' }).click()
    await chooser().waitFor()
    await settleFrames()
    expect(await modal(page).getByRole('heading', { name: 'Fund account' }).count()).toBe(0)
    await chooser().waitFor()
    expect(tokens()).toBe(1)
    // The chooser's own button still starts it.
    await modal(page).getByRole('button', { name: 'Transfer from an exchange' }).waitFor()
    await popup.close()
    await modal(page).getByRole('button', { name: 'Close' }).click()
  })

  it("default-method=wallet lands on 'Transfer from wallet'; after Back the chooser stays", async () => {
    await startFromButton({ 'default-method': 'wallet', amount: '0.01' })
    await modal(page).getByRole('heading', { name: 'Transfer from wallet' }).waitFor()
    expect(await chooser().count()).toBe(0)
    await modal(page).getByRole('button', { name: 'Back' }).click()
    await chooser().waitFor()
    await settleFrames()
    expect(await modal(page).getByRole('heading', { name: 'Transfer from wallet' }).count()).toBe(0)
    await chooser().waitFor()
    await modal(page).getByRole('button', { name: 'Close' }).click()
  })

  it("a custom ERC-20: the method buttons are disabled while its symbol and decimals load, then enabled; 'Receive funds' uses its symbol and decimals", async () => {
    const gate = await gateTokenInfo()
    try {
      await startFromButton({ asset: contracts.token, amount: '2' })
      await chooser().waitFor()
      await expect.poll(() => gate.held.length).toBe(2)
      // Spec §5: no card or exchange for a custom token; the wallet and receive buttons wait.
      expect(await methodButtons().allTextContents()).toEqual(['Transfer from wallet', 'Receive funds'])
      for (const button of await methodButtons().all()) expect(await button.isDisabled()).toBe(true)
      gate.release('answer')
      for (const button of await methodButtons().all()) await expect.poll(() => button.isEnabled()).toBe(true)
      await modal(page).getByRole('button', { name: 'Receive funds' }).click()
      await modal(page).getByRole('heading', { name: 'Receive 2 USDC' }).waitFor()
      await expect.poll(() => receive().locator('[part="balance-card"] span').nth(1).textContent()).toBe('1000000000000 USDC ✓')
      await modal(page).getByRole('button', { name: 'Close' }).click()
    } finally {
      await gate.stop()
    }
  })

  it('error: a failed contract-info read enables the buttons with the default 18 decimals', async () => {
    const gate = await gateTokenInfo()
    try {
      await startFromButton({ asset: contracts.token, amount: '2' })
      await chooser().waitFor()
      await expect.poll(() => gate.held.length).toBeGreaterThan(0)
      for (const button of await methodButtons().all()) expect(await button.isDisabled()).toBe(true)
      gate.release('fail')
      for (const button of await methodButtons().all()) await expect.poll(() => button.isEnabled()).toBe(true)
      await modal(page).getByRole('button', { name: 'Receive funds' }).click()
      await receive().waitFor()
      // 10^18 base units read with 18 decimals: 1, short of the 2 asked (with the token's 6 decimals: far past it);
      // the symbol could not be read.
      await expect.poll(() => receive().locator('[part="balance-card"] span').nth(1).textContent()).toBe('1 ')
      await modal(page).getByRole('button', { name: 'Close' }).click()
    } finally {
      await gate.stop()
    }
  })

  it("'Receive funds': the subtitle is overridden, and an empty title or subtitle renders no heading or paragraph", async () => {
    const defaultSubtitle = 'Scan this code or copy your wallet address to receive funds on Local chain.'
    const paragraphs = () => receive().locator('p').allTextContents()
    await startFromButton({ 'default-method': 'manual', amount: '0.2', 'receive-subtitle': 'Send ETH to this address.' })
    await modal(page).getByRole('heading', { name: 'Receive 0.2 ETH' }).waitFor()
    expect(await paragraphs()).toEqual(['Send ETH to this address.', 'Make sure to send funds on Local chain.'])
    await modal(page).getByRole('button', { name: 'Close' }).click()

    await startFromButton({ 'default-method': 'manual', amount: '0.2', 'receive-title': '', 'receive-subtitle': '' })
    await receive().locator('[part="funding-qr"]').waitFor()
    expect(await receive().locator('h2, [part="title"]').count()).toBe(0)
    expect(await paragraphs()).toEqual(['Make sure to send funds on Local chain.'])
    expect(await receive().getByText(defaultSubtitle).count()).toBe(0)
    await modal(page).getByRole('button', { name: 'Close' }).click()

    // Only the title hidden: the default subtitle stays.
    await startFromButton({ 'default-method': 'manual', 'receive-title': '' })
    await receive().getByText(defaultSubtitle).waitFor()
    expect(await receive().locator('h2, [part="title"]').count()).toBe(0)
    await modal(page).getByRole('button', { name: 'Close' }).click()
  })
})
