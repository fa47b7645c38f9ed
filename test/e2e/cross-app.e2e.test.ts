/**
 * Cross-app accounts end to end (issue 30): the requester is the demo page (its own origin), the
 * provider's popup pages run on the API origin with the provider's own widget and wallet frame. A
 * provider user logs in to the requester through the popup, the requester sees the cross_app
 * account and the provider wallet, signs and sends through the provider's popup, and the failures
 * the spec names (read-only provider, closed popup, tampered state) are refused with its texts.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startLocalChain, type LocalChain } from '../evm.ts'
import { startStack, type Stack } from '../stack.ts'
import { settled, startTx, txPrompt } from './eth-helpers.ts'
// @ts-expect-error plain ES modules shared with `npm start`
import { startScratchServer } from '../../scripts/lib/server-process.mjs'
// @ts-expect-error plain ES module
import { ensureServerBundle } from '../../scripts/lib/server-bundle.mjs'
import { modal, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'
import { expectCounted, expectSpecShape, sentEvents, sentNamed, type SentEvent } from './analytics-helpers.ts'

const RECIPIENT = '0x000000000000000000000000000000000000bEEF'
const MESSAGE = 'Hello from the requester'

type Outcome = { ok?: any; err?: { code: string; message: string } }

/** Starts a host call that opens the provider's popup; resolves with the popup once it shows the provider's page. */
async function withPopup(context: BrowserContext, page: Page, script: string): Promise<Page> {
  const opened = context.waitForEvent('page')
  await startTx(page, script)
  const popup = await opened
  // It opens blank in the click's task, then goes to the provider's page.
  await popup.waitForURL(/\/(cross-app\/connect|oauth\/transact)/)
  return popup
}

