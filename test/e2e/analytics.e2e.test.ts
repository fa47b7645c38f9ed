/**
 * The widget's analytics events in Chromium against the real server (spec part 1 §7, part 2 §7,
 * part 3 §7): each event is read where the server counted it (the owner route the console's
 * Analytics page draws) and, for its payload, as it went over the wire (test/e2e/analytics-helpers.ts).
 *
 * - sdk_initialize once per configuration, sdk_authenticate at an e-mail login;
 * - a wallet on three devices: pinless recovery on the second, a password set there
 *   (set_recovery started / completed), the first device's stale change refused by the server
 *   (set_password_failed, set_recovery_failed), the key exported, the password recovery on the third;
 * - a wallet creation that fails after login (another device created the wallet first) logs out;
 * - analytics failing (500, or unreachable) changes nothing for the user and is never retried.
 *
 * The other events are asserted in the flows that reach them: sdk_authenticate_siwe in
 * wallet-login.e2e.test.ts, cross_app_request in cross-app.e2e.test.ts, the funding events in
 * funding.e2e.test.ts.
 */
import type { Browser, Page, Route } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { ANALYTICS_PATH, expectCounted, expectSpecShape, sentEvents, sentNamed, widgetEventCounts } from './analytics-helpers.ts'
import { eventCount, modal, waitForHostEvent } from './helpers.ts'
import { copyExportedKey, login, prompt, wallets } from './wallet-helpers.ts'

const PASSWORD = 'Amber-Harbor-58!'

/** Runs a host call in the page and returns its result or the error's message and code. */
function host<T>(page: Page, script: string): Promise<{ ok: true; value: T } | { ok: false; message: string; code?: string }> {
  return page.evaluate(async (source) => {
    const element = document.querySelector('auth-modal') as any
    try {
      // eslint-disable-next-line no-new-func
      return { ok: true as const, value: await new Function('modal', `return (${source})`)(element) }
    } catch (error: any) {
      return { ok: false as const, message: String(error?.shortMessage ?? error?.message), code: error?.code }
    }
  }, script)
}

const signHeadless = (page: Page, address: string) =>
  host<string>(
    page,
    `modal.getEthereumProvider('${address}', { showWalletUIs: false }).request({ method: 'personal_sign', params: ['analytics', '${address}'] })`,
  )

/** 'Secure Your Account' → 'Add password' → the four steps, up to the enabled 'Set Password' button. */
async function passwordUpToSubmit(page: Page, password: string) {
  await modal(page).getByText('Secure Your Account').waitFor({ timeout: 30000 })
  await modal(page).getByRole('button', { name: 'Add password' }).click()
  await modal(page).getByPlaceholder('Password', { exact: true }).fill(password)
  await modal(page).getByRole('button', { name: 'Continue' }).click()
  await modal(page).getByText('Save your password').waitFor()
  await modal(page).getByRole('button', { name: 'Continue' }).click()
  await modal(page).getByPlaceholder('Confirm password').fill(password)
  await modal(page).getByRole('button', { name: 'Continue' }).click()
  await modal(page).getByText('Confirm you have saved').waitFor()
  await modal(page).getByRole('checkbox').check()
  return modal(page).getByRole('button', { name: 'Set Password' })
}

