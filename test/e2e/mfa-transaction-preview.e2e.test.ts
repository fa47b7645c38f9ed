/**
 * Spec part 2 §2 MFA: "'txn' (opened when the wallet calls for MFA …); a pending transaction preview
 * shows beneath". A TOTP-enrolled user sends a transaction: after Approve the code screen shows the
 * pending transaction ('Transaction', 'To <address>'); the code lets it through to the chain. The
 * 'auth' flow (`verifyMfa()`) shows no preview, even while a transaction waits on its screen.
 */
import { Secret, TOTP } from 'otpauth'
import type { Browser, Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startLocalChain, type LocalChain } from '../evm.ts'
import { startStack, type Stack } from '../stack.ts'
import { eventCount, modal, typeCode, waitForHostEvent } from './helpers.ts'
import { fundWallet, settled, startTx, txPrompt } from './eth-helpers.ts'
import { login } from './wallet-helpers.ts'

const RECIPIENT = '0x000000000000000000000000000000000000bEEF'
const STEP_MS = 30_000
const codeAt = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offset * STEP_MS })

describe('MFA: the pending transaction preview', () => {
  let stack: Stack
  let browser: Browser
  let chain: LocalChain
  let page: Page
  let secret: string

  beforeAll(async () => {
    ;[stack, browser, chain] = await Promise.all([startStack(), launchBrowser(), startLocalChain()])
    await stack.createApp({
      name: 'MFA Tx App',
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
      chains: [{ id: 31337, name: 'Local chain', rpcUrl: chain.url }],
      defaultChain: 31337,
    })
    page = await (await browser.newContext()).newPage()
    await login(page, stack, 'mfa.tx@example.com')
    const created = await waitForHostEvent(page, 'wallet-created', { timeout: 60000 })
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    await fundWallet(chain, privateKeyToAccount(chain.deployerKey).address, created.detail.wallet.address, 10n ** 18n)

    // Enroll an authenticator app through the screens, from the setup key shown.
    void page.evaluate(() => (document.querySelector('auth-modal') as any).showMfaEnrollmentModal()).catch(() => {})
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    await modal(page).getByRole('button', { name: 'Authenticator app' }).click()
    await modal(page).getByText('Scan QR code').waitFor({ timeout: 30000 })
    secret = (await modal(page).locator('[data-setup-key]').textContent())!.trim()
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    await modal(page).getByText('Enter enrollment code').waitFor()
    const after = await eventCount(page)
    await typeCode(page, codeAt(secret))
    await waitForHostEvent(page, 'mfa-enrolled', { after, timeout: 30000 })
    await page.evaluate(() => (document.querySelector('auth-modal') as any).close())
    await waitForHostEvent(page, 'modal-close', { after })
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    await chain?.close()
  })

  it("after Approve, the code screen shows the pending transaction beneath: 'Transaction', 'To <recipient>'; the code sends it", async () => {
    await startTx(page, `modal.sendTransaction({ to: '${RECIPIENT}', value: 12345n })`)
    await txPrompt(page).getByRole('button', { name: 'Approve' }).click({ timeout: 30000 })
    await modal(page).getByText('Enter verification code').waitFor({ timeout: 30000 })
    const preview = modal(page).locator('[part~="mfa-preview"]')
    await preview.waitFor()
    expect(await preview.getAttribute('data-preview')).toBe('transaction')
    expect(await preview.locator('strong').textContent()).toBe('Transaction')
    await preview.getByText(`To ${RECIPIENT}`, { exact: true }).waitFor()
    await preview.getByText('Value 12345', { exact: true }).waitFor()
    // The code screen comes before the preview (the preview shows beneath the code boxes).
    const order = await modal(page).evaluate((host) => {
      const root = host.shadowRoot!
      const box = root.querySelector('input[aria-label="Digit 1"]')!
      return box.compareDocumentPosition(root.querySelector('[part~="mfa-preview"]')!) & Node.DOCUMENT_POSITION_FOLLOWING
    })
    expect(order).toBeTruthy()
    // The next step's code (the enrollment used this one).
    await typeCode(page, codeAt(secret, 1))
    await txPrompt(page).getByText('Transaction complete!').waitFor({ timeout: 60000 })
    const { hash } = (await settled(page)).ok as { hash: string }
    expect(((await chain.request('eth_getTransactionReceipt', [hash])) as { status: string; to: string }).to).toBe(RECIPIENT.toLowerCase())
    await txPrompt(page).getByRole('button', { name: 'All Done' }).click()
  })

  it("the 'auth' flow (verifyMfa) shows no preview, even with a transaction waiting on its confirmation screen", async () => {
    await startTx(page, `modal.sendTransaction({ to: '${RECIPIENT}', value: 7n })`)
    await txPrompt(page).getByRole('button', { name: 'Approve' }).waitFor({ timeout: 30000 })
    void page.evaluate(() => (document.querySelector('auth-modal') as any).verifyMfa().catch(() => {})).catch(() => {})
    await modal(page).getByText('Enter verification code').waitFor({ timeout: 30000 })
    await modal(page).getByRole('textbox', { name: 'Digit 1' }).waitFor()
    expect(await modal(page).locator('[part~="mfa-preview"]').count()).toBe(0)
    await page.evaluate(() => (document.querySelector('auth-modal') as any).close())
    await modal(page).getByText('Enter verification code').waitFor({ state: 'detached' })
    await txPrompt(page).getByRole('button', { name: 'Not now' }).click()
    expect((await settled(page)).err).toMatchObject({ code: 4001 })
  })
})
