/**
 * Spec part 2 §2 / §4: the password flow's controls and navigation. Show/Hide, 'Generate
 * passphrase', Copy and Download ('<App>-wallet-recovery.txt'), Back one step at a time (from
 * 'Set your password' only when the flow came from method selection), Cancel only when the user
 * started the flow, the failure result 'Something went wrong' with Close, and the automatic start
 * moving on 1.4 s after 'Success'. The wallet frame is stubbed (getWalletProxy().request).
 */
import './auth-modal.ts'
import { getWalletProxy } from '../../src/wallets/embedded/proxy.ts'
import { openWalletScreen } from '../../src/wallets/embedded/modal.ts'
import { assert, button, equal, queryByText, shadow, type, waitFor, wireEmbeddedWallet, wireUser } from '../testing/harness.ts'
import { mountSignedIn } from '../testing/signed-in.ts'
import type { AuthModalElement } from './auth-modal.element.ts'

const ADDRESS = '0x3333333333333333333333333333333333333333'
const walletAccount = (recoveryMethod: string) => wireEmbeddedWallet({ address: ADDRESS, recovery_method: recoveryMethod, entropy_id: ADDRESS })
const userWith = (recoveryMethod: string | null) =>
  wireUser({ linked_accounts: [...wireUser().linked_accounts, ...(recoveryMethod ? [walletAccount(recoveryMethod)] : [])] })

const mount = (embeddedWallets: Record<string, unknown>, recoveryMethod: string | null = 'privy'): Promise<AuthModalElement> =>
  mountSignedIn(userWith(recoveryMethod), {}, { name: 'Acme Pay 2', embeddedWallets })

const root = (element: Element) => shadow(element)
const step = (element: Element) => root(element).querySelector<HTMLElement>('[data-screen="embedded-wallet-password"]')?.dataset.step
const passwordInput = (element: Element) => root(element).querySelector<HTMLInputElement>('input[part~="password-input"]')!
/** A button of the flow itself (the header's own back button is the shell's, not the flow's). */
const flowButton = (element: Element, name: string) => {
  const body = root(element).querySelector<HTMLElement>('[data-screen="embedded-wallet-password"]')
  return body ? button(body, name) : null
}
const toStep = (element: Element, name: string) => waitFor(() => step(element) === name, `step ${name}`)

