/**
 * The modal's measured layout in Chromium (spec part 1 §9 'Modal: width 360 px on wide screens;
 * breakpoint 440 px; login list max height 400 px; heights 620 px full, 480 px compact'; part 2
 * §9 the same). Every number is read from getBoundingClientRect, not from the styles. The wallet
 * list's geometry needs the connector code, so it is measured on the built bundle:
 * test/e2e/sizes.e2e.test.ts.
 */
import './auth-modal.ts'
import { setViewport } from '@web/test-runner-commands'
import { API_URL, APP_ID, appConfig, button, equal, mockFetch, reset, shadow, waitFor } from '../testing/harness.ts'
import type { AuthModalElement } from './auth-modal.element.ts'

const WIDE = { width: 1280, height: 800 }
const ALL_METHODS = {
  email: true,
  sms: true,
  google: true,
  apple: true,
  discord: true,
  github: true,
  linkedin: true,
  spotify: true,
  instagram: true,
  twitter: true,
  tiktok: true,
  line: true,
  passkey: true,
  telegram: true,
  farcaster: true,
}

async function open(config: Record<string, unknown> = {}) {
  mockFetch({ [`GET /apps/${APP_ID}`]: { body: appConfig(config) }, 'POST /analytics_events': { status: 204 } })
  const element = document.createElement('auth-modal') as AuthModalElement
  element.setAttribute('app-id', APP_ID)
  element.setAttribute('api-url', API_URL)
  document.body.append(element)
  await waitFor(() => element.ready, 'ready')
  element.open()
  await waitFor(() => shadow(element).querySelector('[data-screen="landing"]'), 'landing')
  return element
}
const dialog = (element: Element) => shadow(element).querySelector<HTMLElement>('[part="dialog"]')!
const rect = (el: Element) => el.getBoundingClientRect()
/** The width once layout settled after a viewport change. */
const widthAt = async (element: Element, expected: number, label: string) => {
  await waitFor(() => Math.round(rect(dialog(element)).width) === expected, `${label}: dialog ${expected} px wide (is ${rect(dialog(element)).width})`)
}

describe('modal sizes (spec §9)', () => {
  beforeEach(() => reset())
  afterEach(() => setViewport({ width: 800, height: 600 }))

  it('360 px wide on wide screens and down to 441 px; at the 440 px breakpoint and below it spans the viewport', async () => {
    await setViewport(WIDE)
    const element = await open()
    await widthAt(element, 360, 'wide')
    await setViewport({ width: 441, height: 800 })
    await widthAt(element, 360, '441 px')
    await setViewport({ width: 440, height: 800 })
    await widthAt(element, 440, '440 px')
    await setViewport({ width: 375, height: 800 })
    await widthAt(element, 375, '375 px')
    // Below the breakpoint the sheet sits at the bottom of the screen.
    await waitFor(() => Math.round(rect(dialog(element)).bottom) === 800, 'bottom sheet')
  })

  it('a dialog with more content than fits is 620 px tall (full), 480 px on a short viewport (compact)', async () => {
    await setViewport(WIDE)
    const element = await open()
    const box = dialog(element)
    const filler = document.createElement('div')
    filler.style.cssText = 'height: 2000px; flex: none'
    box.append(filler)
    await waitFor(() => Math.round(rect(box).height) === 620, `full height 620 (is ${rect(box).height})`)
    await setViewport({ width: 1280, height: 560 })
    await waitFor(() => Math.round(rect(box).height) === 480, `compact height 480 (is ${rect(box).height})`)
    filler.remove()
  })

  it('the login list scrolls past 400 px', async () => {
    await setViewport(WIDE)
    const element = await open({ loginMethods: ALL_METHODS })
    button(shadow(element), 'More options')!.click()
    await waitFor(() => shadow(element).querySelector('[data-screen="landing-overflow"]'), 'overflow view')
    const list = shadow(element).querySelector<HTMLElement>('[data-screen="landing-overflow"] [part="methods"]')!
    await waitFor(() => list.scrollHeight > 400, 'more methods than fit')
    equal(Math.round(rect(list).height), 400)
  })
})
