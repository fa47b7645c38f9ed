/**
 * Sign In With Farcaster end to end: the demo page in Chromium against the real server, whose
 * custody checks read an IdRegistry deployed on a local EDR chain over JSON-RPC. The test plays
 * the user's Farcaster client: it reads the connect URI the QR code encodes, signs the SIWF
 * message with the fid's custody key and posts it to the server's relay route.
 */
import type { Browser, Page } from 'playwright-core'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { qrDataUrl } from '../../src/farcaster/qr.ts'
import { launchBrowser } from '../browser.ts'
import { startLocalChain, type LocalChain } from '../evm.ts'
import { deployIdRegistry, parseConnectUri, relayAuthenticate, signSiwf, type FarcasterRegistry } from '../farcaster.ts'
import { startStack, type Stack } from '../stack.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { modal, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'

let chain: LocalChain
let registry: FarcasterRegistry
let stack: Stack
let browser: Browser

beforeAll(async () => {
  chain = await startLocalChain()
  registry = await deployIdRegistry(chain)
  ;[stack, browser] = await Promise.all([
    startStack({ env: { FARCASTER_RPC_URL: chain.url, FARCASTER_ID_REGISTRY_ADDRESS: registry.address } }),
    launchBrowser(),
  ])
  await stack.createApp({ name: 'Farcaster', loginMethods: { email: true, farcaster: true } })
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
  await chain?.close()
})

const newFid = async () => {
  const custody = privateKeyToAccount(generatePrivateKey())
  return { custody, fid: await registry.register(custody.address) }
}

/** Every script each page fetched, from its first request on. */
const scriptsOf = new WeakMap<Page, Promise<string>[]>()

