import './auth-modal.ts'
import { toUser } from '../../src/api/user.ts'
import { $session } from '../../src/stores/session.ts'
import { $wallets } from '../../src/stores/wallets.ts'
import { getWalletProxy } from '../../src/wallets/embedded/proxy.ts'
import {
  API_URL,
  APP_ID,
  accessToken,
  appConfig,
  assert,
  button,
  equal,
  mockFetch,
  queryByText,
  recordEvents,
  reset,
  shadow,
  type,
  waitFor,
  wireEmbeddedWallet,
  wireUser,
} from '../testing/harness.ts'
import type { AuthModalElement } from './auth-modal.element.ts'

const ADDRESS = '0x2222222222222222222222222222222222222222'

function walletAccount(recoveryMethod: string) {
  return wireEmbeddedWallet({ address: ADDRESS, recovery_method: recoveryMethod, entropy_id: ADDRESS })
}
const userWith = (recoveryMethod: string) => wireUser({ linked_accounts: [...wireUser().linked_accounts, walletAccount(recoveryMethod)] })

/** `<auth-modal>` for an app with these user-owned recovery options, signed in with one embedded wallet. */
async function mount(options: string[] | undefined, recoveryMethod = 'privy'): Promise<AuthModalElement> {
  reset()
  mockFetch({
    [`GET /apps/${APP_ID}`]: { body: appConfig(options ? { embeddedWallets: { userOwnedRecoveryOptions: options } } : {}) },
    'POST /analytics_events': { status: 204 },
  })
  const element = document.createElement('auth-modal')
  element.setAttribute('app-id', APP_ID)
  element.setAttribute('api-url', API_URL)
  document.body.append(element)
  await waitFor(() => element.ready, 'ready')
  $session.set({
    status: 'authenticated',
    user: toUser(userWith(recoveryMethod) as never),
    tokens: { token: accessToken(), refreshToken: 'refresh-1', identityToken: null },
  })
  return element
}

const root = (element: Element) => shadow(element)
const screen = (element: Element) => root(element).querySelector<HTMLElement>('[data-screen]')?.dataset.screen

