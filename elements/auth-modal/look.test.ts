/**
 * Look and motion as a user meets them in Chromium: every login method's mark beside its label,
 * icon-only header buttons with names, hover / pressed / keyboard-focus states from the theme (light
 * and dark), and the dialog animating in, between screen heights and out, with no animation at all
 * under prefers-reduced-motion. The test runner asks for reduced motion by default
 * (web-test-runner.config.mjs); the motion tests here turn it off.
 */
import './auth-modal.ts'
import '../sign-prompt/sign-prompt.ts'
import { emulateMedia, resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands'
import { toUser } from '../../src/api/user.ts'
import { METHOD_LABELS } from '../../src/flows/methodLabels.ts'
import { $config } from '../../src/stores/config.ts'
import { $session } from '../../src/stores/session.ts'
import { getWalletProxy } from '../../src/wallets/embedded/proxy.ts'
import type { SignPromptElement } from '../sign-prompt/sign-prompt.element.ts'
import { $modal } from '../../src/stores/modal.ts'
import { loadIcons } from '../../src/ui/Icon.tsx'
import { ICONS } from '../../src/ui/icons/methodIcons.ts'
import {
  API_URL,
  APP_ID,
  accessToken,
  appConfig,
  assert,
  button,
  equal,
  mockFetch,
  recordEvents,
  reset,
  shadow,
  waitFor,
  wireEmbeddedWallet,
  wireUser,
} from '../testing/harness.ts'
import type { AuthModalElement } from './auth-modal.element.ts'

const ALL_METHODS = Object.keys(METHOD_LABELS)

async function openWith(config: Record<string, unknown>, attributes: Record<string, string> = {}) {
  mockFetch({ [`GET /apps/${APP_ID}`]: { body: appConfig(config) }, 'POST /analytics_events': { status: 204 } })
  const element = document.createElement('auth-modal') as AuthModalElement
  element.setAttribute('app-id', APP_ID)
  element.setAttribute('api-url', API_URL)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  document.body.append(element)
  await waitFor(() => element.ready, 'ready')
  element.open()
  await waitFor(() => shadow(element).querySelector('[data-screen="landing"]'), 'landing')
  return element
}

const dialog = (element: Element) => shadow(element).querySelector<HTMLElement>('[part="dialog"]')
const center = (el: Element): [number, number] => {
  const r = el.getBoundingClientRect()
  return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)]
}
/** What a palette variable (`--_accent-hover` …) resolves to inside the modal, as a computed colour. */
function paletteColour(element: Element, variable: string): string {
  const probe = document.createElement('span')
  probe.style.color = `var(${variable})`
  shadow(element).querySelector('.root')!.append(probe)
  const colour = getComputedStyle(probe).color
  probe.remove()
  return colour
}
const more = (element: Element) => shadow(element).querySelector<HTMLButtonElement>('[part~="more-button"]')!
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)))

describe('look: icons', () => {
  beforeEach(() => reset())

  it('every login method has a mark, and the wallet marks cover WalletConnect and the generic wallet', () => {
    for (const method of ALL_METHODS) assert(ICONS[method]?.d, `a mark for ${method}`)
    assert(ICONS.walletconnect && ICONS.wallet, 'wallet marks')
  })

  it('each method button shows its mark as a hidden SVG in a box reserved before the marks load; its name is the label alone', async () => {
    const loginMethods = Object.fromEntries(ALL_METHODS.filter((m) => m !== 'wallet').map((m) => [m, true]))
    const [first, ...rest] = [...ALL_METHODS.filter((m) => m !== 'wallet'), 'wallet']
    const element = await openWith({
      loginMethods: { ...loginMethods, wallet: true },
      loginMethodsAndOrder: { primary: [first, ...rest.slice(0, 3)], overflow: rest.slice(3) },
      hideDirectWeb2Inputs: true,
    })
    const root = shadow(element)
    const boxes = [...root.querySelectorAll<HTMLElement>('[part~="method-button"] > .icon')]
    assert(boxes.length >= 4, 'landing method buttons carry an icon box')
    // The box has its size from the first paint: nothing moves when the marks arrive.
    for (const box of boxes) equal([box.offsetWidth, box.offsetHeight], [20, 20], `${box.dataset.icon} box`)
    await waitFor(() => boxes.every((b) => b.querySelector('svg')), 'marks filled in')
    for (const box of boxes) equal([box.offsetWidth, box.offsetHeight], [20, 20], `${box.dataset.icon} box after loading`)
    more(element).click()
    await waitFor(() => root.querySelector('[data-screen="landing-overflow"]'), 'overflow')
    await waitFor(() => root.querySelectorAll('[part~="method-button"] svg').length > 0, 'overflow marks')
    const shown = new Set<string>()
    for (const view of ['landing-overflow']) {
      for (const b of root.querySelectorAll<HTMLButtonElement>(`[data-screen="${view}"] [part~="method-button"]`)) {
        const svg = b.querySelector('.icon svg')!
        assert(svg, `${b.dataset.method}: an svg`)
        equal(svg.getAttribute('aria-hidden'), 'true')
        equal(b.textContent!.trim(), METHOD_LABELS[b.dataset.method!], `${b.dataset.method}: its name is the label`)
        shown.add(b.dataset.method!)
      }
    }
    assert(shown.size >= 8, `the overflow lists the other methods with marks (${[...shown].join(', ')})`)
  })

  it('the header controls are icons with accessible names', async () => {
    const element = await openWith({ loginMethods: { email: true, google: true, apple: true, discord: true, github: true } })
    const close = button(shadow(element), 'Close')!
    assert(close.querySelector('svg[aria-hidden="true"]'), 'close shows an SVG')
    equal(close.textContent, '')
    more(element).click()
    const back = await waitFor(() => button(shadow(element), 'Back'), 'back')
    assert(back.querySelector('svg[aria-hidden="true"]'), 'back shows an SVG')
    equal(back.getAttribute('aria-label'), 'Back')
  })

  it('the marks load once, for every element on the page', async () => {
    equal(await loadIcons(), await loadIcons())
  })
})

