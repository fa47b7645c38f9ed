/**
 * 'Transfer from wallet' with many connected wallets (spec part 3 §2 'Wallet list', §9: at most 3
 * wallets plus 'More wallets' when there are more than 4; exactly 4 shows all 4; the overflow view
 * lists all), and the transaction screen's title given by the host (spec part 3 'Ethereum
 * transaction confirmation': overridable), on demo/fund.html in Chromium against the real server
 * and the local EVM chain. The wallets are five injected EIP-6963 test wallets on one page.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startLocalChain, type LocalChain } from '../evm.ts'
import { injectEthereumWallet, newEthereumWallet } from '../wallets.ts'
import { startStack, type Stack } from '../stack.ts'
import { settled, startTx, txPrompt } from './eth-helpers.ts'
import { eventCount, modal, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'

const NAMES = ['Wallet One', 'Wallet Two', 'Wallet Three', 'Wallet Four', 'Wallet Five']

describe("funding: the 'Transfer from wallet' list with more than 4 wallets, and a host-given transaction title", () => {
  let stack: Stack
  let browser: Browser
  let chain: LocalChain
  let page: Page

  beforeAll(async () => {
    ;[stack, browser, chain] = await Promise.all([startStack(), launchBrowser(), startLocalChain()])
    await stack.createApp({
      name: 'Many Wallets',
      loginMethods: { email: true, wallet: true },
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
      chains: [{ id: 31337, name: 'Local chain', rpcUrl: chain.url }],
      defaultChain: 31337,
      funding: { enabled: true, options: [{ method: 'wallets' }], defaultRecommendedAmount: '0.01' },
    })
    page = await (await browser.newContext()).newPage()
    for (const [i, name] of NAMES.entries()) await injectEthereumWallet(page, newEthereumWallet(), { name, rdns: `dev.gatehouse.testwallet${i + 1}` })
    await page.goto(`${stack.demoUrl}/fund.html`)
    await waitForHostEvent(page, 'auth-ready')
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    await chain?.close()
  })

  /** Connects one of the injected wallets (no login), as `connectWallet()` lets a host do. */
  const connect = async (name: string) => {
    const after = await eventCount(page)
    await page.evaluate(() => void document.querySelector('auth-modal')!.connectWallet())
    await modal(page)
      .getByRole('button', { name: new RegExp(name) })
      .click()
    await waitForHostEvent(page, 'wallet-connected', { after, timeout: 15000 })
    await waitForHostEvent(page, 'modal-close', { after })
  }
  const rows = () => modal(page).locator('[data-screen="funding-wallets"] [part="wallet-row"] .wallet-name').allTextContents()
  const more = () => modal(page).getByRole('button', { name: 'More wallets' })
  const closeModal = async () => {
    const after = await eventCount(page)
    await modal(page).locator('[part="close-button"]').click()
    await waitForHostEvent(page, 'modal-close', { after })
  }

  it("exactly 4 wallets: all 4 are listed, no 'More wallets'", async () => {
    for (const name of NAMES.slice(0, 4)) await connect(name)
    await page.locator('fund-button').getByRole('button').click()
    await submitEmail(page, 'many.wallets@example.com')
    await typeCode(page, await stack.nextCode('many.wallets@example.com'))
    await modal(page).getByRole('button', { name: 'Transfer from wallet' }).click({ timeout: 30000 })
    await modal(page).locator('[data-screen="funding-wallets"] [part="wallet-row"]').first().waitFor()
    expect(await rows()).toEqual(NAMES.slice(0, 4))
    expect(await more().count()).toBe(0)
    await closeModal()
  })

  it("5 wallets: the first 3 and 'More wallets'; the overflow view lists all 5", async () => {
    await connect(NAMES[4]!)
    await page.locator('fund-button').getByRole('button').click()
    await modal(page).getByRole('button', { name: 'Transfer from wallet' }).click({ timeout: 30000 })
    await more().waitFor()
    expect(await rows()).toEqual(NAMES.slice(0, 3))
    await more().click()
    await expect.poll(rows).toEqual(NAMES)
    expect(await more().count()).toBe(0)
    await closeModal()
  })

  it("the transaction screen's title is the host's when it gives one (over 'Approve <action>'), with '(n / total)' in a batch", async () => {
    const to = '0x000000000000000000000000000000000000bEEF'
    const info = `{ uiOptions: { transactionInfo: { title: 'Mint your pass', action: 'minting' } } }`
    await startTx(page, `modal.sendTransaction({ to: '${to}', value: 0n }, ${info})`)
    const screen = txPrompt(page)
    await screen.getByRole('heading', { name: 'Mint your pass' }).waitFor({ timeout: 30000 })
    expect(await screen.getByRole('heading', { name: /Approve minting|Confirm action/ }).count()).toBe(0)
    // Leaving settles the host's call as refused (this empty wallet reads as short of funds first).
    await screen.getByRole('button', { name: 'Not now' }).click()
    expect((await settled(page)).err).toBeTruthy()
    await screen.locator('[data-screen]').waitFor({ state: 'detached' })

    await startTx(page, `modal.sendTransaction([{ to: '${to}', value: 0n }, { to: '${to}', value: 0n }], ${info})`)
    await screen.getByRole('heading', { name: 'Mint your pass (1 / 2)' }).waitFor({ timeout: 30000 })
    await screen.getByRole('button', { name: 'Not now' }).click()
    expect((await settled(page)).err).toBeTruthy()
  })
})
