/**
 * Spec part 2 §4: "Connect, accounts-synced and disconnect events update the wallet list". A
 * connected Ethereum wallet that switches account in the wallet app (EIP-1193 `accountsChanged`)
 * is listed under its new address, not the old, and the stored active connection follows.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { injectEthereumWallet, newEthereumWallet } from '../wallets.ts'
import { eventCount, modal, waitForHostEvent } from './helpers.ts'

describe('external wallet account switch', () => {
  let stack: Stack
  let browser: Browser
  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  it('accountsChanged replaces the wallet in `wallets` and in the stored active connection; a disconnect then empties the list', async () => {
    const app = await stack.createApp({ loginMethods: { email: true, wallet: true } })
    const wallet = newEthereumWallet()
    const other = newEthereumWallet()
    const page = await browser.newPage()
    await injectEthereumWallet(page, wallet)
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#connect-wallet').click()
    await modal(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    const connected = await waitForHostEvent(page, 'wallet-connected')
    expect(connected.detail.wallet.address).toBe(wallet.address)
    await waitForHostEvent(page, 'modal-close')

    const listed = () => page.evaluate(() => document.querySelector('auth-modal')!.wallets.map((w) => w.address))
    const stored = () =>
      page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { address: string; id: string } | null, `gatehouse:${app.id}:wallet-connection`)
    expect(await listed()).toEqual([wallet.address])
    expect((await stored())?.address).toBe(wallet.address)

    const before = await eventCount(page)
    await page.evaluate((address) => (window as any).__testEthWallet.switchAccount(address), other.address)
    const gone = await waitForHostEvent(page, 'wallet-disconnected', { after: before })
    expect(gone.detail.wallet.address).toBe(wallet.address)
    const switched = await waitForHostEvent(page, 'wallet-connected', { after: before })
    expect(switched.detail.wallet.address).toBe(other.address)
    expect(switched.detail.wallet.walletClientType).toBe(connected.detail.wallet.walletClientType)
    expect(await listed()).toEqual([other.address])
    const connection = await stored()
    expect(connection?.address).toBe(other.address)
    expect(connection?.id).toBe('dev.gatehouse.testwallet')

    // The new entry is the live connection: its disconnect ends it and clears the list and the stored connection.
    const beforeDisconnect = await eventCount(page)
    await page.evaluate(() =>
      document
        .querySelector('auth-modal')!
        .wallets.find((w) => 'disconnect' in w)!
        .disconnect(),
    )
    const dropped = await waitForHostEvent(page, 'wallet-disconnected', { after: beforeDisconnect })
    expect(dropped.detail.wallet.address).toBe(other.address)
    expect(await listed()).toEqual([])
    expect(await stored()).toBeNull()
    await page.close()
  })
})