describe('cross-app login and wallet through the provider popup', () => {
  let stack: Stack
  let browser: Browser
  let chain: LocalChain
  let context: BrowserContext
  let page: Page
  let provider: string
  let requester: string
  let address: string
  /** The analytics events the requester's page sent (spec part 3 §7: cross_app_request started, success, error). */
  let sent: SentEvent[]
  const crossAppRequests = () => sentNamed(sent, requester, 'cross_app_request').map((e) => e.payload)
  const localChain = () => [{ id: 31337, name: 'Local chain', rpcUrl: chain.url }]

  beforeAll(async () => {
    ;[stack, browser, chain] = await Promise.all([startStack(), launchBrowser(), startLocalChain()])
    ;({ id: provider } = await stack.createApp({
      name: 'Provider Wallet',
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
      chains: localChain(),
      defaultChain: 31337,
    }))
    // Created last: the demo pages (the requester) use it.
    ;({ id: requester } = await stack.createApp({ name: 'Requester Dapp', chains: localChain(), defaultChain: 31337 }))
    await stack.patchApp(provider, { crossAppProvider: { allowedRequesterAppIds: [requester] } })
    context = await browser.newContext()
    sent = sentEvents(context)
    page = await context.newPage()
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    await chain?.close()
  })

  it('logs in with the provider account: popup login, wallet creation and consent; the requester holds the cross_app account', async () => {
    const email = 'xa.owner@example.com'
    const popup = await withPopup(context, page, `modal.loginWithCrossAppAccount({ appId: '${provider}' })`)
    expect(new URL(popup.url()).origin).toBe(new URL(stack.apiUrl).origin)
    expect(new URL(popup.url()).pathname).toBe(`/apps/${provider}/cross-app/connect`)
    expect(popup.viewportSize()).toEqual({ width: 440, height: 680 })
    // The requester's modal says what is going on while the popup is open.
    await modal(page).getByText('Connecting to Provider Wallet').waitFor()
    await submitEmail(popup, email)
    await typeCode(popup, await stack.nextCode(email))
    await popup.getByText('Requester Dapp wants to use your account and wallet').waitFor({ timeout: 60000 })
    await popup.getByRole('button', { name: 'Connect' }).click()
    const outcome = (await settled(page)) as Outcome
    expect(outcome.err).toBeUndefined()
    const user = outcome.ok
    const account = user.linkedAccounts.find((a: { type: string }) => a.type === 'cross_app')
    expect(account.providerApp.id).toBe(provider)
    expect(account.smartWallets).toEqual([])
    expect(account.embeddedWallets).toHaveLength(1)
    address = account.embeddedWallets[0].address
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await modal(page).getByText('Successfully connected with Provider Wallet').waitFor()
    await waitForHostEvent(page, 'modal-close')
    await expect.poll(() => popup.isClosed()).toBe(true)
  })

  it("signs a message with the provider's wallet in the provider's popup; the signature is the provider wallet's", async () => {
    const popup = await withPopup(context, page, `modal.signMessage({ message: '${MESSAGE}', address: '${address}' })`)
    expect(new URL(popup.url()).pathname).toBe('/oauth/transact')
    await txPrompt(popup).getByRole('button', { name: 'Sign and continue' }).click({ timeout: 60000 })
    const outcome = (await settled(page)) as Outcome
    expect(outcome.err).toBeUndefined()
    expect(await verifyMessage({ address: address as `0x${string}`, message: MESSAGE, signature: outcome.ok.signature })).toBe(true)
    await expectCounted(stack, requester, { cross_app_request: 2 })
    expect(crossAppRequests()).toEqual([
      { status: 'started', method: 'personal_sign', providerAppId: provider, clientTimestamp: expect.any(String) },
      { status: 'success', method: 'personal_sign', providerAppId: provider, clientTimestamp: expect.any(String) },
    ])
    for (const event of sentNamed(sent, requester, 'cross_app_request')) expectSpecShape(event)
  })

  it('sends a transaction on the local chain through the provider popup; the receipt is on chain', async () => {
    await chain.request('hardhat_setBalance', [address, '0xde0b6b3a7640000'])
    const popup = await withPopup(context, page, `modal.sendTransaction({ to: '${RECIPIENT}', value: 10n ** 15n, chainId: 31337 }, { address: '${address}' })`)
    await txPrompt(popup).getByRole('button', { name: 'Approve' }).click({ timeout: 60000 })
    const outcome = (await settled(page)) as Outcome
    expect(outcome.err).toBeUndefined()
    const receipt = (await chain.request('eth_getTransactionReceipt', [outcome.ok.hash])) as { status: string; from: string }
    expect(receipt.status).toBe('0x1')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    await expectCounted(stack, requester, { cross_app_request: 4 })
    expect(crossAppRequests().slice(2)).toMatchObject([
      { status: 'started', method: 'eth_sendTransaction' },
      { status: 'success', method: 'eth_sendTransaction' },
    ])
  })

  it("closing the popup rejects with 'User rejected request'", async () => {
    const popup = await withPopup(context, page, `modal.signMessage({ message: 'never', address: '${address}' })`)
    await popup.close()
    const outcome = (await settled(page)) as Outcome
    expect(outcome.err?.message).toContain('User rejected request')
    await expectCounted(stack, requester, { cross_app_request: 6 })
    expect(crossAppRequests().slice(4)).toMatchObject([
      { status: 'started', method: 'personal_sign', providerAppId: provider },
      { status: 'error', method: 'personal_sign', providerAppId: provider, error: expect.stringContaining('User rejected request') },
    ])
  })

  it('a state that differs from ours is refused as a possible phishing attempt', async () => {
    const popup = await withPopup(context, page, `modal.linkCrossAppAccount({ appId: '${provider}' })`)
    await popup.evaluate(() => window.opener.postMessage({ type: 'gatehouse:cross-app:connect', state: 'tampered', code: 'x'.repeat(40) }, '*'))
    const outcome = (await settled(page)) as Outcome
    expect(outcome.err?.message).toContain('Unexpected auth flow. This may be a phishing attempt.')
    await modal(page).getByText('Authentication failed').waitFor()
    await modal(page).getByText('Unexpected auth flow. This may be a phishing attempt.').waitFor()
    await page.evaluate(() => (document.querySelector('auth-modal') as any).close())
  })

  it("a read-only provider refuses transactions with 'Cannot transact against a read-only provider app'", async () => {
    await stack.patchApp(provider, { crossAppProvider: { allowedRequesterAppIds: [requester], readOnly: true } })
    await startTx(page, `modal.sendTransaction({ to: '${RECIPIENT}', value: 1n, chainId: 31337 }, { address: '${address}' })`)
    const outcome = (await settled(page)) as Outcome
    expect(outcome.err?.message).toContain('Cannot transact against a read-only provider app')
    // Refused before the popup goes to the provider: an error without a start.
    await expectCounted(stack, requester, { cross_app_request: 7 })
    expect(crossAppRequests().slice(6)).toMatchObject([
      { status: 'error', method: 'eth_sendTransaction', error: 'Cannot transact against a read-only provider app' },
    ])
  })
})

