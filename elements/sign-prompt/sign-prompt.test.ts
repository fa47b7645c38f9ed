import { emulateMedia, sendKeys } from '@web/test-runner-commands'
import '../auth-modal/auth-modal.ts'
import './sign-prompt.ts'
import { $config } from '../../src/stores/config.ts'
import { deepActiveElement } from '../../src/ui/dialogFocus.tsx'
import { getWalletProxy } from '../../src/wallets/embedded/proxy.ts'
import { appConfig, assert, button, equal, queryByText, recordEvents, shadow, waitFor, wireEmbeddedWallet } from '../testing/harness.ts'
import { signedInWithWallets } from '../testing/signed-in.ts'
import type { SignPromptElement } from './sign-prompt.element.ts'

const ADDRESS = '0x1111111111111111111111111111111111111111'
const SIGNATURE = `0x${'ab'.repeat(65)}`
const TYPED = {
  types: { EIP712Domain: [{ name: 'name', type: 'string' }], Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  domain: { name: 'Demo' },
  message: { contents: 'Hello, typed world' },
}

interface ProxyCall {
  type: string
  payload: any
}

/**
 * A signed-in user with one embedded Ethereum wallet, and the wallet frame replaced by a scripted
 * signer: `release()` lets the pending signature through, so 'Signing...' can be observed.
 */
async function signedIn() {
  await signedInWithWallets([wireEmbeddedWallet({ address: ADDRESS, entropy_id: ADDRESS })])
  const calls: ProxyCall[] = []
  let release: () => void = () => undefined
  const proxy = getWalletProxy()
  proxy.request = (async (type: string, payload: unknown) => {
    calls.push({ type, payload })
    if (type === 'wallets:rpc') await new Promise<void>((resolve) => (release = resolve))
    return type === 'wallets:rpc' ? { signature: SIGNATURE } : {}
  }) as never
  return { calls, release: () => release() }
}

function mount(attributes: Record<string, string> = {}): SignPromptElement {
  const element = document.createElement('sign-prompt')
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  document.body.append(element)
  return element
}

const root = (element: Element) => shadow(element)
const dialog = (element: Element) => root(element).querySelector<HTMLElement>('[role="dialog"]')

describe('<sign-prompt>', () => {
  it('shows the spec texts and the decoded message; Sign and continue → Signing... → Success, closing after 1.4 s', async () => {
    const signer = await signedIn()
    const events = recordEvents(['sign-success'])
    const element = mount()
    equal(dialog(element), null, 'nothing shows until a request')
    const pending = element.signMessage({ message: 'Hello prompt' })
    await waitFor(() => queryByText(root(element), 'Sign message'), 'title')
    assert(queryByText(root(element), 'Signing this message will not cost you any fees.'), 'description')
    assert(queryByText(root(element), 'Hello prompt'), 'decoded message')
    equal(button(root(element), 'Not now'), null, "no 'Not now' unless cancellable")
    button(root(element), 'Sign and continue')!.click()
    await waitFor(() => button(root(element), 'Signing...'), 'Signing...')
    signer.release()
    await waitFor(() => button(root(element), 'Success'), 'Success')
    const shownAt = performance.now()
    const { signature } = await pending
    const elapsed = performance.now() - shownAt
    assert(elapsed >= 1300 && elapsed < 5000, `closes after 1.4 s (took ${Math.round(elapsed)} ms)`)
    equal(signature, SIGNATURE)
    await waitFor(() => dialog(element) === null, 'closed')
    const rpc = signer.calls.find((c) => c.type === 'wallets:rpc')!
    equal(rpc.payload.request, { method: 'personal_sign', params: ['Hello prompt', ADDRESS] })
    await waitFor(() => events.length === 1, 'sign-success')
    equal(events[0]!.detail, { method: 'personal_sign', address: ADDRESS, signature: SIGNATURE })
    equal(events[0]!.bubbles && events[0]!.composed, true)
  })

  it('takes uiOptions from attributes, and the call overrides them', async () => {
    const signer = await signedIn()
    const element = mount({
      'prompt-title': 'Approve login',
      description: 'For the Demo shop.',
      'button-text': 'Approve',
      'icon-url': 'https://example.com/icon.png',
      cancellable: '',
    })
    void element.signMessage({ message: 'attrs' }).catch(() => undefined)
    await waitFor(() => queryByText(root(element), 'Approve login'), 'attribute title')
    assert(queryByText(root(element), 'For the Demo shop.'), 'attribute description')
    assert(button(root(element), 'Approve'), 'attribute button text')
    equal(root(element).querySelector('[part="icon"]')?.getAttribute('src'), 'https://example.com/icon.png')
    assert(button(root(element), 'Not now'), "'Not now' when cancellable")

    // An attribute change applies to the next request (an open request keeps what it was shown with).
    element.setAttribute('prompt-title', 'Changed title')
    button(root(element), 'Not now')!.click()
    await waitFor(() => dialog(element) === null, 'closed')

    void element.signMessage({ message: 'call', uiOptions: { buttonText: 'Go', isCancellable: false } }).catch(() => undefined)
    await waitFor(() => queryByText(root(element), 'Changed title'), 'changed attribute title')
    assert(button(root(element), 'Go'), 'call button text wins')
    assert(queryByText(root(element), 'For the Demo shop.'), 'attributes fill what the call leaves out')
    equal(button(root(element), 'Not now'), null, 'the call can make it not cancellable')

    void element.signMessage({ message: 'newer', uiOptions: { title: 'From the call' } }).catch(() => undefined)
    await waitFor(() => queryByText(root(element), 'From the call'), 'call title wins; a newer request replaces the open one')
    equal(signer.calls.length, 0, 'nothing signed without approval')
  })

  it("error: 'Not now' rejects with USER_REJECTED and emits sign-error; nothing is signed", async () => {
    const signer = await signedIn()
    const events = recordEvents(['sign-error'])
    const element = mount({ cancellable: '' })
    const pending = element.signMessage({ message: 'decline me' })
    await waitFor(() => button(root(element), 'Not now'), 'Not now')
    button(root(element), 'Not now')!.click()
    const error = await pending.then(
      () => null,
      (e) => e,
    )
    equal(error?.code, 4001, 'EIP-1193 user rejected: numeric code, as viem and wagmi check it')
    await waitFor(() => events.length === 1, 'sign-error')
    equal(events[0]!.detail.code, 'USER_REJECTED')
    equal(signer.calls.filter((c) => c.type === 'wallets:rpc').length, 0)
  })

  it("Escape declines as 'Not now' does (USER_REJECTED to the host); focus is on the title when it opens; it fades out unless reduced motion", async () => {
    const signer = await signedIn()
    const events = recordEvents(['sign-error'])
    const element = mount({ cancellable: '' })
    try {
      await emulateMedia({ reducedMotion: 'no-preference' })
      // Handled from the start: the rejection comes while sendKeys is still on its way back.
      const settled = element.signMessage({ message: 'escape me' }).then(
        () => null,
        (e) => e,
      )
      const title = await waitFor(() => root(element).querySelector<HTMLElement>('#gh-sign-title'), 'title')
      await waitFor(() => deepActiveElement() === title, 'focus on the new screen title')
      await sendKeys({ press: 'Escape' })
      const error = await settled
      equal(error?.code, 4001, 'declined, as Not now')
      await waitFor(() => events.length === 1, 'sign-error at once')
      equal(events[0]!.detail.code, 'USER_REJECTED')
      // The host has its answer; the sheet lingers, inert, through its closing animation, then goes.
      const closing = dialog(element)
      assert(closing?.closest('.root.closing'), 'closing state')
      equal(closing!.inert, true, 'inert while it fades')
      assert(
        closing!.getAnimations().some((a) => (a as CSSAnimation).animationName === 'gh-dialog-out'),
        'closing animation',
      )
      await waitFor(() => dialog(element) === null, 'gone after the animation')
      // Under reduced motion it goes at once.
      await emulateMedia({ reducedMotion: 'reduce' })
      void element.signMessage({ message: 'again' }).catch(() => undefined)
      await waitFor(() => button(root(element), 'Not now'), 'shown again')
      await sendKeys({ press: 'Escape' })
      await waitFor(() => events.length === 2, 'second sign-error')
      equal(dialog(element), null, 'no closing animation under reduced motion')
      equal(signer.calls.filter((c) => c.type === 'wallets:rpc').length, 0)
    } finally {
      await emulateMedia({ reducedMotion: 'reduce' })
    }
  })

  it('shows typed data as a field table (domain, primary type, message fields), never raw JSON, and copies the full payload', async () => {
    const signer = await signedIn()
    let copied = ''
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void (copied = text) } })
    const element = mount()
    const pending = element.signTypedData({ typedData: TYPED })
    await waitFor(() => root(element).querySelector('[part="typed-data"]'), 'typed-data view')
    assert(queryByText(root(element), 'Mail'), 'primary type label')
    const view = root(element).querySelector('[part="typed-data"]')!
    const field = (name: string) => {
      const row = view.querySelector(`[data-field="${name}"]`)
      return row ? [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent] : null
    }
    equal(field('name'), ['name', 'Demo'])
    equal(field('primaryType'), ['Primary type', 'Mail'])
    equal(field('contents'), ['contents', 'Hello, typed world'])
    assert(!view.querySelector('pre') && !view.textContent!.includes('"contents"'), 'no raw JSON')
    button(root(element), 'Copy full payload')!.click()
    await waitFor(() => button(root(element), 'Copied'), 'Copied')
    equal(JSON.parse(copied), TYPED)
    button(root(element), 'Sign and continue')!.click()
    await waitFor(() => signer.calls.some((c) => c.type === 'wallets:rpc'), 'rpc')
    signer.release()
    equal((await pending).signature, SIGNATURE)
    const rpc = signer.calls.find((c) => c.type === 'wallets:rpc')!
    equal(rpc.payload.request.method, 'eth_signTypedData_v4')
    equal(JSON.parse(rpc.payload.request.params[1]), TYPED)
  })

  it('headless signs without showing anything', async () => {
    const signer = await signedIn()
    const element = mount({ headless: '' })
    const pending = element.signMessage({ message: 'quiet' })
    await waitFor(() => signer.calls.some((c) => c.type === 'wallets:rpc'), 'rpc without approval')
    equal(dialog(element), null)
    signer.release()
    equal((await pending).signature, SIGNATURE)
  })
  it("theming: the app configuration's theme and accent, the theme / accent-color attributes over them, ::part() from the page", async () => {
    const signer = await signedIn()
    $config.set({ ...$config.get(), app: appConfig({ theme: 'dark', accentColor: '#00aa00' }) as never })
    const style = Object.assign(document.createElement('style'), { textContent: 'sign-prompt::part(primary-button) { text-transform: uppercase; }' })
    document.head.append(style)
    const element = mount()
    const pending = element.signMessage({ message: 'themed' })
    const sign = await waitFor(() => button(root(element), 'Sign and continue'), 'prompt')
    const background = (el: Element) => getComputedStyle(el).backgroundColor
    const probe = document.createElement('div')
    document.body.append(probe)
    const fill = (accent: string) => ((probe.style.backgroundColor = `color-mix(in srgb, ${accent} 85%, #000)`), getComputedStyle(probe).backgroundColor)
    equal(background(dialog(element)!), 'rgb(30, 30, 35)', 'configured dark theme')
    equal(background(sign), fill('#00aa00'), 'configured accent')
    equal(getComputedStyle(sign).textTransform, 'uppercase', '::part(primary-button)')
    element.setAttribute('theme', 'light')
    element.setAttribute('accent-color', '#0000ff')
    await waitFor(() => background(dialog(element)!) === 'rgb(255, 255, 255)', 'theme attribute')
    equal(background(sign), fill('#0000ff'), 'accent-color attribute')
    style.remove()
    probe.remove()
    sign.click()
    await waitFor(() => signer.calls.some((c) => c.type === 'wallets:rpc'), 'rpc')
    signer.release()
    equal((await pending).signature, SIGNATURE)
  })
})
