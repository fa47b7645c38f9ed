/**
 * The embedded-wallet host API end to end (demo page, real server, Chromium): importWallet for
 * Ethereum and Solana (the imported address signs, `imported: true`, export shows the same key),
 * createWallet's rules and error texts as the host sees them, and openRecoverySettings moving a
 * wallet from automatic recovery to a password and back, checked on a new device each time.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import type { Browser, Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { modal, waitForHostEvent } from './helpers.ts'
import { copyExportedKey, login, wallets } from './wallet-helpers.ts'

const PASSWORD = 'Blue-Canyon-77!'

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

async function signEthereumHeadless(page: Page, address: string, message: string): Promise<string> {
  const result = await host<string>(
    page,
    `modal.getEthereumProvider('${address}', { showWalletUIs: false }).request({ method: 'personal_sign', params: ['${message}', '${address}'] })`,
  )
  if (!result.ok) throw new Error(result.message)
  return result.value
}

async function exportedKey(page: Page, address: string): Promise<string> {
  await page.evaluate((a) => void (document.querySelector('auth-modal') as any).exportWallet({ address: a }), address)
  await modal(page).getByText('Never share your private key or seed phrase with anyone.').waitFor({ timeout: 30000 })
  const key = await copyExportedKey(page)
  await page.evaluate(() => (document.querySelector('auth-modal') as any).close())
  await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
  return key
}

describe('embedded-wallet host API', () => {
  let stack: Stack
  let browser: Browser

  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
    await stack.createApp({ name: 'Host API App', embeddedWallets: { userOwnedRecoveryOptions: ['user-passcode'] } })
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  it('imports an Ethereum and a Solana key: the imported addresses sign, are imported, and export the same keys', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await login(page, stack, 'importer@example.com')
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })

    const ethKey = generatePrivateKey()
    const eth = await host<{ address: string; imported: boolean; chainType: string }>(
      page,
      `modal.importWallet({ privateKey: '${ethKey}', chainType: 'ethereum' })`,
    )
    // Spec part 3 §9 connector types: an imported key is 'embedded_imported'.
    expect(eth).toMatchObject({ ok: true, value: { imported: true, chainType: 'ethereum', connectorType: 'embedded_imported' } })
    if (!eth.ok) return
    expect(eth.value.address.toLowerCase()).toBe(privateKeyToAccount(ethKey).address.toLowerCase())

    const seed = ed25519.utils.randomPrivateKey()
    const secretKey = base58.encode(new Uint8Array([...seed, ...ed25519.getPublicKey(seed)]))
    const sol = await host<{ address: string; imported: boolean }>(page, `modal.importWallet({ privateKey: '${secretKey}', chainType: 'solana' })`)
    expect(sol).toMatchObject({ ok: true, value: { imported: true, address: base58.encode(ed25519.getPublicKey(seed)) } })
    if (!sol.ok) return

    const signature = await signEthereumHeadless(page, eth.value.address, 'imported hello')
    expect(await verifyMessage({ address: eth.value.address as `0x${string}`, message: 'imported hello', signature: signature as `0x${string}` })).toBe(true)
    const solSigned = await host<{ signature: string }>(
      page,
      `modal.signMessage({ message: 'imported hello', address: '${sol.value.address}', showWalletUIs: false })`,
    )
    expect(solSigned.ok).toBe(true)
    if (solSigned.ok)
      expect(ed25519.verify(base64.decode(solSigned.value.signature), new TextEncoder().encode('imported hello'), ed25519.getPublicKey(seed))).toBe(true)

    expect((await exportedKey(page, eth.value.address)).toLowerCase()).toBe(ethKey.toLowerCase())
    expect(await exportedKey(page, sol.value.address)).toBe(secretKey)
    expect(await host<unknown[]>(page, `modal.wallets.filter((w) => w.imported).length`)).toEqual({ ok: true, value: 2 })

    // The same key again is refused with the spec's failure text.
    const again = await host(page, `modal.importWallet({ privateKey: '${ethKey}', chainType: 'ethereum' })`)
    expect(again).toMatchObject({ ok: false, message: 'Failed to create wallet' })
    await context.close()
  })

  it('error: createWallet enforces the spec rules with its error texts, and createAdditional / walletIndex derive new wallets', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    expect(
      await (async () => {
        await page.goto(`${stack.demoUrl}/`)
        await waitForHostEvent(page, 'auth-ready')
        return host(page, `modal.createWallet()`)
      })(),
    ).toMatchObject({ ok: false, message: 'User must be authenticated before creating a Privy wallet' })

    await login(page, stack, 'creator@example.com')
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    expect(await host(page, `modal.createWallet({ walletIndex: -1 })`)).toMatchObject({ ok: false, message: 'A negative walletIndex is invalid' })
    expect(await host(page, `modal.createWallet({ createAdditional: true })`)).toMatchObject({
      ok: false,
      message: 'An additional wallet requires an existing primary wallet',
    })
    expect(await host(page, `modal.createWallet({ walletIndex: 1, createAdditional: true })`)).toMatchObject({
      ok: false,
      message: 'Invalid input, use createAdditional instead of walletIndex...',
    })

    const first = await host<{ address: string; walletIndex: number }>(page, `modal.createWallet()`)
    expect(first).toMatchObject({ ok: true, value: { walletIndex: 0 } })
    expect(await host(page, `modal.createWallet({ chainType: 'ethereum' })`)).toMatchObject({ ok: false, message: 'User already has an embedded wallet.' })
    const second = await host<{ address: string; walletIndex: number }>(page, `modal.createWallet({ createAdditional: true })`)
    expect(second).toMatchObject({ ok: true, value: { walletIndex: 1 } })
    const fifth = await host<{ address: string; walletIndex: number }>(page, `modal.createWallet({ walletIndex: 4 })`)
    expect(fifth).toMatchObject({ ok: true, value: { walletIndex: 4 } })
    expect(await host(page, `modal.createWallet({ walletIndex: 4 })`)).toMatchObject({ ok: false, message: 'User already has an embedded wallet.' })
    const sol = await host<{ chainType: string; walletIndex: number }>(page, `modal.createWallet({ chainType: 'solana' })`)
    expect(sol).toMatchObject({ ok: true, value: { chainType: 'solana', walletIndex: 0 } })

    const list = await wallets(page)
    expect(list.map((w) => [w.chainType, w.walletIndex])).toEqual([
      ['ethereum', 0],
      ['ethereum', 1],
      ['ethereum', 4],
      ['solana', 0],
    ])
    expect(new Set(list.map((w) => w.address)).size).toBe(4)
    const created = await page.evaluate(() => window.gatehouseEvents.filter((e) => e.type === 'wallet-created').length)
    expect(created).toBe(4)
    // Every derived wallet signs for its own address.
    for (const wallet of list.filter((w) => w.chainType === 'ethereum')) {
      const signature = await signEthereumHeadless(page, wallet.address, 'index check')
      expect(await verifyMessage({ address: wallet.address as `0x${string}`, message: 'index check', signature: signature as `0x${string}` })).toBe(true)
    }
    await context.close()
  })

  it('openRecoverySettings moves the wallet from automatic recovery to a password and back; a new device needs the new method', async () => {
    const email = 'switcher@example.com'
    const context = await browser.newContext()
    const page = await context.newPage()
    await login(page, stack, email)
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    const created = await host<{ address: string; recoveryMethod: string }>(page, `modal.createWallet()`)
    expect(created).toMatchObject({ ok: true, value: { recoveryMethod: 'privy' } })
    if (!created.ok) return
    const address = created.value.address

    // Automatic → password, through 'Update backup method' and the four-step flow.
    await page.evaluate(() => (document.querySelector('auth-modal') as any).openRecoverySettings('user-passcode'))
    await modal(page).getByText('Update backup method').waitFor({ timeout: 15000 })
    await modal(page).getByRole('button', { name: 'Set a password' }).click()
    await modal(page).getByText('Set your password').waitFor()
    await modal(page).getByPlaceholder('Password', { exact: true }).fill(PASSWORD)
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    await modal(page).getByText('Save your password').waitFor()
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    await modal(page).getByPlaceholder('Confirm password').fill(PASSWORD)
    await modal(page).getByRole('button', { name: 'Continue' }).click()
    await modal(page).getByText('Confirm you have saved').waitFor()
    await modal(page).getByRole('checkbox').check()
    await modal(page).getByRole('button', { name: 'Set Password' }).click()
    await modal(page).getByText('Success').waitFor({ timeout: 60000 })
    await expect.poll(async () => (await wallets(page))[0]?.recoveryMethod, { timeout: 15000 }).toBe('user-passcode')
    await page.evaluate(() => (document.querySelector('auth-modal') as any).close())

    // A new device must now type the password.
    const device = await (await browser.newContext()).newPage()
    await login(device, stack, email)
    await waitForHostEvent(device, 'modal-close', { timeout: 15000 })
    const pending = device.evaluate(
      (a) => (document.querySelector('auth-modal') as any).getEthereumProvider(a).request({ method: 'personal_sign', params: ['on the new device', a] }),
      address,
    )
    await device.locator('sign-prompt').getByRole('button', { name: 'Sign and continue' }).click()
    await modal(device).getByText('Enter your password').waitFor({ timeout: 30000 })
    await modal(device).getByPlaceholder('Recovery password').fill(PASSWORD)
    await modal(device).getByRole('button', { name: 'Continue' }).click()
    expect(await verifyMessage({ address: address as `0x${string}`, message: 'on the new device', signature: (await pending) as `0x${string}` })).toBe(true)
    await device.context().close()

    // Password → automatic: 'Automatically secure your account', Confirm, Success, closes by itself.
    await page.evaluate(() => (document.querySelector('auth-modal') as any).openRecoverySettings('privy'))
    await modal(page).getByText('Automatically secure your account').waitFor({ timeout: 15000 })
    await modal(page).getByRole('button', { name: 'Confirm' }).click()
    const before = await page.evaluate(() => window.gatehouseEvents.length)
    await modal(page).getByText('Success').waitFor({ timeout: 60000 })
    await waitForHostEvent(page, 'modal-close', { timeout: 15000, after: before })
    await expect.poll(async () => (await wallets(page))[0]?.recoveryMethod, { timeout: 15000 }).toBe('privy')
    await context.close()

    // Another new device recovers without a password (pinless) and signs headless.
    const third = await (await browser.newContext()).newPage()
    await login(third, stack, email)
    await waitForHostEvent(third, 'modal-close', { timeout: 15000 })
    const signature = await signEthereumHeadless(third, address, 'pinless again')
    expect(await verifyMessage({ address: address as `0x${string}`, message: 'pinless again', signature: signature as `0x${string}` })).toBe(true)
    await third.context().close()
  })
})
