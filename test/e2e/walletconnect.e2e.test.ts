/**
 * WalletConnect v2 end to end: the demo page in headless Chromium (the widget's WalletConnect
 * connector over the official @walletconnect/sign-client), a Node wallet on the official SDK
 * backed by a viem local account, both on the fake relay (test/walletconnect-relay.ts), and the
 * real server verifying SIWE. The dapp ⇄ wallet encryption is the SDK's own.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { startFakeListing } from '../walletconnect-listing.ts'
import { startFakeRelay, type FakeRelay } from '../walletconnect-relay.ts'
import { startNodeWallet, type NodeWalletConnectWallet } from '../walletconnect-wallet.ts'
import { newEthereumWallet } from '../wallets.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { eventCount, modal, waitForHostEvent, walletConnectQr } from './helpers.ts'

describe('WalletConnect v2 through the demo page', () => {
  let stack: Stack
  let browser: Browser
  let relay: FakeRelay
  const nodeWallets: NodeWalletConnectWallet[] = []
  beforeAll(async () => {
    ;[stack, browser, relay] = await Promise.all([startStack(), launchBrowser(), startFakeRelay()])
  })
  afterAll(async () => {
    await Promise.all(nodeWallets.map((w) => w.close()))
    await browser?.close()
    await stack?.stop()
    await relay?.close()
  })

  const createApp = (name: string) =>
    stack.createApp({
      name,
      loginMethods: { email: true, wallet: true },
      walletList: ['detected_wallets', 'wallet_connect'],
      externalWallets: { walletConnect: { projectId: 'gatehouse-e2e', relayUrl: relay.url } },
    })

  /** A page that records every request leaving loopback (nothing may phone home) and blocks it. */
  async function newPage(): Promise<{ page: Page; outside: string[] }> {
    const page = await browser.newPage()
    const outside: string[] = []
    await page.route(/^(?!https?:\/\/(127\.0\.0\.1|localhost)[:/])(https?|wss?):/, (route) => {
      outside.push(route.request().url())
      return route.abort()
    })
    return { page, outside }
  }

  async function pairingUri(page: Page): Promise<string> {
    await modal(page).getByRole('heading', { name: 'Scan code to connect to WalletConnect' }).waitFor()
    const qr = await walletConnectQr(page)
    await modal(page).getByRole('img', { name: 'QR code for WalletConnect' }).waitFor()
    return (await qr.getAttribute('data-uri'))!
  }

  async function startWalletConnect(page: Page) {
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login-wallet').click()
    await modal(page)
      .getByRole('button', { name: /WalletConnect/ })
      .click()
    return pairingUri(page)
  }

  it('QR → Node wallet pairs → SIWE sign-up with connectorType wallet_connect_v2; reload restores the session; disconnect ends it', async () => {
    await createApp('WalletConnect Host')
    const key = newEthereumWallet()
    const wallet = await startNodeWallet(relay.url, key, { projectId: 'gatehouse-e2e' })
    nodeWallets.push(wallet)
    const { page, outside } = await newPage()

    const uri = await startWalletConnect(page)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?.*symKey=[0-9a-f]{64}/)
    // The copy button hands out the same URI.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await modal(page).getByRole('button', { name: 'Copy link' }).click()
    await modal(page).getByRole('button', { name: 'Copied' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(uri)

    await wallet.pair(uri)
    await modal(page).getByRole('heading', { name: 'Sign to verify' }).waitFor()
    await expectNoAxeViolations(page, 'Sign to verify (WalletConnect)')
    const connected = await waitForHostEvent(page, 'wallet-connected')
    expect(connected.detail.wallet).toMatchObject({ address: key.address, chainType: 'ethereum', chainId: 'eip155:1', connectorType: 'wallet_connect_v2' })

    await modal(page).getByRole('button', { name: 'Sign with your wallet' }).click()
    const success = await waitForHostEvent(page, 'auth-success', { timeout: 30000 })
    expect(success.detail).toMatchObject({ isNewUser: true, loginMethod: 'siwe' })
    expect(success.detail.user.linkedAccounts).toEqual([
      expect.objectContaining({ type: 'wallet', address: key.address, connectorType: 'wallet_connect_v2', walletClientType: 'walletconnect' }),
    ])
    expect(wallet.requests).toContain('personal_sign')
    await waitForHostEvent(page, 'modal-close')

    // The host's EIP-1193 provider answers over the session.
    const hostView = await page.evaluate(async () => {
      const w = document.querySelector('auth-modal')!.wallets.find((x) => 'connectorType' in x && x.connectorType === 'wallet_connect_v2') as
        { address: string; getEthereumProvider: () => Promise<{ request(a: { method: string }): Promise<unknown> }> } | undefined
      const provider = await w!.getEthereumProvider()
      return { address: w!.address, accounts: await provider.request({ method: 'eth_accounts' }), chainId: await provider.request({ method: 'eth_chainId' }) }
    })
    expect(hostView).toEqual({ address: key.address, accounts: [key.address], chainId: '0x1' })

    // After a reload the session comes back from the SDK's storage, without pairing again.
    await page.reload()
    const restored = await waitForHostEvent(page, 'wallet-connected', { timeout: 30000 })
    expect(restored.detail.wallet).toMatchObject({ address: key.address, connectorType: 'wallet_connect_v2' })

    // Disconnect from the host: the wallet's session ends too.
    const before = await eventCount(page)
    await page.evaluate(async () => {
      const w = document.querySelector('auth-modal')!.wallets.find((x) => 'connectorType' in x && x.connectorType === 'wallet_connect_v2') as {
        disconnect(): Promise<void>
      }
      await w.disconnect()
    })
    await waitForHostEvent(page, 'wallet-disconnected', { after: before })
    await expect.poll(() => wallet.client.session.getAll().length, { timeout: 15000 }).toBe(0)

    // Telemetry, Verify and RPC services of WalletConnect were never called.
    expect(outside.filter((u) => /walletconnect|reown/.test(u))).toEqual([])
    await page.close()
  })

  it("error: the wallet rejects the signature (5000 user rejected) → 'You rejected the request' with Retry; Retry signs in", async () => {
    await createApp('WalletConnect Reject Host')
    const key = newEthereumWallet()
    const wallet = await startNodeWallet(relay.url, key, { projectId: 'gatehouse-e2e' })
    nodeWallets.push(wallet)
    const { page } = await newPage()
    await wallet.pair(await startWalletConnect(page))
    await modal(page).getByRole('button', { name: 'Sign with your wallet' }).waitFor()

    wallet.rejectNext()
    await modal(page).getByRole('button', { name: 'Sign with your wallet' }).click()
    await modal(page).getByRole('heading', { name: 'You rejected the request' }).waitFor({ timeout: 30000 })
    await expectNoAxeViolations(page, 'You rejected the request (signature)')
    await modal(page).getByRole('button', { name: 'Retry' }).click()
    const success = await waitForHostEvent(page, 'auth-success', { timeout: 30000 })
    expect(success.detail.user.linkedAccounts).toEqual([expect.objectContaining({ type: 'wallet', address: key.address })])
    await page.close()
  })

  it("error: the wallet rejects the session proposal → 'You rejected the request'; Retry shows a new code", async () => {
    await createApp('WalletConnect Proposal Host')
    const wallet = await startNodeWallet(relay.url, newEthereumWallet(), { projectId: 'gatehouse-e2e' })
    nodeWallets.push(wallet)
    const { page } = await newPage()
    const first = await startWalletConnect(page)
    wallet.rejectProposal()
    await wallet.pair(first)
    await modal(page).getByRole('heading', { name: 'You rejected the request' }).waitFor({ timeout: 30000 })
    await modal(page).getByRole('button', { name: 'Retry' }).click()
    const second = await pairingUri(page)
    expect(second).not.toBe(first)
    await page.close()
  })

  it('MetaMask over WalletConnect: the signature request waits 2.5 s after connecting', async () => {
    await createApp('WalletConnect MetaMask Host')
    const wallet = await startNodeWallet(relay.url, newEthereumWallet(), { projectId: 'gatehouse-e2e', name: 'MetaMask Wallet' })
    nodeWallets.push(wallet)
    const { page } = await newPage()
    await wallet.pair(await startWalletConnect(page))
    await modal(page).getByRole('button', { name: 'Sign with your wallet' }).click()
    await waitForHostEvent(page, 'auth-success', { timeout: 30000 })
    const signedAt = wallet.requestTimes[wallet.requests.indexOf('personal_sign')]!
    expect(signedAt - wallet.approvedAt()).toBeGreaterThanOrEqual(2400)
    await page.close()
  })

  it('without a project id the list offers no WalletConnect row', async () => {
    await stack.createApp({ name: 'No WalletConnect', loginMethods: { email: true, wallet: true }, walletList: ['metamask', 'wallet_connect'] })
    const { page } = await newPage()
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login-wallet').click()
    await modal(page).locator('[part="wallet-row"]').first().waitFor()
    expect(await modal(page).locator('[part="wallet-row"] .wallet-name').allTextContents()).toEqual(['MetaMask'])
    await page.close()
  })

  it("remote listing: a remote-only wallet is listed and pairs by QR (desktop) or its universal link (phone); 'coinbase' entries are not listed", async () => {
    const listing = await startFakeListing({})
    const entries = {
      r1: {
        id: 'r1',
        name: 'Remote Wallet',
        slug: 'remote-wallet',
        chains: ['eip155:1'],
        image_url: { sm: null, md: null },
        mobile: { native: 'remotewallet:', universal: `${listing.origin}/app/ul` },
      },
      c1: { id: 'c1', name: 'Coinbase Smart Wallet', slug: 'coinbase-smart-wallet', chains: ['eip155:1'], mobile: { native: 'cbwallet:', universal: null } },
    }
    listing.setListings(entries)
    try {
      await stack.createApp({
        name: 'Remote Listing Host',
        loginMethods: { email: true, wallet: true },
        walletList: ['metamask', 'wallet_connect'],
        externalWallets: { walletConnect: { projectId: 'gatehouse-e2e', relayUrl: relay.url, listingUrl: listing.url } },
      })
      const { page } = await newPage()
      await page.goto(`${stack.demoUrl}/`)
      await waitForHostEvent(page, 'auth-ready')
      await page.locator('#login-wallet').click()
      await modal(page)
        .getByRole('button', { name: /Remote Wallet/ })
        .waitFor()
      expect(await modal(page).locator('[part="wallet-row"] .wallet-name').allTextContents()).toEqual(['MetaMask', 'WalletConnect', 'Remote Wallet'])
      expect(listing.requests[0]!.get('projectId')).toBe('gatehouse-e2e')
      await modal(page)
        .getByRole('button', { name: /Remote Wallet/ })
        .click()
      await modal(page).getByRole('heading', { name: 'Scan code to connect to Remote Wallet' }).waitFor()
      await walletConnectQr(page, '[data-screen="wallet-connect-qr"][data-uri^="wc:"]')
      await page.close()

      // On a phone the same row is 'Open or install Remote Wallet'; Continue opens `<universal>/wc?uri=<pairing URI>`.
      const phone = await browser.newContext({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148' })
      const mobile = await phone.newPage()
      await mobile.goto(`${stack.demoUrl}/`)
      await waitForHostEvent(mobile, 'auth-ready')
      await mobile.locator('#login-wallet').click()
      await modal(mobile)
        .getByRole('button', { name: /Remote Wallet/ })
        .click()
      // The pairing first (Retry when the 1.5 s time-out fired on a slow machine), then its screen.
      const uri = (await (await walletConnectQr(mobile, '[data-screen="wallet-connect-redirect"][data-uri^="wc:"]')).getAttribute('data-uri'))!
      await modal(mobile).getByRole('heading', { name: 'Open or install Remote Wallet' }).waitFor()
      await modal(mobile).getByRole('button', { name: 'Continue' }).click()
      await mobile.waitForURL(`${listing.origin}/app/ul/wc?uri=${encodeURIComponent(uri)}`)
      expect(listing.opened).toEqual([`/app/ul/wc?uri=${encodeURIComponent(uri)}`])
      await phone.close()
    } finally {
      await listing.close()
    }
  })
})
