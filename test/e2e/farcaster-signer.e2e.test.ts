/**
 * 'Add a signer to Farcaster' end to end: the demo page in Chromium against the real server, whose
 * app has a Farcaster account (an fid on the local IdRegistry and its custody key) and a
 * signed-key-request service (test/farcaster.ts stand-in, Warpcast's wire format). The user logs
 * in with Farcaster (an embedded wallet is made at login), asks for a signer; the test plays the
 * Farcaster app (rejects, then approves the request the QR code names), then builds a cast with
 * @farcaster/core, has the host sign its hash through `signFarcasterMessage`, and validates it.
 */
import { FarcasterNetwork, makeCastAddData, makeMessageHash, makeMessageWithSignature, Message, SignatureScheme, validations } from '@farcaster/core'
import { ed25519 } from '@noble/curves/ed25519'
import type { Browser, Page } from 'playwright-core'
import { bytesToHex, hexToBytes, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startLocalChain, type LocalChain } from '../evm.ts'
import {
  deployIdRegistry,
  parseConnectUri,
  relayAuthenticate,
  signSiwf,
  startSignedKeyRequestService,
  type FarcasterRegistry,
  type SignedKeyRequestService,
} from '../farcaster.ts'
import { startStack, type Stack } from '../stack.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { modal, waitForHostEvent } from './helpers.ts'
import { hostCall, login } from './wallet-helpers.ts'

const IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

let chain: LocalChain
let registry: FarcasterRegistry
let service: SignedKeyRequestService
let stack: Stack
let browser: Browser

beforeAll(async () => {
  chain = await startLocalChain()
  registry = await deployIdRegistry(chain)
  // The app's own Farcaster account: an fid whose custody key the server holds (sealed).
  const appCustodyKey = generatePrivateKey()
  const appCustody = privateKeyToAccount(appCustodyKey).address
  const appFid = await registry.register(appCustody)
  service = await startSignedKeyRequestService((fid) => (fid === appFid ? appCustody : null))
  ;[stack, browser] = await Promise.all([
    startStack({ env: { FARCASTER_RPC_URL: chain.url, FARCASTER_ID_REGISTRY_ADDRESS: registry.address } }),
    launchBrowser(),
  ])
  await stack.createApp({
    name: 'Caster',
    loginMethods: { email: true, farcaster: true },
    embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
    farcasterSigner: { fid: appFid, custodyPrivateKey: appCustodyKey, apiUrl: service.url },
  })
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
  await service?.close()
  await chain?.close()
})

/** A new page, logged in with a new fid through the Farcaster screen (the test signs as the user's Farcaster client). */
async function farcasterUser(options: { userAgent?: string; fakeClock?: boolean } = {}): Promise<{ page: Page; fid: number }> {
  const context = await browser.newContext(options.userAgent ? { userAgent: options.userAgent } : {})
  const page = await context.newPage()
  if (options.fakeClock) await page.clock.install()
  await page.goto(`${stack.demoUrl}/`)
  await waitForHostEvent(page, 'auth-ready')
  const custody = privateKeyToAccount(generatePrivateKey())
  const fid = await registry.register(custody.address)
  await page.evaluate(() => document.querySelector('auth-modal')!.open())
  await modal(page).getByRole('button', { name: 'Farcaster' }).click()
  const uri = (await modal(page).locator('[data-connect-uri]').first().getAttribute('data-connect-uri'))!
  const connect = parseConnectUri(uri)
  const res = await relayAuthenticate(stack.apiUrl, connect.channelToken, { ...(await signSiwf(custody, fid, connect)), fid, username: `fc${fid}` })
  expect(res.status).toBe(201)
  await waitForHostEvent(page, 'auth-success', { timeout: 20_000 })
  await modal(page).getByText('Welcome to Caster').waitFor({ timeout: 30_000 })
  await waitForHostEvent(page, 'modal-close', { timeout: 15_000 })
  await page.evaluate(() => (window.gatehouseEvents = []))
  return { page, fid }
}

/** The signed-key request the screen's QR code (or button) carries. */
async function shownRequest(page: Page, not?: string) {
  await page.waitForFunction((previous) => {
    const el = document.querySelector('auth-modal')!.shadowRoot!.querySelector('[data-approval-url]') as HTMLElement | null
    return el?.dataset.approvalUrl && el.dataset.approvalUrl !== previous
  }, not ?? null)
  const url = (await modal(page).locator('[data-approval-url]').getAttribute('data-approval-url'))!
  const token = new URL(url).searchParams.get('token')!
  return { url, request: service.requests.get(token)! }
}

const publicKeyOf = (page: Page) =>
  page.evaluate(async () => {
    const key = await document.querySelector('auth-modal')!.getFarcasterSignerPublicKey()
    return `0x${[...key].map((b) => b.toString(16).padStart(2, '0')).join('')}`
  })

const signInPage = (page: Page, hash: Uint8Array) =>
  page.evaluate(async (hex) => {
    const bytes = Uint8Array.from(hex.slice(2).match(/../g)!, (h) => parseInt(h, 16))
    const signature = await document.querySelector('auth-modal')!.signFarcasterMessage(bytes)
    return `0x${[...signature].map((b) => b.toString(16).padStart(2, '0')).join('')}`
  }, bytesToHex(hash))