describe('recovery settings screens', () => {
  it("'Update backup method' lists the password option; cloud options only when the app enables them, as real choices", async () => {
    let element = await mount(['user-passcode'])
    element.openRecoverySettings()
    await waitFor(() => queryByText(root(element), 'Update backup method'), 'title')
    assert(button(root(element), 'Set a password'), 'Set a password')
    equal(button(root(element), 'Back up to Google Drive'), null, 'Google Drive hidden when not enabled')
    equal(button(root(element), 'Back up to Apple iCloud'), null, 'iCloud hidden when not enabled')

    element = await mount(['user-passcode', 'google-drive', 'icloud'])
    element.openRecoverySettings()
    await waitFor(() => queryByText(root(element), 'Update backup method'), 'title')
    for (const name of ['Back up to Google Drive', 'Back up to Apple iCloud']) {
      const cloud = button(root(element), name)!
      assert(cloud, `${name} shown when enabled`)
      equal(cloud.disabled, false, `${name} enabled`)
      equal(cloud.hasAttribute('aria-describedby'), false, `${name} carries no 'not available' reason`)
    }
    equal(button(root(element), 'Set a password')!.disabled, false)
  })

  it("hides the current method when it is a cloud method, and offers 'Reset your password' to a password user", async () => {
    let element = await mount(['user-passcode', 'google-drive', 'icloud'], 'icloud')
    element.openRecoverySettings()
    await waitFor(() => queryByText(root(element), 'Update backup method'), 'title')
    equal(button(root(element), 'Back up to Apple iCloud'), null, 'current cloud method hidden')
    assert(button(root(element), 'Back up to Google Drive'), 'other cloud method listed')

    element = await mount(['user-passcode'], 'user-passcode')
    element.openRecoverySettings()
    await waitFor(() => button(root(element), 'Reset your password'), 'Reset your password')
    equal(button(root(element), 'Set a password'), null)
    button(root(element), 'Reset your password')!.click()
    await waitFor(() => queryByText(root(element), 'Set your password'), 'password flow')
    assert(button(root(element), 'Back'), 'Back is offered when the flow came from method selection')
    button(root(element), 'Back')!.click()
    await waitFor(() => queryByText(root(element), 'Update backup method'), 'back to the selection')
  })

  it("explains 'Why do I need to secure my account?' and returns with 'Select backup method'", async () => {
    const element = await mount(['user-passcode'])
    element.openRecoverySettings()
    await waitFor(() => button(root(element), 'Why do I need to secure my account?'), 'info link')
    button(root(element), 'Why do I need to secure my account?')!.click()
    await waitFor(() => screen(element) === 'embedded-wallet-recovery-why', 'info panel')
    assert(queryByText(root(element), 'Why do I need to secure my account?'), 'info title')
    button(root(element), 'Select backup method')!.click()
    await waitFor(() => button(root(element), 'Set a password'), 'back to the options')
  })

  it("'Automatically secure your account': Confirm → Success, closes after 1400 ms, the wallet is now automatic", async () => {
    const element = await mount(['user-passcode'], 'user-passcode')
    const calls: string[] = []
    getWalletProxy().request = (async (type: string) => {
      calls.push(type)
      return type === 'wallets:set-recovery' ? { user: userWith('privy') } : {}
    }) as never
    const events = recordEvents(['modal-close'])
    element.openRecoverySettings('privy')
    await waitFor(() => queryByText(root(element), 'Automatically secure your account'), 'title')
    button(root(element), 'Confirm')!.click()
    await waitFor(() => queryByText(root(element), 'Success'), 'Success')
    const shownAt = performance.now()
    await waitFor(() => events.length === 1, 'modal-close', 5000)
    const elapsed = performance.now() - shownAt
    assert(elapsed >= 1300 && elapsed < 5000, `closes after 1400 ms (took ${Math.round(elapsed)} ms)`)
    equal(calls, ['wallets:connect', 'wallets:set-recovery'])
    equal($wallets.get()[0]!.recoveryMethod, 'privy')
  })

  it("error: a failed switch shows 'Something went wrong' with 'Try again', which retries", async () => {
    const element = await mount(['user-passcode'], 'user-passcode')
    let attempts = 0
    getWalletProxy().request = (async (type: string) => {
      if (type !== 'wallets:set-recovery') return {}
      attempts++
      if (attempts === 1) throw new Error('frame unreachable')
      return { user: userWith('privy') }
    }) as never
    element.openRecoverySettings('privy')
    ;(await waitFor(() => button(root(element), 'Confirm'), 'Confirm')).click()
    await waitFor(() => queryByText(root(element), 'Something went wrong'), 'error title')
    assert(queryByText(root(element), 'Unable to set recovery on wallet'), 'error detail')
    button(root(element), 'Try again')!.click()
    await waitFor(() => queryByText(root(element), 'Success'), 'Success after retry')
    equal(attempts, 2)
  })

  it("a password flow the user opened offers Cancel on 'Confirm you have saved'; a failed save shows 'Something went wrong' with Close", async () => {
    const element = await mount(['user-passcode'])
    getWalletProxy().request = (async (kind: string) => {
      if (kind === 'wallets:set-recovery') throw new Error('frame unreachable')
      return {}
    }) as never
    const events = recordEvents(['modal-close'])
    element.openRecoverySettings()
    ;(await waitFor(() => button(root(element), 'Set a password'), 'Set a password')).click()
    const field = (placeholder: string) => root(element).querySelector<HTMLInputElement>(`input[placeholder="${placeholder}"]`)
    type(await waitFor(() => field('Password'), "'Set your password'"), 'Blue-Canyon-77!')
    button(root(element), 'Continue')!.click()
    await waitFor(() => queryByText(root(element), 'Save your password'), 'Save your password')
    button(root(element), 'Continue')!.click()
    type(await waitFor(() => field('Confirm password'), "'Confirm your password'"), 'Blue-Canyon-77!')
    button(root(element), 'Continue')!.click()
    await waitFor(() => queryByText(root(element), 'Confirm you have saved'), 'Confirm you have saved')
    assert(button(root(element), 'Cancel'), 'Cancel: the user started the flow')
    root(element).querySelector<HTMLInputElement>('input[type="checkbox"]')!.click()
    ;(await waitFor(() => !button(root(element), 'Set Password')!.disabled && button(root(element), 'Set Password'), 'Set Password enabled')).click()
    await waitFor(() => queryByText(root(element), 'Something went wrong'), "'Something went wrong'")
    assert(queryByText(root(element), 'An error has occurred, please try again.'), 'error detail')
    equal($wallets.get()[0]!.recoveryMethod, 'privy', 'still automatic')
    equal(events.length, 0, 'stays open until Close')
    // The result screen's own Close (not the header's).
    button(root(element).querySelector('[data-screen="embedded-wallet-password"]')!, 'Close')!.click()
    await waitFor(() => events.length === 1, 'modal-close')
  })
})