describe('analytics events', () => {
  let stack: Stack
  let browser: Browser

  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  it('sdk_initialize once per configuration and sdk_authenticate at login, each with client_id and clientTimestamp', async () => {
    const { id: other } = await stack.createApp({ name: 'Analytics Other' })
    const { id: appId } = await stack.createApp({ name: 'Analytics Login' })
    const context = await browser.newContext()
    const sent = sentEvents(context)
    const page = await context.newPage()
    const success = await login(page, stack, 'analytics.login@example.com')
    expect(success.detail).toMatchObject({ isNewUser: true, loginMethod: 'email' })
    await expectCounted(stack, appId, { sdk_initialize: 1, sdk_authenticate: 1, sdk_authenticate_siwe: 0 })
    const [init] = sentNamed(sent, appId, 'sdk_initialize')
    expectSpecShape(init)
    const [authenticate] = sentNamed(sent, appId, 'sdk_authenticate')
    expectSpecShape(authenticate)
    expect(authenticate.payload).toMatchObject({ method: 'email', isNewUser: true })
    expect(authenticate.client_id).toBe(init.client_id)

    // Another configuration is initialized (and counted for its app); back to the first, which is not counted again.
    const switchTo = async (id: string) => {
      const after = await page.evaluate(() => window.gatehouseEvents.length)
      await page.evaluate((a) => document.querySelector('auth-modal')!.setAttribute('app-id', a), id)
      await waitForHostEvent(page, 'auth-ready', { after })
    }
    await switchTo(other)
    await expectCounted(stack, other, { sdk_initialize: 1 })
    await switchTo(appId)
    await expectCounted(stack, appId, { sdk_initialize: 1 })
    expect(sentNamed(sent, appId, 'sdk_initialize')).toHaveLength(1)
    await context.close()
  })

  it('a wallet on three devices: pinless recovery, set recovery started / completed / failed, set_password_failed, key export, password recovery', async () => {
    const { id: appId } = await stack.createApp({
      name: 'Analytics Wallets',
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' }, userOwnedRecoveryOptions: ['user-passcode'] },
    })
    const email = 'analytics.wallet@example.com'
    const count = (expected: Record<string, number>) => expectCounted(stack, appId, expected)

    // Device A: the automatic wallet is created at login.
    const contextA = await browser.newContext()
    const sentA = sentEvents(contextA)
    const deviceA = await contextA.newPage()
    await login(deviceA, stack, email)
    await waitForHostEvent(deviceA, 'wallet-created', { timeout: 30000 })
    await waitForHostEvent(deviceA, 'modal-close', { timeout: 30000 })
    const [wallet] = await wallets(deviceA)
    expect(wallet).toMatchObject({ recoveryMethod: 'privy' })
    expect(await signHeadless(deviceA, wallet.address)).toMatchObject({ ok: true })
    await count({ embedded_wallet_pinless_recovery_started: 0, embedded_wallet_recovery_completed: 0 })

    // Device B: the first signature recovers the wallet without a PIN.
    const contextB = await browser.newContext()
    const sentB = sentEvents(contextB)
    const deviceB = await contextB.newPage()
    await login(deviceB, stack, email)
    await waitForHostEvent(deviceB, 'modal-close', { timeout: 30000 })
    expect(await signHeadless(deviceB, wallet.address)).toMatchObject({ ok: true })
    await count({ embedded_wallet_pinless_recovery_started: 1, embedded_wallet_recovery_completed: 1 })
    expect(sentNamed(sentB, appId, 'embedded_wallet_recovery_completed')[0].payload).toMatchObject({ method: 'privy' })

    // Device B sets a password.
    expect(await host(deviceB, `modal.setWalletRecovery({ recoveryMethod: 'user-passcode', recoveryPassword: '${PASSWORD}' })`)).toMatchObject({ ok: true })
    await count({ embedded_wallet_set_recovery_started: 1, embedded_wallet_set_recovery_completed: 1 })
    expect(sentNamed(sentB, appId, 'embedded_wallet_set_recovery_started')[0].payload).toMatchObject({ method: 'user-passcode' })
    expect(sentNamed(sentB, appId, 'embedded_wallet_set_recovery_completed')[0].payload).toMatchObject({ method: 'user-passcode' })

    // Device A still holds the split B replaced: the server refuses its changes.
    const password = await host(deviceA, `modal.setWalletRecovery({ recoveryMethod: 'user-passcode', recoveryPassword: 'Other-Password-91!' })`)
    expect(password).toMatchObject({ ok: false, message: 'Error setting password on privy wallet' })
    await count({ embedded_wallet_set_recovery_started: 2, embedded_wallet_set_password_failed: 1, embedded_wallet_set_recovery_completed: 1 })
    const automatic = await host(deviceA, `modal.setWalletRecovery({ recoveryMethod: 'privy' })`)
    expect(automatic).toMatchObject({ ok: false, message: 'Unable to set recovery on wallet' })
    await count({ embedded_wallet_set_recovery_started: 3, embedded_wallet_set_recovery_failed: 1, embedded_wallet_set_password_failed: 1 })
    for (const event of sentA.filter((e) => e.appId === appId)) expectSpecShape(event)

    // Device B exports the key.
    await count({ embedded_wallet_key_export_completed: 0 })
    await host(deviceB, `void modal.exportWallet({ address: '${wallet.address}' })`)
    await modal(deviceB).getByText('Never share your private key or seed phrase with anyone.').waitFor({ timeout: 30000 })
    const key = await copyExportedKey(deviceB)
    expect(privateKeyToAccount(key as `0x${string}`).address).toBe(wallet.address)
    await count({ embedded_wallet_key_export_completed: 1 })
    expectSpecShape(sentNamed(sentB, appId, 'embedded_wallet_key_export_completed')[0])

    // Device C recovers with the password B set.
    const contextC = await browser.newContext()
    const sentC = sentEvents(contextC)
    const deviceC = await contextC.newPage()
    await login(deviceC, stack, email)
    await waitForHostEvent(deviceC, 'modal-close', { timeout: 30000 })
    await count({ embedded_wallet_recovery_started: 0 })
    const before = await eventCount(deviceC)
    await deviceC.locator('#sign').click()
    await prompt(deviceC).getByRole('button', { name: 'Sign and continue' }).click()
    await modal(deviceC).getByText('Enter your password').waitFor({ timeout: 30000 })
    await modal(deviceC).getByPlaceholder('Recovery password').fill(PASSWORD)
    await modal(deviceC).getByRole('button', { name: 'Continue' }).click()
    expect((await waitForHostEvent(deviceC, 'sign-success', { after: before, timeout: 60000 })).detail.address).toBe(wallet.address)
    await count({ embedded_wallet_recovery_started: 1, embedded_wallet_recovery_completed: 2, embedded_wallet_pinless_recovery_started: 1 })
    expect(sentNamed(sentC, appId, 'embedded_wallet_recovery_started')[0].payload).toMatchObject({ method: 'user-passcode' })
    expect(sentNamed(sentC, appId, 'embedded_wallet_recovery_completed')[0].payload).toMatchObject({ method: 'user-passcode' })
    await Promise.all([contextA.close(), contextB.close(), contextC.close()])
  })

  it('error: a wallet creation that fails after login (another device created the wallet first) logs out and sends embedded_wallet_creation_failure_logout', async () => {
    const { id: appId } = await stack.createApp({
      name: 'Analytics Creation',
      embeddedWallets: {
        ethereum: { createOnLogin: 'users-without-wallets' },
        requireUserOwnedRecoveryOnCreate: true,
        userOwnedRecoveryOptions: ['user-passcode'],
      },
    })
    const email = 'analytics.creation@example.com'
    const contextA = await browser.newContext()
    const sentA = sentEvents(contextA)
    const deviceA = await contextA.newPage()
    await login(deviceA, stack, email)
    const submitA = await passwordUpToSubmit(deviceA, PASSWORD)

    // Meanwhile the same user creates the wallet on device B.
    const contextB = await browser.newContext()
    const deviceB = await contextB.newPage()
    await login(deviceB, stack, email)
    await (await passwordUpToSubmit(deviceB, PASSWORD)).click()
    await waitForHostEvent(deviceB, 'wallet-created', { timeout: 30000 })
    await expectCounted(stack, appId, { embedded_wallet_creation_failure_logout: 0 })

    const after = await deviceA.evaluate(() => window.gatehouseEvents.length)
    await submitA.click()
    await modal(deviceA).getByText('An error has occurred, please try again.').waitFor({ timeout: 30000 })
    const failure = await waitForHostEvent(deviceA, 'auth-error', { after, timeout: 30000 })
    expect(failure.detail).toMatchObject({ message: 'Failed to create wallet' })
    await waitForHostEvent(deviceA, 'logout', { after, timeout: 30000 })
    await expectCounted(stack, appId, { embedded_wallet_creation_failure_logout: 1 })
    expectSpecShape(sentNamed(sentA, appId, 'embedded_wallet_creation_failure_logout')[0])
    await Promise.all([contextA.close(), contextB.close()])
  })

  for (const [failure, slug] of [
    ['answers 500', 'status500'],
    ['is unreachable', 'unreachable'],
  ] as const) {
    it(`error: when the analytics endpoint ${failure}, login and the session work as before and no event is sent twice`, async () => {
      const { id: appId } = await stack.createApp({ name: 'Analytics Down' })
      const context = await browser.newContext()
      const tried: string[] = []
      await context.route(`**${ANALYTICS_PATH}`, (route: Route) => {
        tried.push((route.request().postDataJSON() as { event_name: string }).event_name)
        return failure === 'answers 500'
          ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal Server Error' }) })
          : route.abort('connectionrefused')
      })
      const page = await context.newPage()
      // Timers run as usual; fastForward below fires at once whatever a retry would have waited for.
      await page.clock.install()
      const success = await login(page, stack, `analytics.${slug}@example.com`)
      expect(success.detail).toMatchObject({ isNewUser: true, loginMethod: 'email' })
      await waitForHostEvent(page, 'modal-close', { timeout: 30000 })
      await expect.poll(() => tried).toEqual(['sdk_initialize', 'sdk_authenticate'])
      // Well past the client's retry delays (0.5 s, 1.5 s, 4.5 s) and its 20 s time-out.
      await page.clock.fastForward('00:30')
      // Back to the real time: the session's device proofs carry the time, and the server checks it.
      await page.clock.setSystemTime(new Date())
      // The user is still signed in after a reload, saw no error, and the new page's sdk_initialize is the only new attempt.
      await page.reload()
      const ready = await waitForHostEvent(page, 'auth-ready')
      expect(ready.detail.authenticated).toBe(true)
      expect(await page.evaluate(() => window.gatehouseEvents.filter((e) => e.type === 'auth-error').length)).toBe(0)
      await expect.poll(() => tried).toEqual(['sdk_initialize', 'sdk_authenticate', 'sdk_initialize'])
      expect(await widgetEventCounts(stack, appId)).toEqual({})
      await context.close()
    })
  }
})
