/**
 * The same tag inside a Vue 3 template, with no wrapper: transactions work the same. (Login, the
 * page's own event handlers, signing, reload and logout on the Vue page: test/e2e/hosts.e2e.test.ts.)
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startLocalChain, type LocalChain } from '../evm.ts'
import { startStack, type Stack } from '../stack.ts'
// @ts-expect-error plain ES modules shared with `npm start`
import { startDevFaucet } from '../../scripts/lib/local-chain.mjs'
// @ts-expect-error plain ES module
import { startDemoServer } from '../../demo/serve.mjs'
import { txPrompt } from './eth-helpers.ts'
import { submitEmail, typeCode, waitForHostEvent } from './helpers.ts'
import { wallets } from './wallet-helpers.ts'

describe('a transaction from the Vue 3 demo page on the local chain of `npm start`', () => {
  let stack: Stack
  let browser: Browser
  let chain: LocalChain
  let demo: Awaited<ReturnType<typeof startDemoServer>>
  const RECIPIENT = '0x000000000000000000000000000000000000dEaD'

  beforeAll(async () => {
    ;[stack, browser, chain] = await Promise.all([startStack(), launchBrowser(), startLocalChain()])
    const { token, faucetUrl } = await startDevFaucet(chain)
    const { id } = await stack.createApp({
      name: 'Vue Chain',
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
      chains: [{ id: 31337, name: 'Local chain', rpcUrl: chain.url }],
      defaultChain: 31337,
    })
    demo = await startDemoServer({ port: 0, appId: id, apiUrl: stack.apiUrl, faucetUrl, tokenAddress: token })
  })
  afterAll(async () => {
    await browser?.close()
    await demo?.close()
    await stack?.stop()
    await chain?.close()
  })

  it("'Send 0.01 ETH' goes through the confirmation screen and the receipt is on chain", async () => {
    const page = await (await browser.newContext()).newPage()
    await page.goto(`${demo.url}/vue/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    await submitEmail(page, 'vue.tx@example.com')
    await typeCode(page, await stack.nextCode('vue.tx@example.com'))
    await waitForHostEvent(page, 'wallet-created', { timeout: 30000 })
    const owner = (await wallets(page))[0]!.address
    // The page's faucet call funds the new wallet (10 test ETH).
    await expect.poll(async () => BigInt((await chain.request('eth_getBalance', [owner, 'latest'])) as string), { timeout: 15000 }).toBe(10n * 10n ** 18n)
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    const before = BigInt((await chain.request('eth_getBalance', [RECIPIENT, 'latest'])) as string)
    await page.getByRole('button', { name: 'Send 0.01 ETH' }).click()
    const screen = txPrompt(page)
    await expect.poll(() => screen.locator('.tx-row', { hasText: 'Amount' }).textContent(), { timeout: 30000 }).toBe('Amount0.01 ETH')
    await screen.getByRole('button', { name: 'Approve' }).click()
    await screen.getByRole('button', { name: 'All Done' }).click({ timeout: 30000 })
    await expect.poll(() => page.getByTestId('tx').textContent()).toMatch(/^send: 0x[0-9a-f]{64}$/)
    const hash = (await page.getByTestId('tx').textContent())!.slice('send: '.length)
    expect(((await chain.request('eth_getTransactionReceipt', [hash])) as { status: string }).status).toBe('0x1')
    expect(BigInt((await chain.request('eth_getBalance', [RECIPIENT, 'latest'])) as string) - before).toBe(10n ** 16n)
    await expect.poll(() => page.getByTestId('event-log').textContent()).toContain('tx-success')
  })
})
