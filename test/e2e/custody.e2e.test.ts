/**
 * Custody against a stolen token, end to end: the owner logs in on the demo page in Chromium and
 * gets a wallet; an attacker copies everything the host page's storage holds and replays it from
 * Node (with the API's own origin in the Origin header) and from a fresh browser profile. Neither
 * reaches a share, replaces one or refreshes the session. A session revoked on the server stops
 * the owner's frame from signing within its session check, even though the page stays open.
 */
import type { Browser, Cookie, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { eventCount, modal, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'
import { login, prompt, wallets } from './wallet-helpers.ts'

/** Short, so the revocation test waits seconds, not the default 30 s (the server caps it at 30 s). */
const SESSION_CHECK_MS = 2000
/** Export needs a login at most this old (5 minutes by default; an operator may ask for less). */
const EXPORT_LOGIN_MAX_AGE_MS = 15_000

interface Stolen {
  appId: string
  token: string
  refreshToken: string
  /** The page's stored session, as it was. */
  stored: string
  /** Every cookie of the browser: with cookie sessions the refresh token is the API's HttpOnly one. */
  cookies: Cookie[]
}

/**
 * Everything a thief with the page's storage and the browser's cookie jar gets (more than page
 * script: cookie sessions keep the refresh token out of its reach).
 */
async function steal(page: Page): Promise<Stolen> {
  const fromPage = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith(':session'))!
    const stored = localStorage.getItem(key)!
    return {
      appId: document.querySelector('auth-modal')!.getAttribute('app-id')!,
      token: JSON.parse(stored).token as string,
      refreshToken: JSON.parse(stored).refreshToken as string | null,
      stored,
    }
  })
  const cookies = await page.context().cookies()
  const refreshToken = fromPage.refreshToken ?? cookies.find((c) => c.name === `gatehouse-refresh-${fromPage.appId}`)!.value
  return { ...fromPage, refreshToken, cookies }
}

const signHeadless = (page: Page) =>
  page.evaluate(() =>
    document
      .querySelector('auth-modal')!
      .signMessage({ message: 'still mine?', showWalletUIs: false })
      .then(
        (r) => ({ ok: true as const, signature: r.signature }),
        (e: Error) => ({ ok: false as const, message: e.message }),
      ),
  )