async function freshPage(options: { userAgent?: string; fakeClock?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext(options.userAgent ? { userAgent: options.userAgent } : {})
  const page = await context.newPage()
  const scripts: Promise<string>[] = []
  scriptsOf.set(page, scripts)
  page.on('response', (r) => void ((r.headers()['content-type'] ?? '').includes('javascript') && scripts.push(r.text().catch(() => ''))))
  if (options.fakeClock) await page.clock.install()
  await page.goto(`${stack.demoUrl}/`)
  await waitForHostEvent(page, 'auth-ready')
  return page
}

/** Clicks Farcaster on the landing screen and answers the connect URI of the QR code shown. */
async function openFarcasterQr(page: Page): Promise<{ uri: string; src: string }> {
  await page.evaluate(() => document.querySelector('auth-modal')!.open())
  await modal(page).getByRole('button', { name: 'Farcaster' }).click()
  return readQr(page)
}

async function readQr(page: Page, not?: string): Promise<{ uri: string; src: string }> {
  const img = modal(page).locator('[part="farcaster-qr"] img')
  await img.waitFor()
  await page.waitForFunction((previous) => {
    const el = document.querySelector('auth-modal')!.shadowRoot!.querySelector('[part="farcaster-qr"]') as HTMLElement | null
    return el?.dataset.connectUri && el.dataset.connectUri !== previous && el.querySelector('img')
  }, not ?? null)
  const uri = (await modal(page).locator('[part="farcaster-qr"]').getAttribute('data-connect-uri'))!
  const src = (await img.getAttribute('src'))!
  return { uri, src }
}

/** The Farcaster client's part: sign the message for the URI with `signer` and post it to the relay. */
async function approveInFarcaster(uri: string, custody: PrivateKeyAccount, fid: number, signer?: PrivateKeyAccount) {
  const connect = parseConnectUri(uri)
  const signed = await signSiwf(custody, fid, connect, { signer })
  const res = await relayAuthenticate(stack.apiUrl, connect.channelToken, { ...signed, fid, username: `fc${fid}`, displayName: `Caster ${fid}` })
  expect(res.status).toBe(201)
}

async function settle(page: Page) {
  await waitForHostEvent(page, 'modal-close')
  await page.waitForTimeout(700)
  await page.evaluate(() => (window.gatehouseEvents = []))
}

describe('farcaster', () => {
  it('the landing entry shows a QR code of the connect URI; approving it in Farcaster logs in, and a second run logs in the same user', async () => {
    const { custody, fid } = await newFid()
    const page = await freshPage()
    // The QR library (its error text is a marker) loads with the Farcaster screen, never with the landing screen.
    const hasQrLibrary = async () => (await Promise.all(scriptsOf.get(page)!)).some((body) => body.includes('Invalid hex color'))
    await page.evaluate(() => document.querySelector('auth-modal')!.open())
    await modal(page).getByRole('button', { name: 'Farcaster' }).waitFor()
    expect(await hasQrLibrary()).toBe(false)
    const { uri, src } = await openFarcasterQr(page)
    expect(await hasQrLibrary()).toBe(true)
    expect(uri).toMatch(/^farcaster:\/\/connect\?channelToken=[\w-]+&nonce=\w+/)
    // The image is the QR code of exactly that URI (same library, same options), and it drew.
    expect(src).toBe(await qrDataUrl(uri))
    expect(
      await modal(page)
        .locator('[part="farcaster-qr"] img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true)
    await expectNoAxeViolations(page, 'Farcaster QR')

    await approveInFarcaster(uri, custody, fid)
    const success = await waitForHostEvent(page, 'auth-success', { timeout: 20_000 })
    expect(success.detail).toMatchObject({ loginMethod: 'farcaster', isNewUser: true })
    expect(success.detail.user.farcaster).toMatchObject({ fid, ownerAddress: custody.address, username: `fc${fid}`, signerPublicKey: null })
    await modal(page).getByText('Successfully connected with Farcaster').waitFor()
    await expectNoAxeViolations(page, 'Farcaster success')
    await settle(page)

    // Second run through the host method login({ method: 'farcaster' }).
    await page.evaluate(() => document.querySelector('auth-modal')!.logout())
    const login = page.evaluate(async () => (await document.querySelector('auth-modal')!.login({ method: 'farcaster' })).id)
    const again = await readQr(page)
    expect(again.uri).not.toBe(uri)
    await approveInFarcaster(again.uri, custody, fid)
    const second = await waitForHostEvent(page, 'auth-success', { timeout: 20_000 })
    expect(second.detail).toMatchObject({ isNewUser: false, user: { id: success.detail.user.id } })
    expect(await login).toBe(success.detail.user.id)
    await page.context().close()
  })

  it('headless: initLoginWithFarcaster() answers the connect URI without a modal; loginWithFarcaster() polls every 150 ms and resolves with the user once approved', async () => {
    const { custody, fid } = await newFid()
    const page = await freshPage()
    const polls: number[] = []
    page.on('request', (r) => void (new URL(r.url()).pathname.endsWith('/farcaster/status') && polls.push(Date.now())))
    const { connectUri, channelToken } = await page.evaluate(() => document.querySelector('auth-modal')!.initLoginWithFarcaster())
    expect(connectUri).toMatch(new RegExp(`^farcaster://connect\\?channelToken=${channelToken}&nonce=\\w+`))
    const login = page.evaluate(async () => (await document.querySelector('auth-modal')!.loginWithFarcaster()).id)
    await expect.poll(() => polls.length, { timeout: 10_000 }).toBeGreaterThan(3)
    await approveInFarcaster(connectUri, custody, fid)
    const id = await login
    const success = await waitForHostEvent(page, 'auth-success')
    expect(success.detail).toMatchObject({ loginMethod: 'farcaster', user: { id, farcaster: { fid } } })
    // The headless default polls far faster than the modal's 2 s (spec §9's earlier default: 150 ms).
    const gaps = polls.slice(1).map((t, i) => t - polls[i]!)
    expect(Math.min(...gaps)).toBeLessThan(1000)
    expect(await modal(page).locator('[data-screen]').count()).toBe(0)
    await page.context().close()
  })

  it('links Farcaster to an e-mail user (linkFarcaster), then unlinks it (unlinkFarcaster)', async () => {
    const { custody, fid } = await newFid()
    const page = await freshPage()
    await page.evaluate(() => document.querySelector('auth-modal')!.open())
    const email = `fc-link-${fid}@example.com`
    await submitEmail(page, email)
    await typeCode(page, await stack.nextCode(email))
    await waitForHostEvent(page, 'auth-success')
    await settle(page)

    const linking = page.evaluate(async () => (await document.querySelector('auth-modal')!.linkFarcaster()).linkedAccounts.map((a) => a.type))
    const { uri } = await readQr(page)
    await approveInFarcaster(uri, custody, fid)
    expect((await linking).sort()).toEqual(['email', 'farcaster'])
    const linked = await waitForHostEvent(page, 'link-success')
    expect(linked.detail).toMatchObject({ linkMethod: 'farcaster', linkedAccount: { type: 'farcaster', fid } })
    await settle(page)

    const remaining = await page.evaluate(async (f) => (await document.querySelector('auth-modal')!.unlinkFarcaster(f)).linkedAccounts.map((a) => a.type), fid)
    expect(remaining).toEqual(['email'])
    const unlinked = await waitForHostEvent(page, 'unlink-success')
    expect(unlinked.detail).toMatchObject({ unlinkMethod: 'farcaster', linkedAccount: { fid } })
    expect(await page.evaluate(() => document.querySelector('auth-modal')!.user!.farcaster)).toBeUndefined()
    await page.context().close()
  })

  it('a fid that belongs to another user is transferred from the link flow ("Transfer and delete account")', async () => {
    const { custody, fid } = await newFid()
    // The fid signs up on its own first.
    const other = await freshPage()
    await approveInFarcaster((await openFarcasterQr(other)).uri, custody, fid)
    await waitForHostEvent(other, 'auth-success', { timeout: 20_000 })
    await other.context().close()

    const page = await freshPage()
    await page.evaluate(() => document.querySelector('auth-modal')!.open())
    const email = `fc-transfer-${fid}@example.com`
    await submitEmail(page, email)
    await typeCode(page, await stack.nextCode(email))
    await waitForHostEvent(page, 'auth-success')
    await settle(page)
    const linking = page.evaluate(async () => (await document.querySelector('auth-modal')!.linkFarcaster()).linkedAccounts.map((a) => a.type))
    await approveInFarcaster((await readQr(page)).uri, custody, fid)
    await modal(page).getByText(`@fc${fid} is associated with another account`).waitFor({ timeout: 20_000 })
    await expectNoAxeViolations(page, 'Farcaster account transfer')
    await modal(page).getByRole('button', { name: 'Transfer and delete account' }).click()
    await modal(page).getByText('Success!').waitFor()
    expect((await linking).sort()).toEqual(['email', 'farcaster'])
    await page.context().close()
  })

  it("error: a message signed by a key that is not the fid's custody shows 'Authentication failed' with Retry; Retry opens a new channel", async () => {
    const { custody, fid } = await newFid()
    const page = await freshPage()
    const { uri } = await openFarcasterQr(page)
    await approveInFarcaster(uri, custody, fid, privateKeyToAccount(generatePrivateKey()))
    await modal(page).getByText('Authentication failed').waitFor({ timeout: 20_000 })
    await modal(page).getByText('Something went wrong. Try again.').waitFor()
    await expectNoAxeViolations(page, 'Farcaster authentication failed')
    expect(await page.evaluate(() => document.querySelector('auth-modal')!.user)).toBeNull()
    await modal(page).getByRole('button', { name: 'Retry' }).click()
    const retried = await readQr(page, uri)
    expect(retried.uri).not.toBe(uri)
    await page.context().close()
  })

  it("error: nobody approves within 120 s → 'The request timed out. Try again.' (browser clock moved forward)", async () => {
    const page = await freshPage({ fakeClock: true })
    await openFarcasterQr(page)
    await page.clock.fastForward(121_000)
    await modal(page).getByText('The request timed out. Try again.').waitFor({ timeout: 20_000 })
    await modal(page).getByText('Authentication failed').waitFor()
    await modal(page).getByRole('button', { name: 'Retry' }).waitFor()
    await page.context().close()
  })

  it("mobile: 'Open Farcaster app' on iOS and 'Take me to Farcaster' on Android open the connect URI instead of a QR code", async () => {
    const devices = [
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
        'Open Farcaster app',
      ],
      ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36', 'Take me to Farcaster'],
    ] as const
    for (const [userAgent, label] of devices) {
      const page = await freshPage({ userAgent })
      await page.evaluate(() => document.querySelector('auth-modal')!.open())
      await modal(page).getByRole('button', { name: 'Farcaster' }).click()
      const link = modal(page).getByRole('link', { name: label })
      await link.waitFor()
      expect(await link.getAttribute('href')).toMatch(/^farcaster:\/\/connect\?channelToken=/)
      expect(await modal(page).locator('[part="farcaster-qr"]').count()).toBe(0)
      await expectNoAxeViolations(page, `Farcaster on a phone (${label})`)
      await page.context().close()
    }
  })
})