describe('look: button states', () => {
  beforeEach(async () => {
    reset()
    await resetMouse()
  })
  afterEach(() => resetMouse())

  for (const theme of ['light', 'dark'] as const) {
    it(`${theme}: primary and method buttons change on hover and press, and show a ring on keyboard focus`, async () => {
      const element = await openWith({ loginMethods: { email: true, google: true } }, { theme })
      const root = shadow(element)
      const google = root.querySelector<HTMLButtonElement>('[data-method="google"]')!
      const idle = getComputedStyle(google).backgroundColor
      await sendMouse({ type: 'move', position: center(google) })
      await waitFor(() => getComputedStyle(google).backgroundColor === paletteColour(element, '--_hover-fill'), 'method hover fill')
      assert(getComputedStyle(google).backgroundColor !== idle, 'hover differs from idle')
      await sendMouse({ type: 'down' })
      await waitFor(() => getComputedStyle(google).backgroundColor === paletteColour(element, '--_pressed-fill'), 'method pressed fill')
      // Released on the title: no click, so the OAuth flow does not start.
      await sendMouse({ type: 'move', position: center(root.querySelector('[part="title"]')!) })
      await sendMouse({ type: 'up' })

      // Submit turns enabled with a valid address; then it has the same three states.
      const input = await waitFor(() => root.querySelector<HTMLInputElement>('#gh-email'), 'e-mail input')
      input.focus()
      await sendKeys({ type: 'a@b.co' })
      const submit = await waitFor(() => root.querySelector<HTMLButtonElement>('form.email .primary-button:not(:disabled)'), 'Submit enabled')
      const fill = getComputedStyle(submit).backgroundColor
      await sendMouse({ type: 'move', position: center(submit) })
      await waitFor(() => getComputedStyle(submit).backgroundColor === paletteColour(element, '--_accent-hover'), 'primary hover fill')
      assert(getComputedStyle(submit).backgroundColor !== fill, 'primary hover differs')
      await sendMouse({ type: 'down' })
      await waitFor(() => getComputedStyle(submit).backgroundColor === paletteColour(element, '--_accent-pressed'), 'primary pressed fill')
      // Released on the title, so nothing is submitted (nor the backdrop clicked).
      await sendMouse({ type: 'move', position: center(root.querySelector('[part="title"]')!) })
      await sendMouse({ type: 'up' })

      // Keyboard focus: a ring in the accent colour.
      input.focus()
      await sendKeys({ press: 'Tab' })
      await waitFor(() => root.activeElement === submit, 'Submit focused by Tab')
      equal(getComputedStyle(submit).outlineStyle, 'solid')
      equal(getComputedStyle(submit).outlineColor, paletteColour(element, '--gh-accent'))
      await sendKeys({ press: 'Tab' })
      await waitFor(() => root.activeElement === google, 'Google focused by Tab')
      equal(getComputedStyle(google).outlineStyle, 'solid')
    })
  }
})

