/**
 * Cloud recovery in Chromium against the real server (issue #31 point 1; spec part 2 §2, §4, §7):
 * the user backs the wallet up to Google Drive (the OAuth through the development IdP the server
 * mounts, the share in the Drive stand-in's app-data folder, encrypted) and to iCloud (CloudKit
 * stand-in's private database); a new device (a fresh browser context) recovers from the cloud and
 * signs ('Recovering with X...' while the popup or the download is under way); cloud → password
 * switching; a wrong cloud account fails with the spec's texts and 'Try again'.
 */
import type { Browser, Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startCloudKitStandIn, startDriveStandIn, userinfoVerifier } from '../cloud-stand-ins.ts'
import { startStack, type Stack } from '../stack.ts'
import { expectNoAxeViolations } from './a11y.ts'
import { eventCount, modal, waitForHostEvent } from './helpers.ts'
import { copyExportedKey, login, prompt, wallets } from './wallet-helpers.ts'

const MESSAGE = 'Hello from the Gatehouse demo'
const PASSWORD = 'Correct-Horse-42!'

let stack: Stack
let browser: Browser
let drive: Awaited<ReturnType<typeof startDriveStandIn>>
let cloudKit: Awaited<ReturnType<typeof startCloudKitStandIn>>
let container: Parameters<typeof cloudKit.addContainer>[0]

beforeAll(async () => {
  ;[drive, cloudKit, browser] = await Promise.all([startDriveStandIn(), startCloudKitStandIn(), launchBrowser()])
  stack = await startStack({ env: { GATEHOUSE_GOOGLE_DRIVE_URL: drive.url, GATEHOUSE_CLOUDKIT_URL: cloudKit.url } })
  // Google checks its own tokens; the stand-in asks the OpenID provider that issued them.
  drive.setTokenVerifier(userinfoVerifier(`${stack.apiUrl}/dev/idp`))
  // The API token's sign-in callback: the app's page (set in CloudKit Console).
  container = { containerId: 'iCloud.test.gatehouse', environment: 'development', apiToken: 'ck-e2e-api-token', signInCallback: `${stack.demoUrl}/` }
  cloudKit.addContainer(container)
  await stack.createApp({
    name: 'Cloud App',
    embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' }, userOwnedRecoveryOptions: ['user-passcode', 'google-drive', 'icloud'] },
    recoveryOAuth: {
      'google-drive': { clientId: 'gatehouse-dev', clientSecret: 'gatehouse-dev-idp-secret', issuer: `${stack.apiUrl}/dev/idp` },
      icloud: { containerId: container.containerId, environment: container.environment, apiToken: container.apiToken },
    },
  })
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
  await drive?.close()
  await cloudKit?.close()
})

