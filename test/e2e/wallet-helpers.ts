import type { BrowserContext, Frame, Page } from 'playwright-core'
import type { Stack } from '../stack.ts'
import { modal, submitEmail, typeCode, waitForHostEvent } from './helpers.ts'

declare global {
  interface Window {
    __leaks: { messages: string[]; storage: string[] }
  }
}

/**
 * Records, in every frame of the context, each message a window receives and each storage or
 * cookie write. The host origin's records must never hold key material; the frame's records are
 * what the host sent it.
 */
export async function recordLeaks(context: BrowserContext) {
  await context.addInitScript(() => {
    const rec = (window.__leaks = { messages: [] as string[], storage: [] as string[] })
    window.addEventListener('message', (event) => rec.messages.push(`${event.origin} ${JSON.stringify(event.data)}`), true)
    const setItem = Storage.prototype.setItem
    Storage.prototype.setItem = function (key: string, value: string) {
      rec.storage.push(`${key}=${value}`)
      return setItem.call(this, key, value)
    }
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!
    Object.defineProperty(document, 'cookie', {
      get: () => cookie.get!.call(document),
      set: (value: string) => {
        rec.storage.push(`cookie:${value}`)
        cookie.set!.call(document, value)
      },
    })
  })
}

/** Everything recorded on the host page and in the wallet frames (messages the host sent them). */
export async function collectLeaks(page: Page): Promise<{ host: string; frames: string }> {
  const host = await page.evaluate(() => JSON.stringify(window.__leaks))
  const frames: string[] = []
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue
    frames.push(await frame.evaluate(() => JSON.stringify(window.__leaks.messages)).catch(() => ''))
  }
  return { host, frames: frames.join('\n') }
}

export function walletFrame(page: Page): Frame {
  const frame = page.frames().find((f) => /\/embedded-wallets$/.test(new URL(f.url()).pathname))
  if (!frame) throw new Error('no wallet frame on the page')
  return frame
}

export async function login(page: Page, stack: Stack, email: string) {
  await page.goto(`${stack.demoUrl}/`)
  await waitForHostEvent(page, 'auth-ready')
  await page.locator('#login').click()
  await submitEmail(page, email)
  await typeCode(page, await stack.nextCode(email))
  return waitForHostEvent(page, 'auth-success')
}

export const prompt = (page: Page) => page.locator('sign-prompt')

/** Clicks a demo sign button, approves in `<sign-prompt>`, and returns the sign-success detail. */
export async function signThroughPrompt(page: Page, button: string, after: number) {
  await page.locator(button).click()
  await prompt(page).getByRole('button', { name: 'Sign and continue' }).click()
  return (await waitForHostEvent(page, 'sign-success', { after, timeout: 60000 })).detail as { method: string; address: string; signature: string }
}

export const wallets = (page: Page) =>
  page.evaluate(() =>
    document
      .querySelector('auth-modal')!
      .wallets.flatMap((w) =>
        'walletIndex' in w ? [{ address: w.address, chainType: w.chainType, walletIndex: w.walletIndex, recoveryMethod: w.recoveryMethod }] : [],
      ),
  )

export { modal }

/**
 * The key the export frame's 'Copy key' puts on the clipboard (spec part 3 §9: a 44 px row of copy
 * buttons; the secret never reaches the host page's DOM). The export screen must be open.
 */
export async function copyExportedKey(page: Page): Promise<string> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  const exportFrame = page.frameLocator('auth-modal iframe[title="Exported key"]')
  await exportFrame.getByRole('button', { name: 'Copy key' }).click({ timeout: 30000 })
  await exportFrame.getByRole('button', { name: 'Copied' }).waitFor({ timeout: 15000 })
  return page.evaluate(() => navigator.clipboard.readText())
}

/** A wallet account as the element's `user` shows it (the fields the delegation tests read). */
export interface WalletAccount {
  id: string
  type: string
  address: string
  chainType: string
  delegated: boolean
}

/** Starts a host call on `<auth-modal>` and answers 'resolved' or the rejection's text (`shortMessage`). */
export const hostCall = (
  page: Page,
  method: 'delegateWallet' | 'revokeWallets' | 'requestFarcasterSignerFromWarpcast' | 'signFarcasterMessage',
  argument?: unknown,
) =>
  page.evaluate(
    ([name, arg]) => {
      const element = document.querySelector('auth-modal') as unknown as Record<string, (a?: unknown) => Promise<unknown>>
      return element[name as string]!(arg).then(
        () => 'resolved',
        (error: Error & { shortMessage?: string }) => error.shortMessage ?? error.message,
      )
    },
    [method, argument] as const,
  )

/** The user's wallet accounts as `<auth-modal>` shows them. */
export const walletAccounts = (page: Page) =>
  page.evaluate(() =>
    (document.querySelector('auth-modal') as unknown as { user: { linkedAccounts: WalletAccount[] } }).user.linkedAccounts.filter((a) => a.type === 'wallet'),
  )

declare global {
  interface Window {
    /** The smart-wallet client `smartWallet()` got from `<auth-modal>`. */
    __smartWallet: import('../../src/actions/getSmartWalletClient.ts').SmartWalletClient
  }
}

/** Gets the user's smart wallet from `<auth-modal>` (kept as `window.__smartWallet` for later calls): its address and owner. */
export const smartWallet = (page: Page) =>
  page.evaluate(async () => {
    const client = await document.querySelector('auth-modal')!.getSmartWalletClient()
    window.__smartWallet = client
    return { address: client.address, owner: client.owner }
  })
