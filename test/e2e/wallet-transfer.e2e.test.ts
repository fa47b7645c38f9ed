/**
 * Wallet transfer end to end: a wallet that signed up on its own is linked by an e-mail user; the
 * transfer screen offers it, 'Transfer and delete account' moves it with the connection's wallet
 * metadata, and the wallet's old user is gone.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { injectEthereumWallet, newEthereumWallet, type TestEthereumWallet } from '../wallets.ts'
import { modal, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'

describe('wallet transfer through the demo page', () => {
  let stack: Stack
  let browser: Browser
  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
    await stack.createApp({ name: 'Wallet Transfer Host', loginMethods: { email: true, wallet: true } })
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  const walletSignUp = async (wallet: TestEthereumWallet) => {
    const page = await browser.newPage()
    await injectEthereumWallet(page, wallet)
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login-wallet').click()
    await modal(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await modal(page).getByRole('button', { name: 'Sign with your wallet' }).click()
    const success = await waitForHostEvent(page, 'auth-success')
    await page.close()
    return success.detail.user.id as string
  }
  const emailUserLinking = async (wallet: TestEthereumWallet, email: string): Promise<{ page: Page; userId: string }> => {
    const page = await browser.newPage()
    await injectEthereumWallet(page, wallet)
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login').click()
    await submitEmail(page, email)
    await typeCode(page, await stack.nextCode(email))
    const login = await waitForHostEvent(page, 'auth-success')
    await waitForHostEvent(page, 'modal-close')
    await page.evaluate("import('/dist/gatehouse.js').then((gatehouse) => gatehouse.linkWallet())")
    await modal(page).getByRole('heading', { name: 'Connect wallet' }).waitFor()
    await modal(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await modal(page).getByRole('button', { name: 'Sign with your wallet' }).click()
    await modal(page).getByText(`${wallet.address} is associated with another account`).waitFor()
    return { page, userId: login.detail.user.id }
  }

  it('linking a wallet of another user offers the transfer; transferring moves it with its metadata', async () => {
    const wallet = newEthereumWallet()
    const previousUserId = await walletSignUp(wallet)
    const { page, userId } = await emailUserLinking(wallet, 'wallet-taker@example.com')

    await modal(page).getByRole('button', { name: 'Transfer and delete account' }).click()
    await modal(page).getByText('Success!').waitFor()
    const linked = await waitForHostEvent(page, 'link-success')
    expect(linked.detail.linkMethod).toBe('siwe')
    await waitForHostEvent(page, 'modal-close')
    const accounts = await page.evaluate(() => document.querySelector('auth-modal')!.user!.linkedAccounts)
    expect(accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'wallet', address: wallet.address, chainId: 'eip155:1', walletClientType: 'test', connectorType: 'injected' }),
      ]),
    )
    await page.close()

    // The wallet now logs in to the e-mail user; its old user is gone.
    const next = await walletSignUp(wallet)
    expect(next).toBe(userId)
    expect(next).not.toBe(previousUserId)
  })

  it('error: "No thanks" keeps the wallet where it was', async () => {
    const wallet = newEthereumWallet()
    const owner = await walletSignUp(wallet)
    const { page, userId } = await emailUserLinking(wallet, 'wallet-decliner@example.com')
    await modal(page).getByRole('button', { name: 'No thanks' }).click()
    await waitForHostEvent(page, 'modal-close')
    expect(await page.evaluate(() => document.querySelector('auth-modal')!.user!.linkedAccounts.map((a) => a.type))).toEqual(['email'])
    await page.close()
    expect(await walletSignUp(wallet)).toBe(owner)
    expect(owner).not.toBe(userId)
  })
})
