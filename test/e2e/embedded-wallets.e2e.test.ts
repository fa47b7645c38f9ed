/**
 * Embedded wallets end to end: the demo page in Chromium, the real server (SQLite), the wallet
 * frame on the API origin. Creation at login, `<sign-prompt>` signatures checked with viem and
 * ed25519, recovery on a second browser context (a new device), export, and a record of every
 * message and storage write on the host origin that must never hold key material.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import type { Browser } from 'playwright-core'
import { verifyMessage, verifyTypedData } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { eventCount, modal, waitForHostEvent } from './helpers.ts'
import { collectLeaks, login, prompt, recordLeaks, signThroughPrompt, walletFrame, wallets } from './wallet-helpers.ts'

const MESSAGE = 'Hello from the Gatehouse demo'

describe('embedded wallets through the demo page', () => {
  let stack: Stack
  let browser: Browser
  const email = 'wallet.owner@example.com'
  let created: { address: string; chainType: string }[] = []

  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
    await stack.createApp({
      name: 'Wallet Demo',
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' }, solana: { createOnLogin: 'users-without-wallets' } },
    })
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  it('creates an Ethereum and a Solana wallet at first login, signs with <sign-prompt>, exports, and leaks nothing to the host', async () => {
    const context = await browser.newContext()
    await recordLeaks(context)
    const page = await context.newPage()
    const success = await login(page, stack, email)
    expect(success.detail.isNewUser).toBe(true)
    await modal(page).getByText('Welcome to Wallet Demo').waitFor({ timeout: 30000 })
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    created = await wallets(page)
    expect(created).toEqual([
      expect.objectContaining({ chainType: 'ethereum', walletIndex: 0, recoveryMethod: 'privy' }),
      expect.objectContaining({ chainType: 'solana', walletIndex: 0, recoveryMethod: 'privy' }),
    ])
    const [eth, sol] = created
    const events = await page.evaluate(() => window.gatehouseEvents.filter((e) => e.type === 'wallet-created').map((e) => e.detail.wallet.address))
    expect(events).toEqual([eth.address, sol.address])
    await expect.poll(() => page.locator('#wallets li').count()).toBe(2)

    // personal_sign through the prompt: its texts, the decoded message, and a signature viem accepts.
    let before = await eventCount(page)
    await page.locator('#sign').click()
    await prompt(page).getByText('Sign message').waitFor()
    await prompt(page).getByText('Signing this message will not cost you any fees.').waitFor()
    await prompt(page).getByText(MESSAGE).waitFor()
    await prompt(page).getByRole('button', { name: 'Sign and continue' }).click()
    await prompt(page).getByRole('button', { name: 'Success' }).waitFor()
    const signed = (await waitForHostEvent(page, 'sign-success', { after: before })).detail
    expect(await verifyMessage({ address: eth.address as `0x${string}`, message: MESSAGE, signature: signed.signature })).toBe(true)
    await prompt(page).getByRole('button', { name: 'Success' }).waitFor({ state: 'detached' })

    // eth_signTypedData_v4: the structured view, then a signature verifyTypedData accepts.
    before = await eventCount(page)
    await page.locator('#sign-typed').click()
    await prompt(page).getByText('Hello, typed world').waitFor()
    // A field table, never raw JSON: the domain, the primary type, the message's fields; the address shortened, with copy.
    const table = prompt(page).locator('[part="typed-data"]')
    const field = (name: string) => table.locator(`[data-field="${name}"]`)
    expect(await field('name').textContent()).toBe('nameGatehouse Demo')
    expect(await field('chainId').textContent()).toBe('chainId1')
    expect(await field('primaryType').textContent()).toBe('Primary typeMail')
    expect(await field('from').textContent()).toBe('fromAda')
    expect(await field('verifyingContract').locator('code').textContent()).toBe('0xCcCC…cccC')
    await field('verifyingContract').getByRole('button', { name: 'Copy address 0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' }).waitFor()
    expect(await prompt(page).locator('pre').count()).toBe(0)
    await expectNoAxeViolations(page, 'typed data field table', 'sign-prompt')
    await prompt(page).getByRole('button', { name: 'Sign and continue' }).click()
    const typed = (await waitForHostEvent(page, 'sign-success', { after: before })).detail
    const typedData = await page.evaluate(() => (window as any).demoTypedData)
    const { EIP712Domain: _domain, ...types } = typedData.types
    expect(
      await verifyTypedData({
        address: eth.address as `0x${string}`,
        domain: typedData.domain,
        types,
        primaryType: 'Mail',
        message: typedData.message,
        signature: typed.signature,
      }),
    ).toBe(true)
    await prompt(page).getByRole('button', { name: 'Success' }).waitFor({ state: 'detached' })

    // Solana: ed25519 over the message bytes.
    before = await eventCount(page)
    const solana = await signThroughPrompt(page, '#sign-solana', before)
    expect(ed25519.verify(base64.decode(solana.signature), new TextEncoder().encode(MESSAGE), base58.decode(sol.address))).toBe(true)
    await prompt(page).getByRole('button', { name: 'Success' }).waitFor({ state: 'detached' })

    // 'Not now' declines: sign-error, no signature.
    before = await eventCount(page)
    await page.locator('#sign').click()
    await prompt(page).getByRole('button', { name: 'Not now' }).click()
    const declined = (await waitForHostEvent(page, 'sign-error', { after: before })).detail
    expect(declined.code).toBe('USER_REJECTED')

    // Export: the warning in the modal, the key only inside the API-origin frame.
    await page.locator('#export').click()
    await modal(page).getByText('Never share your private key or seed phrase with anyone.').waitFor({ timeout: 15000 })
    await modal(page).getByRole('link', { name: 'Learn more' }).waitFor()
    // A 44 px row of copy buttons (spec part 3 §9); the secrets go to the clipboard from inside the frame.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const exportFrame = page.frameLocator('auth-modal iframe[title="Exported key"]')
    await exportFrame.getByRole('button', { name: 'Copy key' }).click({ timeout: 30000 })
    await exportFrame.getByRole('button', { name: 'Copied' }).waitFor()
    const privateKey = await page.evaluate(() => navigator.clipboard.readText())
    expect(privateKeyToAccount(privateKey as `0x${string}`).address).toBe(eth.address)
    await exportFrame.getByRole('button', { name: 'Copy phrase' }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toBe(privateKey)
    const phrase = await page.evaluate(() => navigator.clipboard.readText())
    expect(mnemonicToAccount(phrase).address).toBe(eth.address)
    expect((await modal(page).locator('iframe[title="Exported key"]').boundingBox())!.height).toBe(44)
    const exportPage = page.frames().find((f) => f.url().includes('/embedded-wallets/export'))!
    // Never rendered as text in the frame either: only the buttons are there.
    const frameHtml = await exportPage.evaluate(() => document.documentElement.outerHTML)
    for (const secret of [privateKey.slice(2), phrase]) expect(frameHtml).not.toContain(secret)
    // The unified URL (spec part 3 §7): the wallet by id, and the modal's theme colours, which the page paints with.
    const exportUrl = new URL(exportPage.url())
    expect(exportUrl.origin).toBe(stack.apiUrl)
    const walletId = await page.evaluate(
      (address) => String(document.querySelector('auth-modal')!.user!.linkedAccounts.find((a) => 'address' in a && a.address === address)!.id),
      eth.address,
    )
    expect(Object.fromEntries(exportUrl.searchParams)).toEqual({
      v: '1',
      wallet_id: walletId,
      client_id: expect.any(String),
      width: '320',
      caid: expect.any(String),
      phrase_export: 'true',
      background: '#ffffff',
      foreground: '#040217',
      accent: '#676FFF',
      accent_foreground: '#ffffff',
      border: '#e2e3f0',
    })
    // The frame's buttons are filled like the modal's primary buttons: the accent darkened for AA contrast.
    const primaryFill = await page.evaluate(() => {
      const button = document.createElement('button')
      button.className = 'primary-button'
      document.querySelector('auth-modal')!.shadowRoot!.querySelector('.dialog')!.append(button)
      const fill = getComputedStyle(button).backgroundColor
      button.remove()
      return fill
    })
    expect(primaryFill).not.toBe('rgb(103, 111, 255)')
    expect(await exportFrame.getByRole('button', { name: 'Copy phrase' }).evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(primaryFill)

    // error: the page exports only the wallet its URL names: a message naming another one is refused.
    const refused = await page.evaluate(
      async ({ url, address }) => {
        const modalEl = document.querySelector('auth-modal')!
        const account = modalEl.user!.linkedAccounts.find((a) => 'address' in a && a.address === address) as unknown as Record<string, unknown>
        const wallet = { entropyId: account.entropyId, chainType: 'ethereum', walletIndex: 0, imported: false, address }
        const frameUrl = new URL(url)
        frameUrl.searchParams.set('wallet_id', 'some-other-wallet')
        const iframe = Object.assign(document.createElement('iframe'), { src: frameUrl.href })
        const loaded = new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }))
        document.body.append(iframe)
        await loaded
        const reply = new Promise<{ ok: boolean; error?: { type: string } }>((resolve) =>
          window.addEventListener('message', (e) => e.source === iframe.contentWindow && resolve(e.data)),
        )
        const payload = { accessToken: await modalEl.getAccessToken(), wallet, walletId: String(account.id) }
        iframe.contentWindow!.postMessage({ tag: 'gatehouse-wallet', id: 'mismatch', type: 'export:show', payload }, frameUrl.origin)
        const answer = await reply
        iframe.remove()
        return answer
      },
      { url: exportUrl.href, address: eth.address },
    )
    expect(refused).toMatchObject({ ok: false, error: { type: 'invalid_request_arguments' } })

    // Nothing secret crossed to the host origin: no private key, seed phrase or share.
    const deviceShare = await walletFrame(page).evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.includes(':device-share:'))!
      return JSON.parse(localStorage.getItem(key)!).share as string
    })
    const { host, frames } = await collectLeaks(page)
    expect(host).toContain('signature') // the recorder saw the frame's replies
    expect(frames).toContain('wallets:rpc')
    for (const secret of [privateKey, privateKey.slice(2), phrase, deviceShare]) {
      expect(host).not.toContain(secret)
      expect(frames).not.toContain(secret)
    }
    await context.close()
  })

  it('recovers the same wallets on a new device through automatic recovery', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const success = await login(page, stack, email)
    expect(success.detail.isNewUser).toBe(false)
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    expect((await wallets(page)).map((w) => w.address)).toEqual(created.map((w) => w.address))
    // The device has no share yet: signing recovers without a PIN, then signs with the same key.
    const signed = await signThroughPrompt(page, '#sign', await eventCount(page))
    expect(await verifyMessage({ address: created[0].address as `0x${string}`, message: MESSAGE, signature: signed.signature as `0x${string}` })).toBe(true)
    await prompt(page).getByRole('button', { name: 'Success' }).waitFor({ state: 'detached' })
    const solana = await signThroughPrompt(page, '#sign-solana', await eventCount(page))
    expect(ed25519.verify(base64.decode(solana.signature), new TextEncoder().encode(MESSAGE), base58.decode(created[1].address))).toBe(true)
    // The owner hears of the new device by e-mail.
    const notice = await stack.smtp.nextMessage(email, 15000, (m) => m.subject.includes('new device'))
    expect(notice.subject).toBe('Your Wallet Demo wallet was opened on a new device')
    await context.close()
  })
})
