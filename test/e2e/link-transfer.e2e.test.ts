/**
 * Linking, unlinking, updating and account transfer through the demo page in Chromium against the
 * real server: host methods, their promises, the screens and the link/unlink/update events.
 */
import type { Browser, Page } from 'playwright-core'
import { DeviceKey, memoryKeyStore } from '../../frame/src/device.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startHostIssuer, type HostIssuer } from '../host-issuer.ts'
import { startStack, type Stack } from '../stack.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { modal, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'
import { deriveFromSeed, generateEntropy, seedOf, splitSecret, toBase64, verifierFor } from '../../frame/src/custody.ts'
import { signRegistration, tokenSubject } from '../../frame/src/registration.ts'
import { privateKeyToAccount } from 'viem/accounts'
import { startLocalChain, type LocalChain } from '../evm.ts'
import { fundWallet } from './eth-helpers.ts'

let stack: Stack
let browser: Browser
let host: HostIssuer
let appId: string
/** The app's chain: 'Check account assets before transferring' reads the other account's balances on it. */
let chain: LocalChain

beforeAll(async () => {
  ;[stack, browser, host, chain] = await Promise.all([startStack(), launchBrowser(), startHostIssuer(), startLocalChain()])
  appId = (
    await stack.createApp({
      name: 'Links',
      customAuth: { issuer: host.issuer, jwksUrl: host.jwksUrl },
      chains: [{ id: 31337, name: 'Local chain', rpcUrl: chain.url }],
      defaultChain: 31337,
    })
  ).id
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
  await host?.close()
  await chain?.close()
})

/** The other person's device: its wallet frame key, which their logins are bound to (frame/src/device.ts). */
const elsewhere = DeviceKey.open(memoryKeyStore())

async function api(path: string, body: unknown, token?: string) {
  const url = `${stack.apiUrl}/api/v1${path}`
  const method = body === undefined ? 'GET' : 'POST'
  const dpop: Record<string, string> = path.endsWith('/authenticate') ? { dpop: await (await elsewhere).proof({ htm: method, htu: url }) } : {}
  const res = await fetch(url, {
    method,
    headers: { 'privy-app-id': appId, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...dpop },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as any }
}

/** Signs `email` up through the API, as another person on another device would. */
async function signUpElsewhere(email: string) {
  await api('/passwordless/init', { email })
  const { body } = await api('/passwordless/authenticate', { email, code: await stack.nextCode(email), mode: 'login-or-sign-up' })
  return body as { token: string; user: { id: string } }
}

/** What the wallet frame of `user`'s own device does for their first wallet (registration with its proof); answers its address. */
async function createWalletElsewhere(user: { token: string }): Promise<string> {
  const entropy = generateEntropy()
  const key = deriveFromSeed(await seedOf(entropy), 'ethereum', 0)
  const shares = await splitSecret(entropy)
  const url = `${stack.apiUrl}/api/v1/wallets`
  const dpop = await (await elsewhere).proof({ htm: 'POST', htu: url, accessToken: user.token })
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'privy-app-id': appId,
      'content-type': 'application/json',
      authorization: `Bearer ${user.token}`,
      origin: new URL(stack.apiUrl).origin,
      dpop,
    },
    body: JSON.stringify({
      chain_type: 'ethereum',
      address: key.address,
      wallet_index: 0,
      entropy_id: key.address,
      entropy_id_verifier: verifierFor('ethereum'),
      shares: { share_set: 'set-1', auth_share: toBase64(shares.auth), recovery_method: 'privy', recovery_share: toBase64(shares.recovery) },
      proof: await signRegistration(key, { appId, userId: tokenSubject(user.token) }),
    }),
  })
  expect(res.status, await res.clone().text()).toBe(200)
  return key.address
}

/** A demo page whose user logged in with a custom token (so it has no e-mail yet). */
async function customUserPage(sub: string): Promise<Page> {
  const page = await browser.newPage()
  await page.goto(`${stack.demoUrl}/`)
  await waitForHostEvent(page, 'auth-ready')
  const token = await host.sign(sub)
  await page.evaluate((t) => document.querySelector('auth-modal')!.loginWithCustomToken(t), token)
  await waitForHostEvent(page, 'auth-success')
  return page
}

/** Starts a host method in the page and keeps its outcome in window.flowResult. */
const startFlow = (page: Page, method: 'linkEmail' | 'updateEmail') =>
  page.evaluate((m) => {
    const w = window as unknown as { flowResult?: string }
    w.flowResult = 'pending'
    ;(document.querySelector('auth-modal') as any)[m]().then(
      (user: { id: string }) => (w.flowResult = `ok:${user.id}`),
      (error: { code: string }) => (w.flowResult = `error:${error.code}`),
    )
  }, method)
const flowResult = (page: Page) => page.evaluate(() => (window as unknown as { flowResult?: string }).flowResult)

