/**
 * Sizes measured on the built bundle in Chromium, where a screen needs code the element tests
 * cannot load (the connector manager): spec part 2 §9 'Wallet list: search bar above 6 wallets;
 * row height 54 px, 6 extra rows, 5 px gap. QR default size 160, error correction Q.' The modal's
 * own sizes are measured in elements/auth-modal/sizes.test.ts.
 */
import qrcode from 'qrcode'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { startFakeRelay, type FakeRelay } from '../walletconnect-relay.ts'
import { modal, waitForHostEvent, walletConnectQr } from './helpers.ts'

const EIGHT_WALLETS = ['metamask', 'coinbase_wallet', 'rainbow', 'phantom', 'rabby', 'zerion', 'okx_wallet', 'trust']

describe('measured sizes (spec §9)', () => {
  let stack: Stack
  let browser: Browser
  let relay: FakeRelay
  beforeAll(async () => {
    ;[stack, browser, relay] = await Promise.all([startStack(), launchBrowser(), startFakeRelay()])
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    await relay?.close()
  })

  const openWalletList = async (walletList: string[]) => {
    await stack.createApp({ loginMethods: { email: true, wallet: true }, walletList })
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login-wallet').click()
    await modal(page).getByRole('heading', { name: 'Connect wallet' }).waitFor()
    await expect.poll(() => modal(page).locator('[part="wallet-row"]').count()).toBe(walletList.length)
    return page
  }
  const box = async (page: Page, selector: string) => (await modal(page).locator(selector).first().boundingBox())!
  const rowBoxes = async (page: Page) => Promise.all((await modal(page).locator('[part="wallet-row"]').all()).map(async (row) => (await row.boundingBox())!))

  it('8 wallets: search bar above the list; rows 54 px high, 5 px apart; 6 rows (349 px) visible, the rest scrolled to', async () => {
    const page = await openWalletList(EIGHT_WALLETS)
    const rows = await rowBoxes(page)
    for (const row of rows) expect(Math.round(row.height)).toBe(54)
    for (let i = 1; i < rows.length; i++) expect(Math.round(rows[i]!.y - (rows[i - 1]!.y + rows[i - 1]!.height))).toBe(5)
    const list = await box(page, '[part="wallet-list"]')
    expect(Math.round(list.height)).toBe(6 * 54 + 5 * 5)
    expect(
      await modal(page)
        .locator('[part="wallet-list"]')
        .evaluate((el) => el.scrollHeight > el.clientHeight),
    ).toBe(true)
    const search = await box(page, 'input[type="search"]')
    expect(search.y + search.height).toBeLessThanOrEqual(list.y)
    await page.close()
  })

  it('6 wallets: no search bar; the six rows fill the list without scrolling', async () => {
    const page = await openWalletList(EIGHT_WALLETS.slice(0, 6))
    expect(await modal(page).locator('input[type="search"]').count()).toBe(0)
    const list = await box(page, '[part="wallet-list"]')
    expect(Math.round(list.height)).toBe(6 * 54 + 5 * 5)
    expect(
      await modal(page)
        .locator('[part="wallet-list"]')
        .evaluate((el) => el.scrollHeight === el.clientHeight),
    ).toBe(true)
    await page.close()
  })

  it('7 wallets: the search bar appears', async () => {
    const page = await openWalletList(EIGHT_WALLETS.slice(0, 7))
    await modal(page).getByRole('searchbox', { name: 'Search wallets' }).waitFor()
    await page.close()
  })

  it('the WalletConnect QR code is 160 px with error correction Q', async () => {
    await stack.createApp({
      loginMethods: { email: true, wallet: true },
      walletList: ['wallet_connect'],
      externalWallets: { walletConnect: { projectId: 'gatehouse-e2e', relayUrl: relay.url } },
    })
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login-wallet').click()
    await modal(page)
      .getByRole('button', { name: /WalletConnect/ })
      .click()
    const screen = await walletConnectQr(page)
    const uri = (await screen.getAttribute('data-uri'))!
    const img = modal(page).locator('[part="walletconnect-qr"] img')
    await img.waitFor()
    const drawn = await img.evaluate((el: HTMLImageElement) => [
      el.getBoundingClientRect().width,
      el.getBoundingClientRect().height,
      el.complete && el.naturalWidth > 0,
    ])
    expect(drawn).toEqual([160, 160, true])
    const svg = decodeURIComponent((await img.getAttribute('src'))!.replace('data:image/svg+xml;charset=utf-8,', ''))
    expect(svg).toBe(await qrcode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'Q', width: 160 }))
    await page.close()
  })
})