describe('password flow controls', () => {
  it('Show/Hide, Generate passphrase, Copy, Download, Back one step at a time; a refusal ends on Something went wrong + Close', async () => {
    const element = await mount({ userOwnedRecoveryOptions: ['user-passcode'] })
    getWalletProxy().request = (async (type: string) => {
      if (type === 'wallets:set-recovery') throw new Error('frame refused')
      return {}
    }) as never
    element.openRecoverySettings()
    ;(await waitFor(() => button(root(element), 'Set a password'), 'Set a password')).click()
    await toStep(element, 'creating')
    assert(queryByText(root(element), 'Set your password'), 'title')
    assert(flowButton(element, 'Back'), 'Back offered after method selection')

    // Show / Hide flips the field between hidden and plain text.
    equal(passwordInput(element).type, 'password')
    button(root(element), 'Show')!.click()
    await waitFor(() => passwordInput(element).type === 'text', 'shown')
    equal(button(root(element), 'Hide')!.getAttribute('aria-pressed'), 'true')
    button(root(element), 'Hide')!.click()
    await waitFor(() => passwordInput(element).type === 'password', 'hidden again')

    // Generate passphrase: four BIP-39 words, shown, and accepted (Continue enabled).
    button(root(element), 'Generate passphrase')!.click()
    await waitFor(() => passwordInput(element).value, 'generated')
    const phrase = passwordInput(element).value
    assert(/^[a-z]+(-[a-z]+){3}$/.test(phrase), `a 4-word passphrase (${phrase})`)
    equal(passwordInput(element).type, 'text')
    equal(button(root(element), 'Continue')!.disabled, false)

    // Save your password: Copy writes it to the clipboard, Download saves it as a .txt named from the app.
    button(root(element), 'Continue')!.click()
    await toStep(element, 'saving')
    assert(queryByText(root(element), 'Save your password'), 'save title')
    const copied: string[] = []
    const clipboard = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard')!
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } })
    const blobs: Blob[] = []
    const downloads: { name: string; href: string }[] = []
    const createObjectURL = URL.createObjectURL
    const anchorClick = HTMLAnchorElement.prototype.click
    URL.createObjectURL = (blob: Blob) => (blobs.push(blob), 'blob:password-file')
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, href: this.href })
    }
    try {
      button(root(element), 'Copy')!.click()
      await waitFor(() => button(root(element), 'Copied'), 'Copied')
      equal(copied, [phrase])
      button(root(element), 'Download')!.click()
      await waitFor(() => downloads.length, 'download')
    } finally {
      URL.createObjectURL = createObjectURL
      HTMLAnchorElement.prototype.click = anchorClick
      delete (navigator as { clipboard?: unknown }).clipboard
      Object.defineProperty(Navigator.prototype, 'clipboard', clipboard)
    }
    equal(downloads, [{ name: 'Acme-Pay-wallet-recovery.txt', href: 'blob:password-file' }])
    equal(blobs[0]!.type, 'text/plain')
    equal(await blobs[0]!.text(), phrase)

    // Back goes one step back, keeping what was typed.
    flowButton(element, 'Back')!.click()
    await toStep(element, 'creating')
    equal(passwordInput(element).value, phrase)
    button(root(element), 'Continue')!.click()
    await toStep(element, 'saving')
    button(root(element), 'Continue')!.click()
    await toStep(element, 'confirming')
    assert(queryByText(root(element), 'Confirm your password'), 'confirm title')
    flowButton(element, 'Back')!.click()
    await toStep(element, 'saving')
    button(root(element), 'Continue')!.click()
    await toStep(element, 'confirming')
    type(passwordInput(element), phrase)
    button(root(element), 'Continue')!.click()
    await toStep(element, 'finalizing')
    assert(queryByText(root(element), 'Confirm you have saved'), 'finalizing title')
    assert(flowButton(element, 'Cancel'), 'Cancel: the user started the flow')

    // The frame refuses: the result is 'Something went wrong' with Close, which closes the modal.
    root(element).querySelector<HTMLInputElement>('input[type=checkbox]')!.click()
    button(root(element), 'Set Password')!.click()
    await waitFor(() => queryByText(root(element), 'Something went wrong'), 'failure result')
    assert(queryByText(root(element), 'An error has occurred, please try again.'), 'failure detail')
    equal(step(element), 'done')
    flowButton(element, 'Close')!.click()
    await waitFor(() => !element.hasAttribute('open'), 'closed')
  })

  it("setWalletPassword(): no Back on 'Set your password' (not from method selection); Cancel on the last step ends the flow", async () => {
    const element = await mount({ userOwnedRecoveryOptions: ['user-passcode'] })
    const outcome = element.setWalletPassword().then(
      () => 'resolved',
      (error: { shortMessage: string; code: string }) => `${error.code}: ${error.shortMessage}`,
    )
    await toStep(element, 'creating')
    equal(flowButton(element, 'Back'), null)
    type(passwordInput(element), 'Secret-pass1')
    button(root(element), 'Continue')!.click()
    await toStep(element, 'saving')
    button(root(element), 'Continue')!.click()
    await toStep(element, 'confirming')
    type(passwordInput(element), 'Secret-pass1')
    button(root(element), 'Continue')!.click()
    await toStep(element, 'finalizing')
    flowButton(element, 'Cancel')!.click()
    equal(await outcome, 'USER_EXITED_SET_PASSWORD_FLOW: Exited before password was added to wallet')
  })

  it("started by itself ('Secure Your Account' → 'Add password'): no Back, no Cancel; 'Success' moves on after 1.4 s", async () => {
    const element = await mount(
      { ethereum: { createOnLogin: 'users-without-wallets' }, userOwnedRecoveryOptions: ['user-passcode'], requireUserOwnedRecoveryOnCreate: true },
      null,
    )
    const proxy = getWalletProxy()
    const calls: { type: string; recoveryMethod?: string; recoveryPassword?: string }[] = []
    proxy.ready = (async () => undefined) as never
    proxy.request = (async (type: string, payload: { recoveryMethod?: string; recoveryPassword?: string }) => {
      calls.push({ type, recoveryMethod: payload.recoveryMethod, recoveryPassword: payload.recoveryPassword })
      return type === 'wallet:create' ? { user: userWith('user-passcode'), address: ADDRESS } : {}
    }) as never
    openWalletScreen({ name: 'embedded-wallet-secure', isNewUser: true })
    ;(await waitFor(() => button(root(element), 'Add password'), 'Add password')).click()
    await toStep(element, 'creating')
    equal(flowButton(element, 'Back'), null, 'no Back: the previous screen is not method selection')
    type(passwordInput(element), 'Secret-pass1')
    button(root(element), 'Continue')!.click()
    await toStep(element, 'saving')
    button(root(element), 'Continue')!.click()
    await toStep(element, 'confirming')
    type(passwordInput(element), 'Secret-pass1')
    button(root(element), 'Continue')!.click()
    await toStep(element, 'finalizing')
    equal(flowButton(element, 'Cancel'), null, 'no Cancel: the flow started by itself')
    root(element).querySelector<HTMLInputElement>('input[type=checkbox]')!.click()
    button(root(element), 'Set Password')!.click()
    await waitFor(() => step(element) === 'done' && queryByText(root(element), 'Success'), 'Success')
    const shownAt = performance.now()
    await waitFor(() => root(element).querySelector('[data-screen="embedded-wallet-created"]'), 'wallet-created screen', 5000)
    const elapsed = performance.now() - shownAt
    assert(elapsed >= 1300 && elapsed < 5000, `moves on after 1400 ms (took ${Math.round(elapsed)} ms)`)
    equal(calls, [{ type: 'wallet:create', recoveryMethod: 'user-passcode', recoveryPassword: 'Secret-pass1' }])
  })
})