describe('look: motion', () => {
  beforeEach(() => reset())
  afterEach(() => emulateMedia({ reducedMotion: 'reduce' }))

  it('opens with an animation, animates its height between screens, and closes after its closing animation', async () => {
    await emulateMedia({ reducedMotion: 'no-preference' })
    const events = recordEvents(['modal-close'])
    const element = await openWith({ loginMethods: { email: true, google: true, apple: true, discord: true, github: true, passkey: true } })
    const box = dialog(element)!
    assert(
      box.getAnimations().some((a) => (a as CSSAnimation).animationName === 'gh-dialog-in'),
      'the dialog animates in',
    )
    await Promise.all(box.getAnimations().map((a) => a.finished))
    const before = box.offsetHeight

    // Landing → overflow: a screen of another height. The dialog goes there through the heights between.
    const heights: number[] = []
    let sampling = true
    const sample = () => {
      heights.push(box.offsetHeight)
      if (sampling) requestAnimationFrame(sample)
    }
    more(element).click()
    requestAnimationFrame(sample)
    const resize = await waitFor(() => box.getAnimations().find((a) => 'height' in ((a.effect as KeyframeEffect).getKeyframes()[0] ?? {})), 'height animation')
    const [from, to] = (resize.effect as KeyframeEffect).getKeyframes().map((k) => parseFloat(String(k.height)))
    equal(Math.round(from!), Math.round(before), 'from the landing height')
    await resize.finished
    await nextFrame()
    sampling = false
    const after = box.offsetHeight
    equal(Math.round(to!), Math.round(after), 'to the overflow height')
    assert(Math.abs(after - before) > 20, `the screens differ in height (${before} → ${after})`)
    const low = Math.min(before, after) + 1
    const high = Math.max(before, after) - 1
    assert(
      heights.some((h) => h > low && h < high),
      `heights in between were painted (${heights.map(Math.round).join(', ')})`,
    )

    // Close: the event at once, the dialog leaves after its closing animation.
    button(shadow(element), 'Close')!.click()
    await waitFor(() => events.length === 1, 'modal-close')
    equal($modal.get().open, false)
    const closing = await waitFor(() => dialog(element), 'dialog still shown while closing')
    assert(closing.closest('.root.closing'), 'closing state')
    equal(closing.inert, true, 'inert while it fades')
    const out = closing.getAnimations().find((a) => (a as CSSAnimation).animationName === 'gh-dialog-out')
    assert(out, 'closing animation')
    await new Promise((resolve) => closing.addEventListener('animationend', resolve, { once: true }))
    await waitFor(() => dialog(element) === null, 'removed after the animation')
    equal(events.length, 1, 'one modal-close')
  })

  it('under prefers-reduced-motion nothing animates: no opening, height or closing animation', async () => {
    await emulateMedia({ reducedMotion: 'reduce' })
    const events = recordEvents(['modal-close'])
    const element = await openWith({ loginMethods: { email: true, google: true, apple: true, discord: true, github: true, passkey: true } })
    const box = dialog(element)!
    equal(box.getAnimations().length, 0, 'no opening animation')
    const before = box.offsetHeight
    more(element).click()
    await waitFor(() => shadow(element).querySelector('[data-screen="landing-overflow"]'), 'overflow')
    await nextFrame()
    await nextFrame()
    assert(Math.abs(box.offsetHeight - before) > 20, 'the height changed')
    equal(box.getAnimations().length, 0, 'no height animation')
    button(shadow(element), 'Close')!.click()
    await waitFor(() => dialog(element) === null, 'closed at once')
    equal(events.length, 1)
  })
})

describe('look: done state and wording', () => {
  const ADDRESS = '0x1111111111111111111111111111111111111111'
  function signedIn(): SignPromptElement {
    reset()
    $config.set({ ...$config.get(), appId: APP_ID, apiUrl: API_URL, app: appConfig() as never })
    const wallet = wireEmbeddedWallet({ address: ADDRESS, entropy_id: ADDRESS })
    const user = toUser(wireUser({ linked_accounts: [...wireUser().linked_accounts, wallet] }) as never)
    $session.set({ status: 'authenticated', user, tokens: { token: accessToken(), refreshToken: 'refresh-1', identityToken: null } })
    getWalletProxy().request = (async (type: string) => (type === 'wallets:rpc' ? { signature: `0x${'ab'.repeat(65)}` } : {})) as never
    const element = document.createElement('sign-prompt') as SignPromptElement
    document.body.append(element)
    return element
  }

  it("a signed message shows 'Success' with a check mark on the success colour, not as a pale disabled button", async () => {
    const element = signedIn()
    void element.signMessage({ message: 'Hello look' })
    const sign = await waitFor(() => button(shadow(element), 'Sign and continue'), 'prompt')
    const fill = getComputedStyle(sign).backgroundColor
    sign.click()
    const done = await waitFor(() => button(shadow(element), 'Success'), 'Success')
    equal(done.dataset.state, 'success')
    assert(done.querySelector('svg[aria-hidden="true"]'), 'a check mark')
    equal(getComputedStyle(done).opacity, '1')
    equal(getComputedStyle(done).backgroundColor, paletteColour(element, '--_success-fill'))
    assert(getComputedStyle(done).backgroundColor !== fill, 'not the idle fill')
  })

  it('an error the spec words with another product name is shown in our words', async () => {
    const element = signedIn()
    void element.signMessage({ message: 'Hello look' }).catch(() => {})
    const sign = await waitFor(() => button(shadow(element), 'Sign and continue'), 'prompt')
    // The session ends before the user signs (a logout in another tab).
    $session.set({ status: 'unauthenticated', user: null, tokens: null })
    sign.click()
    const alert = await waitFor(() => shadow(element).querySelector('[role="alert"]'), 'error')
    equal(alert.textContent, 'User must be authenticated before signing with an embedded wallet')
    assert(!/privy/i.test(shadow(element).innerHTML), 'no other product named in the prompt')
  })
})
