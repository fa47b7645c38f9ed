/**
 * Look and motion in the built widget (dist/) against the real server: the login methods' marks
 * arrive in a chunk of their own after the landing paints, each wallet shows its own icon (its
 * EIP-6963 announcement, else its registry image, else WalletConnect's or a neutral wallet mark),
 * header controls are named icons, and the dialog animates in unless the user asks for reduced
 * motion. axe finds nothing on these screens.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { startFakeListing, type FakeListing } from '../walletconnect-listing.ts'
import { startFakeRelay, type FakeRelay } from '../walletconnect-relay.ts'
import { injectEthereumWallet, newEthereumWallet } from '../wallets.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { modal, waitForHostEvent } from './helpers.ts'

describe('look and motion', () => {
  let stack: Stack
  let browser: Browser
  let relay: FakeRelay
  let listing: FakeListing
  beforeAll(async () => {
    ;[stack, browser, relay, listing] = await Promise.all([startStack(), launchBrowser(), startFakeRelay(), startFakeListing({})])
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    await relay?.close()
    await listing?.close()
  })

  const openLanding = async (page: Page) => {
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login').click()
    await modal(page).locator('[data-screen="landing"]').waitFor()
  }

  it('the landing paints, then its marks fill in from their own chunk; buttons keep their names; header icons are named', async () => {
    await stack.createApp({ loginMethods: { email: true, google: true, apple: true, github: true, discord: true, passkey: true } })
    const page = await browser.newPage()
    const chunks: string[] = []
    page.on('request', (request) => request.url().includes('/chunks/') && chunks.push(request.url()))
    await openLanding(page)
    const google = modal(page).getByRole('button', { name: 'Google', exact: true })
    await google.locator('.icon svg[aria-hidden="true"]').waitFor()
    expect(chunks.some((url) => /\/chunks\/methodIcons-[\w-]+\.js$/.test(url))).toBe(true)
    expect(await google.locator('.icon').boundingBox()).toMatchObject({ width: 20, height: 20 })
    await modal(page).locator('form.email .icon svg').waitFor()
    const close = modal(page).getByRole('button', { name: 'Close' })
    expect(await close.locator('svg[aria-hidden="true"]').count()).toBe(1)
    expect((await close.textContent())!.trim()).toBe('')
    await expectNoAxeViolations(page, 'landing with marks')
    await modal(page).getByRole('button', { name: 'More options' }).click()
    await modal(page).getByRole('button', { name: 'Back' }).locator('svg').waitFor()
    await modal(page).getByRole('button', { name: 'I have a passkey' }).locator('.icon svg').waitFor()
    await expectNoAxeViolations(page, 'overflow with marks')
    await page.close()
  })

  it("wallets show their announced icon, their registry image, WalletConnect's mark, or a neutral wallet mark", async () => {
    listing.setListings({
      r1: {
        id: 'r1',
        name: 'Pictured Wallet',
        slug: 'pictured-wallet',
        chains: ['eip155:1'],
        image_url: { sm: `${listing.origin}/img/pictured.svg`, md: null },
        mobile: { native: 'pictured:', universal: null },
      },
      r2: {
        id: 'r2',
        name: 'Broken Image Wallet',
        slug: 'broken-image-wallet',
        chains: ['eip155:1'],
        image_url: { sm: `${listing.origin}/img-missing/broken.png`, md: null },
        mobile: { native: 'broken:', universal: null },
      },
    })
    await stack.createApp({
      loginMethods: { email: true, wallet: true },
      walletList: ['detected_wallets', 'rainbow', 'wallet_connect'],
      externalWallets: { walletConnect: { projectId: 'gatehouse-e2e', relayUrl: relay.url, listingUrl: listing.url } },
    })
    const page = await browser.newPage()
    await injectEthereumWallet(page, newEthereumWallet(), { name: 'Announced Wallet' })
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login-wallet').click()
    const row = (name: string) => modal(page).getByRole('button', { name: new RegExp(name) })
    await row('Pictured Wallet').waitFor()

    // Announced (EIP-6963 info.icon, a data URI).
    const announced = row('Announced Wallet').locator('img[part="wallet-icon"]')
    expect(await announced.getAttribute('src')).toMatch(/^data:image\//)
    // The registry's image, loaded.
    const pictured = row('Pictured Wallet').locator('img[part="wallet-icon"]')
    expect(await pictured.getAttribute('src')).toBe(`${listing.origin}/img/pictured.svg`)
    await page.waitForFunction(() =>
      [...document.querySelector('auth-modal')!.shadowRoot!.querySelectorAll<HTMLImageElement>('img[part="wallet-icon"]')].some(
        (img) => img.src.endsWith('/img/pictured.svg') && img.complete && img.naturalWidth > 0,
      ),
    )
    // No image of its own, or one that does not load: a mark, never a blank box or a broken image.
    await row('Broken Image Wallet').locator('[part="wallet-icon"][data-mark="wallet"] svg').waitFor()
    expect(await row('Rainbow').locator('[part="wallet-icon"][data-mark="wallet"] svg[aria-hidden="true"]').count()).toBe(1)
    expect(await row('WalletConnect').locator('[part="wallet-icon"][data-mark="walletconnect"] svg').count()).toBe(1)
    // The rows' names are the wallets', not their icons'.
    expect(await modal(page).getByRole('button', { name: 'Rainbow', exact: true }).count()).toBe(1)
    // A row under the pointer takes the theme's hover fill.
    const rainbow = modal(page).getByRole('button', { name: 'Rainbow', exact: true })
    const idle = await rainbow.evaluate((el) => getComputedStyle(el).backgroundColor)
    await rainbow.hover()
    await page.waitForFunction((before) => {
      const row = [...document.querySelector('auth-modal')!.shadowRoot!.querySelectorAll('[part="wallet-row"]')].find((r) => r.textContent === 'Rainbow')!
      return getComputedStyle(row).backgroundColor !== before
    }, idle)
    await expectNoAxeViolations(page, 'wallet list with icons')
    await page.close()
  })

  it('the dialog animates in, and not at all under prefers-reduced-motion', async () => {
    await stack.createApp({ loginMethods: { email: true, google: true } })
    const animationsOnOpen = async (page: Page) => {
      await page.goto(`${stack.demoUrl}/`)
      await waitForHostEvent(page, 'auth-ready')
      // Records the dialog's animations as it appears, before they end.
      await page.evaluate(() => {
        const host = document.querySelector('auth-modal')!
        ;(window as any).__dialogAnimations = new Promise<string[]>((resolve) => {
          const observer = new MutationObserver(() => {
            const dialog = host.shadowRoot!.querySelector<HTMLElement>('[part="dialog"]')
            if (!dialog) return
            observer.disconnect()
            resolve(dialog.getAnimations().map((a) => (a as CSSAnimation).animationName))
          })
          observer.observe(host.shadowRoot!, { childList: true, subtree: true })
        })
      })
      await page.locator('#login').click()
      return page.evaluate(() => (window as any).__dialogAnimations as Promise<string[]>)
    }
    const moving = await browser.newPage({ reducedMotion: 'no-preference' })
    expect(await animationsOnOpen(moving)).toContain('gh-dialog-in')
    await moving.close()
    const still = await browser.newPage({ reducedMotion: 'reduce' })
    expect(await animationsOnOpen(still)).toEqual([])
    await still.close()
  })
})