describe('cross-app against a provider on a second server process with its own database', () => {
  let stack: Stack
  let browser: Browser
  let remote: {
    base: string
    stop(): Promise<void>
    createApp(config: object): Promise<{ id: string }>
    patchApp(id: string, config: object): Promise<unknown>
  }
  let context: BrowserContext
  let page: Page
  let provider: string
  let requester: string

  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
    // The provider's own server: its own SQLite file, its own keys; its mail goes to the same sink.
    remote = await startScratchServer({ entry: await ensureServerBundle(), exitWithParent: true, env: { SMTP_URL: stack.smtp.url } })
    ;({ id: provider } = await remote.createApp({ name: 'Far Wallet', embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } } }))
    ;({ id: requester } = await stack.createApp({
      name: 'Far Requester',
      crossAppConnections: [{ providerAppId: provider, apiUrl: remote.base, name: 'Far Wallet' }],
    }))
    await remote.patchApp(provider, { crossAppProvider: { allowedRequesterAppIds: [requester] } })
    context = await browser.newContext()
    page = await context.newPage()
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
  })
  afterAll(async () => {
    await browser?.close()
    await remote?.stop()
    await stack?.stop()
  })

  it("logs in through the other server's popup and signs with its wallet (token checked with that server's JWKS)", async () => {
    const email = 'xa.far@example.com'
    const popup = await withPopup(context, page, `modal.loginWithCrossAppAccount({ appId: '${provider}' })`)
    expect(new URL(popup.url()).origin).toBe(new URL(remote.base).origin)
    await submitEmail(popup, email)
    await typeCode(popup, await stack.nextCode(email))
    // The provider's server does not know a requester of another server by name: it shows the id.
    await popup.getByText(`App ${requester} wants to use your account and wallet`).waitFor({ timeout: 60000 })
    await popup.getByRole('button', { name: 'Connect' }).click()
    const outcome = (await settled(page)) as Outcome
    expect(outcome.err).toBeUndefined()
    const account = outcome.ok.linkedAccounts.find((a: { type: string }) => a.type === 'cross_app')
    expect(account.providerApp.id).toBe(provider)
    const address = account.embeddedWallets[0].address as `0x${string}`

    const signing = await withPopup(context, page, `modal.signMessage({ message: '${MESSAGE}', address: '${address}' })`)
    expect(new URL(signing.url()).origin).toBe(new URL(remote.base).origin)
    await txPrompt(signing).getByRole('button', { name: 'Sign and continue' }).click({ timeout: 60000 })
    const signed = (await settled(page)) as Outcome
    expect(signed.err).toBeUndefined()
    expect(await verifyMessage({ address, message: MESSAGE, signature: signed.ok.signature })).toBe(true)
  })
})
