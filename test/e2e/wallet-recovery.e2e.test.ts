/**
 * Password recovery end to end: an app that requires user-owned recovery walks a new user through
 * 'Secure Your Account' and the four-step password flow; a second browser context (a new device)
 * must enter that password, and a wrong one shows the spec's message. Also: the wallet frame
 * ignores messages from an origin the app does not allow.
 */
import type { Browser } from 'playwright-core'
import { chromium } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error plain ES module shared with the benchmark scripts
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs'
import { startStack, type Stack } from '../stack.ts'
import { eventCount, modal, waitForHostEvent } from './helpers.ts'
import { login, prompt, signThroughPrompt, wallets } from './wallet-helpers.ts'

const MESSAGE = 'Hello from the Gatehouse demo'
const PASSWORD = 'Correct-Horse-42!'

describe('password recovery and the frame origin check', () => {
  let stack: Stack
  let browser: Browser
  let appId: string

  beforeAll(async () => {
    stack = await startStack()
    // evil.test resolves to this machine: a page origin the app does not allow.
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP evil.test 127.0.0.1'],
    })
    appId = (
      await stack.createApp({
        name: 'Password App',
        embeddedWallets: {
          ethereum: { createOnLogin: 'users-without-wallets' },
          requireUserOwnedRecoveryOnCreate: true,
          userOwnedRecoveryOptions: ['user-passcode'],
        },
      })
    ).id
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  it('sets a password at creation and recovers with it on a new device; a wrong password shows the message', async () => {
    const email = 'password.owner@example.com'
    const first = await browser.newContext()
    const page = await first.newPage()
    await login(page, stack, email)
    await modal(page).getByText('Secure Your Account').waitFor({ timeout: 15000 })
    await modal(page).getByRole('button', { name: 'Add password' }).click()

    await modal(page).getByText('Set your password').waitFor()
    const field = modal(page).getByPlaceholder('Password', { exact: true })
    await field.fill('abc')
    await field.blur()
    await modal(page).getByText('Password must be at least 6 characters').waitFor()
    expect(await modal(page).getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true)
    await field.fill(PASSWORD)
    await modal(page).getByText('Strong').waitFor()
    await modal(page).getByRole('button', { name: 'Continue' }).click()

    await modal(page).getByText('Save your password').waitFor()
    await modal(page).getByText(PASSWORD).waitFor()
    await modal(page).getByRole('button', { name: 'Continue' }).click()

    await modal(page).getByText('Confirm your password').waitFor()
    const confirm = modal(page).getByPlaceholder('Confirm password')
    await confirm.fill('Something-else')
    await confirm.blur()
    await modal(page).getByText('Passwords do not match').waitFor()
    await confirm.fill(PASSWORD)
    await modal(page).getByRole('button', { name: 'Continue' }).click()

    await modal(page).getByText('Confirm you have saved').waitFor()
    const setPassword = modal(page).getByRole('button', { name: 'Set Password' })
    expect(await setPassword.isDisabled()).toBe(true)
    // Started by the app ('Secure Your Account'), not by the user: no Cancel.
    expect(await modal(page).getByRole('button', { name: 'Cancel' }).count()).toBe(0)
    await modal(page).getByRole('checkbox').check()
    await setPassword.click()
    await modal(page).getByText('Success').waitFor({ timeout: 30000 })
    await waitForHostEvent(page, 'wallet-created', { timeout: 30000 })
    await modal(page).getByText('Welcome to Password App').waitFor({ timeout: 15000 })
    await waitForHostEvent(page, 'modal-close', { timeout: 15000 })
    const [wallet] = await wallets(page)
    expect(wallet).toMatchObject({ chainType: 'ethereum', recoveryMethod: 'user-passcode' })
    await first.close()

    // A new device: signing needs the password first.
    const second = await browser.newContext()
    const device = await second.newPage()
    await login(device, stack, email)
    await waitForHostEvent(device, 'modal-close', { timeout: 15000 })
    const before = await eventCount(device)
    await device.locator('#sign').click()
    await prompt(device).getByRole('button', { name: 'Sign and continue' }).click()
    await modal(device).getByText('Enter your password').waitFor({ timeout: 15000 })
    const input = modal(device).getByPlaceholder('Recovery password')
    // Spec part 2 §5: the password must be non-empty to submit.
    expect(await modal(device).getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true)
    await input.fill('Wrong-Horse-42!')
    await modal(device).getByRole('button', { name: 'Continue' }).click()
    await modal(device).getByText('Invalid recovery password, please try again.').waitFor({ timeout: 30000 })
    expect(await input.inputValue()).toBe('Wrong-Horse-42!') // what the user typed stays
    await input.fill(PASSWORD)
    await modal(device).getByRole('button', { name: 'Continue' }).click()
    const signed = (await waitForHostEvent(device, 'sign-success', { after: before, timeout: 60000 })).detail
    expect(signed.address).toBe(wallet.address)
    expect(await verifyMessage({ address: wallet.address as `0x${string}`, message: MESSAGE, signature: signed.signature })).toBe(true)
    await second.close()
  })

  it('error: the wallet frame ignores messages from an origin the app does not allow', async () => {
    const frameUrl = `${stack.apiUrl}/apps/${appId}/embedded-wallets`
    const ask = (pageUrl: string, stripCsp: boolean) => async () => {
      const context = await browser.newContext()
      const page = await context.newPage()
      // Without frame-ancestors the foreign page can embed the frame: the frame's own check must hold.
      if (stripCsp) {
        await page.route(frameUrl, async (route) => {
          const response = await route.fetch()
          const headers = { ...response.headers() }
          delete headers['content-security-policy']
          await route.fulfill({ response, headers })
        })
      }
      await page.goto(pageUrl)
      const answered = await page.evaluate(
        ([url, origin]) =>
          new Promise<boolean>((resolve) => {
            const iframe = document.createElement('iframe')
            iframe.src = url
            window.addEventListener('message', (event) => {
              if (event.origin === origin && event.data?.id === 'probe') resolve(true)
            })
            iframe.addEventListener('load', () => {
              iframe.contentWindow!.postMessage({ tag: 'gatehouse-wallet', id: 'probe', type: 'ready', payload: {} }, origin)
              setTimeout(() => resolve(false), 2000)
            })
            document.body.append(iframe)
          }),
        [frameUrl, stack.apiUrl] as const,
      )
      await context.close()
      return answered
    }
    const demoPort = new URL(stack.demoUrl).port
    expect(await ask(`${stack.demoUrl}/`, false)()).toBe(true)
    expect(await ask(`http://evil.test:${demoPort}/`, true)()).toBe(false)
  })
})
