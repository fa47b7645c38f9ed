/**
 * Spec part 1 §2 / part 2 §2: "A header offers back, info and close buttons". The info button
 * ([part=info-button], 'Help') toggles a note on the landing and code screens and is hidden on
 * screens without one.
 */
import './auth-modal.ts'
import { pushScreen } from '../../src/stores/modal.ts'
import { API_URL, APP_ID, appConfig, assert, button, byLabel, equal, mockFetch, reset, shadow, type, waitFor } from '../testing/harness.ts'

const LANDING_INFO = 'Enter your e-mail address and we will send you a one-time code.'
const CODE_INFO = "Can't find the code? Check your spam folder, or use 'Resend code'."

const infoButton = (root: ShadowRoot) => root.querySelector<HTMLButtonElement>('[part="info-button"]')!
const note = (root: ShadowRoot) => root.querySelector<HTMLElement>('[part="info"]')
const visible = (el: HTMLElement) => !el.hidden && el.getClientRects().length > 0

describe('header info button', () => {
  beforeEach(() => reset())

  it("toggles the info note on the landing and code screens, labelled 'Help'; hidden on other screens", async () => {
    mockFetch({
      [`GET /apps/${APP_ID}`]: { body: appConfig() },
      'POST /analytics_events': { status: 204 },
      'POST /passwordless/init': { body: { success: true } },
    })
    const element = document.createElement('auth-modal')
    element.setAttribute('app-id', APP_ID)
    element.setAttribute('api-url', API_URL)
    document.body.append(element)
    await waitFor(() => element.ready, 'ready')
    element.open()
    const root = shadow(element)

    // Landing: shown, closed at first; a click opens the note, a second click closes it.
    await waitFor(() => byLabel(root, 'Email address'), 'landing')
    await waitFor(() => visible(infoButton(root)), 'info button on the landing')
    equal(infoButton(root).getAttribute('aria-label'), 'Help')
    equal(note(root), null, 'no note before the click')
    infoButton(root).click()
    const landingNote = await waitFor(() => note(root), 'landing note')
    equal(landingNote.textContent, LANDING_INFO)
    equal(landingNote.getAttribute('role'), 'note')
    infoButton(root).click()
    await waitFor(() => note(root) === null, 'landing note closed')

    // Code screen: its own note.
    type(byLabel<HTMLInputElement>(root, 'Email address')!, 'ada@example.com')
    await waitFor(() => !button(root, 'Submit')!.disabled, 'submit enabled')
    byLabel(root, 'Email address')!.form!.requestSubmit()
    await waitFor(() => byLabel(root, 'Digit 6'), 'code screen')
    assert(visible(infoButton(root)), 'info button on the code screen')
    equal(note(root), null, 'the code screen starts without its note')
    infoButton(root).click()
    equal((await waitFor(() => note(root), 'code note')).textContent, CODE_INFO)
    infoButton(root).click()
    await waitFor(() => note(root) === null, 'code note closed')

    // A screen without a note: no info button.
    pushScreen({ name: 'passkey-choice' })
    await waitFor(() => root.querySelector('[data-screen="passkey-choice"]'), 'passkey choice screen')
    await waitFor(() => infoButton(root).hidden, 'info button hidden')
    equal(visible(infoButton(root)), false)
    equal(note(root), null)
  })
})