describe('account transfer', () => {
  it('linking an e-mail of another user offers the transfer; transferring moves it and deletes that user', async () => {
    const donor = await signUpElsewhere('donor@example.com')
    const page = await customUserPage('transfer-taker')
    const me = await page.evaluate(() => document.querySelector('auth-modal')!.user!.id)

    await startFlow(page, 'linkEmail')
    await modal(page).getByText('Connect your email').waitFor()
    await expectNoAxeViolations(page, 'Connect your email (link)')
    await submitEmail(page, 'donor@example.com')
    await typeCode(page, await stack.nextCode('donor@example.com'))
    await modal(page).getByText('donor@example.com is associated with another account').waitFor()
    await expectNoAxeViolations(page, 'account transfer offer')

    // The optional assets check, then transfer from there.
    await modal(page).getByRole('button', { name: 'Check account assets before transferring' }).click()
    await modal(page).getByText('Check account assets before transferring').waitFor()
    await expectNoAxeViolations(page, 'check account assets')
    const before = Date.now()
    await modal(page).getByRole('button', { name: 'Transfer and delete account' }).click()
    await modal(page).getByText('Success!').waitFor()
    const linked = await waitForHostEvent(page, 'link-success')
    expect(linked.detail.linkMethod).toBe('email')
    expect(linked.detail.user.email.address).toBe('donor@example.com')
    await waitForHostEvent(page, 'modal-close')
    // 'Success!' stays for 1 s before the modal closes.
    expect(Date.now() - before).toBeGreaterThanOrEqual(1000)
    expect(await flowResult(page)).toBe(`ok:${me}`)

    // The donor user is gone, its session with it; the e-mail now logs in to this user.
    expect((await api('/users/me', undefined, donor.token)).status).toBe(401)
    expect((await signUpElsewhere('donor@example.com')).user.id).toBe(me)
    await page.close()
  })

  /** Links the e-mail of a user (signed up elsewhere) holding an embedded wallet with 1.5 ETH on the app's chain. */
  async function linkWalletHoldersEmail(email: string, sub: string) {
    const holder = await signUpElsewhere(email)
    const wallet = await createWalletElsewhere(holder)
    await fundWallet(chain, privateKeyToAccount(chain.deployerKey).address, wallet, 15n * 10n ** 17n)
    const page = await customUserPage(sub)
    await startFlow(page, 'linkEmail')
    await submitEmail(page, email)
    await typeCode(page, await stack.nextCode(email))
    await modal(page).getByText(`${email} is associated with another account`).waitFor()
    return { holder, wallet, page }
  }
  /** 'Check account assets before transferring': the other account's wallet and its balance on the app's chain. */
  async function expectAssetsStep(page: Page, wallet: string) {
    await modal(page).getByRole('heading', { name: 'Check account assets before transferring' }).waitFor()
    const listed = modal(page).locator(`[part="transfer-wallets"] li[data-address="${wallet}"]`)
    await listed.getByText(wallet).waitFor()
    await listed.locator('li[data-chain="Local chain"]').getByText('Local chain: 1.5 ETH').waitFor()
    await modal(page).locator('[part="export-first"]').getByText('To keep these assets, export the wallet first').waitFor()
  }

  it("the other account holds an embedded wallet: 'Transfer and delete account' shows that wallet and its balance, and stays disabled until the user confirms; 'No thanks' deletes nothing", async () => {
    const { holder, wallet, page } = await linkWalletHoldersEmail('wallet.holder@example.com', 'transfer-refused')
    await modal(page).getByRole('button', { name: 'Transfer and delete account' }).click()
    await expectAssetsStep(page, wallet)
    expect(await modal(page).getByRole('button', { name: 'Transfer and delete account' }).isDisabled()).toBe(true)
    await expectNoAxeViolations(page, 'account transfer: the other account holds a wallet')
    await modal(page).getByRole('button', { name: 'No thanks' }).click()
    await expect.poll(() => flowResult(page)).toBe('error:USER_EXITED_LINK_FLOW')
    // The holder keeps their user, their session and their e-mail; nothing was sent without the confirmation.
    const me = await api('/users/me', undefined, holder.token)
    expect(me.status).toBe(200)
    expect(me.body.user.linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email', 'wallet'])
    await page.close()
  })

  it("the user sees the other account's wallet and balance, confirms, and the transfer completes: that account and its wallet are deleted", async () => {
    const { holder, wallet, page } = await linkWalletHoldersEmail('confirmed.holder@example.com', 'transfer-confirmed')
    const me = await page.evaluate(() => document.querySelector('auth-modal')!.user!.id)
    await modal(page).getByRole('button', { name: 'Check account assets before transferring' }).click()
    await expectAssetsStep(page, wallet)
    await modal(page).getByRole('checkbox', { name: 'I understand that these wallets, and everything in them, are deleted with the other account.' }).check()
    await modal(page).getByRole('button', { name: 'Transfer and delete account' }).click()
    await modal(page).getByText('Success!').waitFor()
    const linked = await waitForHostEvent(page, 'link-success')
    expect(linked.detail.user.email.address).toBe('confirmed.holder@example.com')
    await expect.poll(() => flowResult(page)).toBe(`ok:${me}`)
    expect((await api('/users/me', undefined, holder.token)).status).toBe(401)
    // The e-mail now logs in to this user, which holds no wallet of the deleted account.
    const now = await signUpElsewhere('confirmed.holder@example.com')
    expect(now.user.id).toBe(me)
    const accounts = (await api('/users/me', undefined, now.token)).body.user.linked_accounts as { address: string }[]
    expect(accounts.map((a) => a.address)).not.toContain(wallet)
    await page.close()
  })

  it('error: "No thanks" on the transfer screen closes and the link flow rejects with USER_EXITED_LINK_FLOW', async () => {
    await signUpElsewhere('keeps@example.com')
    const page = await customUserPage('transfer-decliner')
    await startFlow(page, 'linkEmail')
    await submitEmail(page, 'keeps@example.com')
    await typeCode(page, await stack.nextCode('keeps@example.com'))
    await modal(page).getByText('keeps@example.com is associated with another account').waitFor()
    await modal(page).getByRole('button', { name: 'No thanks' }).click()
    await expect.poll(() => flowResult(page)).toBe('error:USER_EXITED_LINK_FLOW')
    expect(await page.evaluate(() => document.querySelector('auth-modal')!.user!.email)).toBeUndefined()
    await page.close()
  })
})

describe('link, unlink, update', () => {
  it('links a fresh e-mail, then unlinks it', async () => {
    const page = await customUserPage('linker')
    await startFlow(page, 'linkEmail')
    await submitEmail(page, 'fresh.link@example.com')
    await typeCode(page, await stack.nextCode('fresh.link@example.com'))
    const linked = await waitForHostEvent(page, 'link-success')
    expect(linked.detail.linkedAccount).toMatchObject({ type: 'email', address: 'fresh.link@example.com' })
    await expect.poll(() => flowResult(page)).toMatch(/^ok:/)

    await page.evaluate(() => document.querySelector('auth-modal')!.unlinkEmail('fresh.link@example.com'))
    const unlinked = await waitForHostEvent(page, 'unlink-success')
    expect(unlinked.detail).toMatchObject({ unlinkMethod: 'email', linkedAccount: { address: 'fresh.link@example.com' } })
    expect(unlinked.detail.user.linkedAccounts.map((a: { type: string }) => a.type)).toEqual(['custom_auth'])
    await page.close()
  })

  it('updates the e-mail: "Update your email", the code goes to the new address', async () => {
    const page = await browser.newPage()
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login').click()
    await submitEmail(page, 'before.update@example.com')
    await typeCode(page, await stack.nextCode('before.update@example.com'))
    await waitForHostEvent(page, 'modal-close')

    await startFlow(page, 'updateEmail')
    await modal(page).getByText('Update your email').waitFor()
    await expectNoAxeViolations(page, 'Update your email')
    await submitEmail(page, 'after.update@example.com')
    await typeCode(page, await stack.nextCode('after.update@example.com'))
    const updated = await waitForHostEvent(page, 'update-success')
    expect(updated.detail.user.email.address).toBe('after.update@example.com')
    await expect.poll(() => flowResult(page)).toMatch(/^ok:/)
    await page.close()
  })

  it('error: linking a second e-mail shows "User already has an account of type email linked."', async () => {
    const page = await browser.newPage()
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login').click()
    await submitEmail(page, 'has.one@example.com')
    await typeCode(page, await stack.nextCode('has.one@example.com'))
    await waitForHostEvent(page, 'modal-close')
    await startFlow(page, 'linkEmail')
    await submitEmail(page, 'second.one@example.com')
    await typeCode(page, await stack.nextCode('second.one@example.com'))
    await modal(page).getByText('User already has an account of type email linked.').waitFor()
    await expectNoAxeViolations(page, 'link failed')
    await modal(page).getByRole('button', { name: 'Close' }).click()
    // The user left after the link failed: the flow reports the failure, not a plain exit.
    await expect.poll(() => flowResult(page)).toBe('error:FAILED_TO_LINK_ACCOUNT')
    await page.close()
  })

  it('error: a host method that needs a user rejects with MUST_BE_AUTHENTICATED when logged out', async () => {
    const page = await browser.newPage()
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await startFlow(page, 'linkEmail')
    await expect.poll(() => flowResult(page)).toBe('error:MUST_BE_AUTHENTICATED')
    await page.close()
  })
})