/** The IdP's own pages in the popup: sign in with any name, then consent. */
async function atGoogle(popup: Page, account: string) {
  await popup.waitForURL(/\/dev\/idp\/interaction\//, { timeout: 20_000 })
  await popup.locator('input[name=login]').fill(account)
  await popup.locator('input[name=password]').fill('any')
  await popup.getByRole('button', { name: 'Sign-in' }).click()
  await popup.getByRole('button', { name: 'Continue' }).click()
}

/** The user says no at the IdP ('[ Cancel ]'): the provider's denial. */
async function denyAtGoogle(popup: Page) {
  await popup.waitForURL(/\/dev\/idp\/interaction\//, { timeout: 20_000 })
  await popup.getByText('[ Cancel ]').click()
}

/** Apple's sign-in page (the CloudKit stand-in's) in the popup. */
async function atApple(popup: Page, appleId: string) {
  await popup.getByText('Sign in with your Apple ID').waitFor({ timeout: 20_000 })
  await popup.getByLabel('Apple ID').fill(appleId)
  await popup.getByRole('button', { name: 'Sign In' }).click()
}

/** A signed-in user with an automatic-recovery wallet, on a fresh device. */
async function newUser(email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await login(page, stack, email)
  await waitForHostEvent(page, 'wallet-created', { timeout: 30000 })
  await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
  return page
}

async function openBackupSettings(page: Page) {
  await page.evaluate(() => document.querySelector('auth-modal')!.openRecoverySettings())
  await modal(page).getByText('Update backup method').waitFor()
}

/** Clicks a cloud option (or the confirm button) and answers the popup it opens. */
async function throughPopup(page: Page, button: string, answer: (popup: Page) => Promise<void>) {
  const [popup] = await Promise.all([page.waitForEvent('popup'), modal(page).getByRole('button', { name: button }).click()])
  await answer(popup)
}

/** A new device: log in, sign the demo message; the wallet first needs recovering from the cloud. */
async function signOnNewDevice(email: string): Promise<Page> {
  const device = await (await browser.newContext()).newPage()
  await login(device, stack, email)
  await waitForHostEvent(device, 'modal-close', { timeout: 15000 })
  await device.locator('#sign').click()
  await prompt(device).getByRole('button', { name: 'Sign and continue' }).click()
  await modal(device).getByText("Confirm it's really you").waitFor({ timeout: 15000 })
  return device
}

async function expectSigned(device: Page, after: number, address: string) {
  const signed = (await waitForHostEvent(device, 'sign-success', { after, timeout: 60000 })).detail
  expect(signed.address).toBe(address)
  expect(await verifyMessage({ address: address as `0x${string}`, message: MESSAGE, signature: signed.signature })).toBe(true)
}

describe('cloud recovery', () => {
  it('Google Drive: backs up into the app-data folder (encrypted), recovers on a new device and signs; a wrong account fails with Try again; then cloud → password', async () => {
    const email = 'drive.owner@example.com'
    const page = await newUser(email)
    const [wallet] = await wallets(page)
    expect(wallet.recoveryMethod).toBe('privy')
    await openBackupSettings(page)
    // A denial first: the spec's failure title, the reason, and 'Try again' with a new popup.
    await throughPopup(page, 'Back up to Google Drive', denyAtGoogle)
    await modal(page).getByText('Back up with Google Drive unsuccessful').waitFor({ timeout: 30000 })
    await modal(page).getByText('Access to your cloud account was not granted.').waitFor()
    await expectNoAxeViolations(page, 'recovery OAuth failure')
    expect(drive.filesOf('drive-user@example.com')).toHaveLength(0)
    await throughPopup(page, 'Try again', (popup) => atGoogle(popup, 'drive-user@example.com'))
    await modal(page).getByText('Successfully backed up with Google Drive.').waitFor({ timeout: 30000 })
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    expect((await wallets(page))[0].recoveryMethod).toBe('google-drive')

    // The copy is in that Google account's app-data folder, one split's file, with no share in the clear.
    const files = drive.filesOf('drive-user@example.com')
    expect(files).toHaveLength(1)
    expect(files[0]).toMatchObject({ parents: ['appDataFolder'], mimeType: 'application/json' })
    expect(files[0].name).toMatch(new RegExp(`^gatehouse-recovery-[a-z0-9]+-${wallet.address}-[A-Za-z0-9]+\\.json$`))
    const copy = JSON.parse(files[0].content)
    expect(Object.keys(copy).sort()).toEqual(['app_id', 'ciphertext', 'entropy_id', 'iv', 'share_set', 'v'])
    // The current cloud method is hidden; the other stays.
    await openBackupSettings(page)
    expect(await modal(page).getByRole('button', { name: 'Back up to Google Drive' }).count()).toBe(0)
    await modal(page).getByRole('button', { name: 'Back up to Apple iCloud' }).waitFor()
    await page.context().close()

    // A new device: the wrong Google account first (no backup there), then the right one.
    const device = await signOnNewDevice(email)
    await expectNoAxeViolations(device, "recovery OAuth 'Confirm it's really you'")
    const before = await eventCount(device)
    await throughPopup(device, 'Confirm with Google Drive', (popup) => atGoogle(popup, 'someone-else@example.com'))
    await modal(device).getByText('Recovery with Google Drive unsuccessful').waitFor({ timeout: 30000 })
    await modal(device).getByText('Make sure you choose the Google Drive account you backed up with.').waitFor()
    await modal(device).getByText('No backup of this wallet was found in this cloud account. Pick the account you backed up with.').waitFor()
    // 'Recovering with Google Drive...' while the copy downloads (the stand-in holds it until seen).
    const download = drive.holdDownloads()
    try {
      await throughPopup(device, 'Try again', (popup) => atGoogle(popup, 'drive-user@example.com'))
      await expect.poll(() => download.held(), { timeout: 30000 }).toBe(1)
      await modal(device).locator('[data-state="working"]').getByText('Recovering with Google Drive...').waitFor()
    } finally {
      download.release()
    }
    await modal(device).getByText('Successfully recovered with Google Drive.').waitFor({ timeout: 30000 })
    await expectSigned(device, before, wallet.address)

    // Cloud → password, on the recovered device.
    await openBackupSettings(device)
    await modal(device).getByRole('button', { name: 'Set a password' }).click()
    await modal(device).getByText('Set your password').waitFor()
    await modal(device).getByPlaceholder('Password', { exact: true }).fill(PASSWORD)
    await modal(device).getByRole('button', { name: 'Continue' }).click()
    await modal(device).getByText('Save your password').waitFor()
    await modal(device).getByRole('button', { name: 'Continue' }).click()
    await modal(device).getByPlaceholder('Confirm password').fill(PASSWORD)
    await modal(device).getByRole('button', { name: 'Continue' }).click()
    await modal(device).getByRole('checkbox').check()
    await modal(device).getByRole('button', { name: 'Set Password' }).click()
    await modal(device).getByText('Success').waitFor({ timeout: 30000 })
    await device.waitForFunction(() => document.querySelector('auth-modal')!.wallets.some((w) => 'recoveryMethod' in w && w.recoveryMethod === 'user-passcode'))
    await device.context().close()
  })

  it("iCloud: backs up into the private database, recovers on a new device and signs ('Backing up with iCloud...', 'Recovering with iCloud...'); export on another new device recovers first", async () => {
    const email = 'icloud.owner@example.com'
    const page = await newUser(email)
    const [wallet] = await wallets(page)
    await openBackupSettings(page)
    const [popup] = await Promise.all([page.waitForEvent('popup'), modal(page).getByRole('button', { name: 'Back up to Apple iCloud' }).click()])
    await modal(page).getByText('Backing up with iCloud...').waitFor()
    await atApple(popup, 'ada@icloud.com')
    await modal(page).getByText('Successfully backed up with iCloud.').waitFor({ timeout: 30000 })
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    expect((await wallets(page))[0].recoveryMethod).toBe('icloud')
    const records = cloudKit.recordsOf(container, 'ada@icloud.com')
    expect(records).toHaveLength(1)
    expect(records[0]).toMatchObject({ recordType: 'GatehouseRecoveryShare', fields: { entropyId: { value: wallet.address } } })
    expect(Object.keys(JSON.parse(records[0].fields.copy.value as string)).sort()).toEqual(['app_id', 'ciphertext', 'entropy_id', 'iv', 'share_set', 'v'])
    await page.context().close()

    const device = await signOnNewDevice(email)
    const before = await eventCount(device)
    // 'Recovering with iCloud...' while Apple's sign-in (the popup) waits for the user.
    await throughPopup(device, 'Confirm with iCloud', async (p) => {
      await modal(device).getByText('Recovering with iCloud...').waitFor()
      await atApple(p, 'ada@icloud.com')
    })
    await modal(device).getByText('Successfully recovered with iCloud.').waitFor({ timeout: 30000 })
    await expectSigned(device, before, wallet.address)
    await device.context().close()

    // Export on another new device: the cloud recovery first, then the export screen; the key is this wallet's.
    const third = await (await browser.newContext()).newPage()
    await login(third, stack, email)
    await waitForHostEvent(third, 'modal-close', { timeout: 15000 })
    await third.evaluate((a) => void document.querySelector('auth-modal')!.exportWallet({ address: a }), wallet.address)
    await modal(third).getByText("Confirm it's really you").waitFor({ timeout: 30000 })
    await throughPopup(third, 'Confirm with iCloud', (p) => atApple(p, 'ada@icloud.com'))
    await modal(third).getByText('Never share your private key or seed phrase with anyone.').waitFor({ timeout: 30000 })
    const key = await copyExportedKey(third)
    expect(privateKeyToAccount(key as `0x${string}`).address).toBe(wallet.address)
    await third.context().close()
  })

  it("iCloud at account creation: 'Secure your account' → 'Back up to Apple iCloud' creates the wallet backed up, then 'Welcome'", async () => {
    await stack.createApp({
      name: 'Cloud First',
      embeddedWallets: {
        ethereum: { createOnLogin: 'users-without-wallets' },
        requireUserOwnedRecoveryOnCreate: true,
        userOwnedRecoveryOptions: ['user-passcode', 'icloud'],
      },
      recoveryOAuth: { icloud: { containerId: container.containerId, environment: container.environment, apiToken: container.apiToken } },
    })
    const page = await (await browser.newContext()).newPage()
    await login(page, stack, 'icloud.first@example.com')
    await modal(page).getByText('Secure your account').waitFor({ timeout: 15000 })
    expect(await modal(page).getByRole('button', { name: 'Back up to Google Drive' }).count()).toBe(0)
    await throughPopup(page, 'Back up to Apple iCloud', (popup) => atApple(popup, 'grace@icloud.com'))
    await modal(page).getByText('Successfully backed up with iCloud.').waitFor({ timeout: 30000 })
    await waitForHostEvent(page, 'wallet-created', { timeout: 30000 })
    await modal(page).getByText('Welcome to Cloud First').waitFor({ timeout: 15000 })
    const [wallet] = await wallets(page)
    expect(wallet.recoveryMethod).toBe('icloud')
    expect(cloudKit.recordsOf(container, 'grace@icloud.com')).toEqual([
      expect.objectContaining({ fields: expect.objectContaining({ entropyId: { value: wallet.address, type: 'STRING' } }) }),
    ])
    await page.context().close()
  })
})