describe('custody survives a stolen token', () => {
  let stack: Stack
  let browser: Browser

  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([
      startStack({
        env: { GATEHOUSE_FRAME_SESSION_CHECK_MS: String(SESSION_CHECK_MS), GATEHOUSE_EXPORT_LOGIN_MAX_AGE_MS: String(EXPORT_LOGIN_MAX_AGE_MS) },
      }),
      launchBrowser(),
    ])
    await stack.createApp({ name: 'Custody', embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } } })
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  async function owner(email: string) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await login(page, stack, email)
    await waitForHostEvent(page, 'wallet-created', { timeout: 60000 })
    const [wallet] = await wallets(page)
    return { context, page, wallet: wallet! }
  }

  it('tokens copied from the host page reach no share and refresh nothing, from Node or from a fresh browser profile', async () => {
    const { context, page, wallet } = await owner('custody.owner@example.com')
    expect((await signHeadless(page)).ok).toBe(true)
    const stolen = await steal(page)
    const api = (path: string, body: unknown, token?: string) =>
      fetch(`${stack.apiUrl}/api/v1${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'privy-app-id': stolen.appId,
          // Outside a browser any Origin can be claimed, the frame's own included.
          origin: new URL(stack.apiUrl).origin,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      })

    // From Node: shares, the password envelope, an overwrite, a new wallet, a refresh.
    for (const purpose of ['connect', 'recover', 'export']) {
      const res = await api(`/embedded_wallets/${wallet.address}/recovery/key_material`, { purpose }, stolen.token)
      expect(res.status).toBe(401)
      expect(await res.text()).not.toContain('share"')
    }
    const overwrite = await api(
      `/embedded_wallets/${wallet.address}/recovery`,
      { share_set: 'x', auth_share: 'AAAA', recovery_method: 'privy', recovery_share: 'AAAA' },
      stolen.token,
    )
    expect(overwrite.status).toBe(401)
    const refresh = await api('/sessions', { refresh_token: stolen.refreshToken })
    expect(refresh.status).toBe(401)
    expect((await refresh.json()).code).toBe('invalid_device_proof')

    // A fresh browser profile with the copied storage and cookies: its own frame has another device key.
    const thief = await browser.newContext()
    await thief.addCookies(stolen.cookies)
    const thiefPage = await thief.newPage()
    await thiefPage.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(thiefPage, 'auth-ready')
    await thiefPage.evaluate((s) => localStorage.setItem(`gatehouse:${s.appId}:session`, s.stored), stolen)
    // Asking its frame directly, with the stolen access token, for the wallet's shares.
    const recovered = await thiefPage.evaluate(
      async ({ token, address }) => {
        const iframe = document.createElement('iframe')
        const origin = (document.querySelector('auth-modal')!.getAttribute('api-url') || location.origin).replace(/\/+$/, '')
        const appId = document.querySelector('auth-modal')!.getAttribute('app-id')!
        iframe.src = `${new URL(origin).origin}/apps/${appId}/embedded-wallets`
        document.body.append(iframe)
        await new Promise((r) => iframe.addEventListener('load', r, { once: true }))
        const ask = (type: string, payload: unknown) =>
          new Promise<{ ok: boolean; error?: { type: string } }>((resolve) => {
            const id = `${type}-${Math.random()}`
            window.addEventListener('message', function on(event) {
              if (event.data?.id !== id) return
              window.removeEventListener('message', on)
              resolve(event.data)
            })
            iframe.contentWindow!.postMessage({ tag: 'gatehouse-wallet', id, type, payload }, new URL(origin).origin)
          })
        return ask('wallets:recover', { accessToken: token, entropyId: address })
      },
      { token: stolen.token, address: wallet.address },
    )
    expect(recovered).toMatchObject({ ok: false, error: { type: 'session_not_on_device' } })
    // Reloading with the copied tokens: the refresh is refused and the profile is logged out.
    await thiefPage.reload()
    expect((await waitForHostEvent(thiefPage, 'auth-ready')).detail.authenticated).toBe(false)
    await thief.close()

    // The owner is untouched: still logged in after a reload, and still signing.
    await page.reload()
    expect((await waitForHostEvent(page, 'auth-ready')).detail.authenticated).toBe(true)
    expect((await signHeadless(page)).ok).toBe(true)
    await context.close()
  })

  it('a copied access token swaps no e-mail and links nothing from Node; the same change in the modal works', async () => {
    const { context, page } = await owner('takeover.owner@example.com')
    const stolen = await steal(page)
    const api = (path: string, body: unknown, token?: string) =>
      fetch(`${stack.apiUrl}/api/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'privy-app-id': stolen.appId, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
    // The attacker's own address gets a real code; the swap with the copied bearer is refused.
    expect((await api('/passwordless/init', { email: 'takeover.thief@example.com' })).status).toBe(200)
    const code = await stack.nextCode('takeover.thief@example.com')
    const swap = await api('/passwordless/update', { oldAddress: 'takeover.owner@example.com', newAddress: 'takeover.thief@example.com', code }, stolen.token)
    expect(swap.status).toBe(401)
    expect((await swap.json()).code).toBe('invalid_device_proof')
    const link = await api('/siwe/link', { message: 'thief.example wants you to sign in', signature: '0x00' }, stolen.token)
    expect(link.status).toBe(401)
    expect(await page.evaluate(() => document.querySelector('auth-modal')!.user!.email?.address)).toBe('takeover.owner@example.com')

    // The owner updates the e-mail in the modal: the widget sends the frame's proof with each call.
    await page.evaluate(() => void (document.querySelector('auth-modal') as any).updateEmail())
    await modal(page).getByText('Update your email').waitFor()
    await submitEmail(page, 'takeover.owner2@example.com')
    await typeCode(page, await stack.nextCode('takeover.owner2@example.com'))
    const updated = await waitForHostEvent(page, 'update-success')
    expect(updated.detail.user.email.address).toBe('takeover.owner2@example.com')
    await context.close()
  })

  it('an address changed after the wallet does not open it on a new device for a day: the prompt says when, and so does a headless rejection', async () => {
    const { context, page, wallet } = await owner('hold.owner@example.com')
    await page.evaluate(() => void (document.querySelector('auth-modal') as any).updateEmail())
    await modal(page).getByText('Update your email').waitFor()
    await submitEmail(page, 'hold.new@example.com')
    await typeCode(page, await stack.nextCode('hold.new@example.com'))
    await waitForHostEvent(page, 'update-success')
    await context.close()

    // Whoever changed the address logs in with it on another device and asks the wallet to sign.
    const other = await browser.newContext()
    const device = await other.newPage()
    await login(device, stack, 'hold.new@example.com')
    await waitForHostEvent(device, 'modal-close', { timeout: 15000 })
    const before = await eventCount(device)
    await device.locator('#sign').click()
    await prompt(device).getByRole('button', { name: 'Sign and continue' }).click()
    const notice = prompt(device).getByText(/recovering the wallet with it opens on/)
    await notice.waitFor({ timeout: 30000 })
    // The date a day from now, and no way out through a second factor (MFA is asked before recovery).
    const text = await notice.innerText()
    const opens = new Date(/opens on ([^;.]+GMT)/.exec(text)![1]!).getTime()
    expect(opens - Date.now()).toBeGreaterThan(23 * 3600_000)
    expect(text).not.toContain('second factor')
    await prompt(device).getByRole('button', { name: 'Not now' }).click()
    expect((await waitForHostEvent(device, 'sign-error', { after: before })).detail.code).toBe('USER_REJECTED')
    // A host signing without the wallet UI hears why, with the same text, in its sign-error event.
    const beforeHeadless = await eventCount(device)
    expect((await signHeadless(device)).ok).toBe(false)
    const refused = (await waitForHostEvent(device, 'sign-error', { after: beforeHeadless })).detail
    expect(refused.code).toBe('RECOVERY_ON_HOLD')
    expect(refused.message).toMatch(/recovering the wallet with it opens on/)
    expect(await wallets(device)).toEqual([expect.objectContaining({ address: wallet.address })])
    await other.close()
  })

  it('script on the host page cannot borrow the device key for anything but a login or refresh', async () => {
    const { context, page, wallet } = await owner('custody.borrow@example.com')
    const frame = new URL(stack.apiUrl).origin
    const answers = await page.evaluate(
      async ({ frame, address }) => {
        const iframe = [...document.querySelectorAll('iframe')].find((f) => f.src.startsWith(frame) && f.src.endsWith('/embedded-wallets'))!
        const ask = (htu: string, ath?: string) =>
          new Promise<{ ok: boolean; error?: { type: string } }>((resolve) => {
            const id = `borrow-${Math.random()}`
            window.addEventListener('message', function on(event) {
              if (event.data?.id !== id) return
              window.removeEventListener('message', on)
              resolve(event.data)
            })
            iframe.contentWindow!.postMessage({ tag: 'gatehouse-wallet', id, type: 'device:proof', payload: { htm: 'POST', htu, ath } }, frame)
          })
        return {
          keyMaterial: await ask(`${frame}/api/v1/embedded_wallets/${address}/recovery/key_material`),
          recovery: await ask(`${frame}/api/v1/embedded_wallets/${address}/recovery`),
          // Bound to a token (as the host's own changes are), the frame-only paths stay refused.
          keyMaterialWithAth: await ask(`${frame}/api/v1/embedded_wallets/${address}/recovery/key_material`, 'A'.repeat(43)),
          registerWithAth: await ask(`${frame}/api/v1/wallets`, 'A'.repeat(43)),
          elsewhere: await ask(`https://attacker.example/api/v1/sessions`),
          refresh: await ask(`${frame}/api/v1/sessions`),
        }
      },
      { frame, address: wallet.address },
    )
    expect(answers.keyMaterial).toMatchObject({ ok: false, error: { type: 'invalid_request_arguments' } })
    expect(answers.recovery).toMatchObject({ ok: false, error: { type: 'invalid_request_arguments' } })
    expect(answers.keyMaterialWithAth).toMatchObject({ ok: false, error: { type: 'invalid_request_arguments' } })
    expect(answers.registerWithAth).toMatchObject({ ok: false, error: { type: 'invalid_request_arguments' } })
    expect(answers.elsewhere).toMatchObject({ ok: false })
    expect(answers.refresh.ok).toBe(true)
    await context.close()
  })

  it('a session revoked on the server stops the open page from signing within the session check', async () => {
    const { context, page } = await owner('custody.revoked@example.com')
    expect((await signHeadless(page)).ok).toBe(true)
    const stolen = await steal(page)
    // The server ends the session (as a logout elsewhere, or an operator, would); the page stays open.
    const logout = await fetch(`${stack.apiUrl}/api/v1/sessions/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'privy-app-id': stolen.appId },
      body: JSON.stringify({ refresh_token: stolen.refreshToken }),
    })
    expect(logout.status).toBe(200)
    await expect.poll(async () => (await signHeadless(page)).ok, { timeout: 60000, interval: 500 }).toBe(false)
    // And the frame forgot the wallet: nothing signs from memory any more.
    expect((await signHeadless(page)).ok).toBe(false)
    await context.close()
  })

  it('export after the login has aged asks to log in again, and after a fresh login shows the key', async () => {
    const email = 'custody.export@example.com'
    const { context, page, wallet } = await owner(email)
    const loggedInAt = Date.now()
    // The state waited for is the ceremony's age itself.
    await expect.poll(() => Date.now() - loggedInAt, { timeout: EXPORT_LOGIN_MAX_AGE_MS * 3, interval: 500 }).toBeGreaterThan(EXPORT_LOGIN_MAX_AGE_MS + 500)
    expect((await signHeadless(page)).ok).toBe(true) // signing needs no recent login

    await page.locator('#export').click()
    await modal(page).getByText('For your security, log in again to export your wallet.').waitFor({ timeout: 30000 })
    const exportFrame = page.frameLocator('auth-modal iframe[title="Exported key"]')
    expect(await exportFrame.getByRole('button', { name: 'Copy key' }).count()).toBe(0)
    const before = await eventCount(page)
    await modal(page).getByRole('button', { name: 'Log in again' }).click()
    await submitEmail(page, email)
    await typeCode(page, await stack.nextCode(email))
    await waitForHostEvent(page, 'auth-success', { after: before })
    await waitForHostEvent(page, 'modal-close', { after: before, timeout: 15000 })

    await page.locator('#export').click()
    const { privateKeyToAccount } = await import('viem/accounts')
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await exportFrame.getByRole('button', { name: 'Copy key' }).click({ timeout: 30000 })
    await exportFrame.getByRole('button', { name: 'Copied' }).waitFor()
    const privateKey = await page.evaluate(() => navigator.clipboard.readText())
    expect(privateKeyToAccount(privateKey as `0x${string}`).address.toLowerCase()).toBe(wallet.address.toLowerCase())
    await context.close()
  })
})