describe('farcaster signer', () => {
  it("rejected → 'Request rejected'; approved → 'Success!' and closes; then a cast signed through the host validates with @farcaster/core", async () => {
    const { page, fid } = await farcasterUser()
    // No signer yet: the host hears so.
    expect(await hostCall(page, 'signFarcasterMessage', `0x${'00'.repeat(20)}`)).toMatch(/No Farcaster signer on this device/)

    // First request: the user rejects it in the Farcaster app.
    let answer = hostCall(page, 'requestFarcasterSignerFromWarpcast')
    await modal(page).getByText('Add a signer to Farcaster').waitFor()
    const first = await shownRequest(page)
    expect(first.url).toMatch(/^farcaster:\/\/signed-key-request\?token=0x[0-9a-f]+$/)
    const img = modal(page).locator('[part="farcaster-qr"] img')
    await img.waitFor()
    expect(await img.evaluate((el: HTMLImageElement) => [el.width, el.height, el.complete && el.naturalWidth > 0])).toEqual([275, 275, true])
    await expectNoAxeViolations(page, 'Farcaster signer QR')
    // The key the server asked about is the frame's: the app fid signed for exactly it.
    const key = first.request.key
    expect(first.request.state).toBe('pending')
    service.reject(key)
    await modal(page).getByText('Request rejected').waitFor({ timeout: 15_000 })
    await modal(page).getByText('The request was rejected. Please try again.').waitFor()
    await page.evaluate(() => document.querySelector('auth-modal')!.close())
    expect(await answer).toBe('The request was rejected. Please try again.')

    // Second request for the same frame key: approved (on chain, by the user's own fid).
    answer = hostCall(page, 'requestFarcasterSignerFromWarpcast')
    const second = await shownRequest(page, first.url)
    expect(second.request.key).toBe(key)
    service.approve(key, fid)
    await modal(page).getByText('Success!').waitFor({ timeout: 15_000 })
    await waitForHostEvent(page, 'modal-close', { timeout: 5_000 })
    expect(await answer).toBe('resolved')
    expect(await publicKeyOf(page)).toBe(key)
    const user = await page.evaluate(() => document.querySelector('auth-modal')!.refreshUser())
    expect(user.farcaster).toMatchObject({ fid, signerPublicKey: key })

    // A cast built here, its hash signed by the frame's key through the host API.
    const body = { text: 'gm from the wallet frame', embeds: [], embedsDeprecated: [], mentions: [], mentionsPositions: [], type: 0 }
    const data = (await makeCastAddData(body, { fid, network: FarcasterNetwork.MAINNET }))._unsafeUnwrap()
    const hash = (await makeMessageHash(data))._unsafeUnwrap()
    const signature = hexToBytes((await signInPage(page, hash)) as Hex)
    expect(ed25519.verify(signature, hash, hexToBytes(key))).toBe(true)
    const message = (await makeMessageWithSignature(data, { signer: hexToBytes(key), signature, signatureScheme: SignatureScheme.ED25519 }))._unsafeUnwrap()
    const validated = await validations.validateMessage(message)
    expect(validated.isOk(), validated.isErr() ? validated.error.message : '').toBe(true)
    // The signature fits only this cast: not another one, and an altered signature does not validate.
    const other = (await makeCastAddData({ ...body, text: 'not what was signed' }, { fid, network: FarcasterNetwork.MAINNET }))._unsafeUnwrap()
    expect((await makeMessageWithSignature(other, { signer: hexToBytes(key), signature, signatureScheme: SignatureScheme.ED25519 })).isErr()).toBe(true)
    const flipped = Uint8Array.from(signature, (b, n) => (n === 0 ? b ^ 1 : b))
    expect((await validations.validateMessage(Message.create({ ...message, signature: flipped }))).isErr()).toBe(true)
    // Only message hashes (20 bytes) are signed.
    expect(await hostCall(page, 'signFarcasterMessage', `0x${'ab'.repeat(32)}`)).toMatch(/20 bytes/)
    await page.context().close()
  })

  it("iOS: 'Open Farcaster app' carries the request; nobody approves for 5 minutes → the time-out (browser clock moved forward)", async () => {
    const { page } = await farcasterUser({ userAgent: IOS, fakeClock: true })
    const answer = hostCall(page, 'requestFarcasterSignerFromWarpcast')
    const { url } = await shownRequest(page)
    const button = modal(page).getByRole('link', { name: 'Open Farcaster app' })
    expect(await button.getAttribute('href')).toBe(url)
    await page.clock.fastForward(301_000)
    await modal(page).getByText('The request timed out. Try again.').waitFor({ timeout: 20_000 })
    await modal(page).getByText('Connect failed').waitFor()
    await page.evaluate(() => document.querySelector('auth-modal')!.close())
    expect(await answer).toBe('The request timed out. Try again.')
    await page.context().close()
  })

  it('error: a user without a Farcaster account is refused before any screen; the host cannot borrow the device proof for init', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await login(page, stack, 'no.farcaster@example.com')
    await waitForHostEvent(page, 'modal-close', { timeout: 30_000 })
    expect(await hostCall(page, 'requestFarcasterSignerFromWarpcast')).toBe('Farcaster signers need a Farcaster account.')
    // The host page cannot borrow the frame's device proof to register a key of its own with the server.
    const frame = new URL(stack.apiUrl).origin
    const borrowed = await page.evaluate(async (frame) => {
      const iframe = [...document.querySelectorAll('iframe')].find((f) => f.src.startsWith(frame) && f.src.endsWith('/embedded-wallets'))!
      return new Promise<{ ok: boolean; error?: { type: string } }>((resolve) => {
        const id = `borrow-${Math.random()}`
        window.addEventListener('message', function on(event) {
          if (event.data?.id !== id) return
          window.removeEventListener('message', on)
          resolve(event.data)
        })
        const payload = { htm: 'POST', htu: `${frame}/api/v1/farcaster/signer/init`, ath: 'A'.repeat(43) }
        iframe.contentWindow!.postMessage({ tag: 'gatehouse-wallet', id, type: 'device:proof', payload }, frame)
      })
    }, frame)
    expect(borrowed).toMatchObject({ ok: false, error: { type: 'invalid_request_arguments' } })
    await context.close()
  })
})
