import './auth-modal.ts'
import '../fund-button/fund-button.ts'
import { API_URL, APP_ID, appConfig, equal, mockFetch, reset, shadow, waitFor } from '../testing/harness.ts'
import type { AuthModalElement } from './auth-modal.element.ts'

/** What Chromium computes for a background colour written as `css` (color-mix rounding included). */
function rgb(css: string): string {
  const probe = document.createElement('div')
  probe.style.backgroundColor = css
  document.body.append(probe)
  const value = getComputedStyle(probe).backgroundColor
  probe.remove()
  return value
}
/** The primary-button fill for an accent: the accent 15% darker (--gh-accent-strong's default). */
const fill = (accent: string) => rgb(`color-mix(in srgb, ${accent} 85%, #000)`)

async function openModal(attributes: Record<string, string> = {}, config = appConfig()): Promise<AuthModalElement> {
  mockFetch({ [`GET /apps/${APP_ID}`]: { body: config }, 'POST /analytics_events': { status: 204 } })
  const element = document.createElement('auth-modal') as AuthModalElement
  element.setAttribute('app-id', APP_ID)
  element.setAttribute('api-url', API_URL)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  document.body.append(element)
  await waitFor(() => element.ready, 'ready')
  element.open()
  await waitFor(() => primary(element), 'landing primary button')
  return element
}
const part = (element: Element, name: string) => shadow(element).querySelector<HTMLElement>(`[part~="${name}"]`)
const primary = (element: Element) => part(element, 'primary-button')
const background = (element: HTMLElement | null) => getComputedStyle(element!).backgroundColor

describe('theming', () => {
  beforeEach(() => reset())
  afterEach(() => document.head.querySelectorAll('style[data-theme-test]').forEach((s) => s.remove()))

  it('defaults: the light dialog and the darkened #676FFF fill', async () => {
    const element = await openModal()
    equal(background(part(element, 'dialog')), 'rgb(255, 255, 255)')
    equal(background(primary(element)), fill('#676FFF'))
    equal(getComputedStyle(part(element, 'dialog')!).borderRadius, '16px')
    equal(getComputedStyle(part(element, 'dialog')!).paddingLeft, '20px')
  })

  it('--gh-* on the host restyle the primary button, the dialog, radii and spacing', async () => {
    const element = await openModal()
    element.style.setProperty('--gh-accent', '#ff0000')
    element.style.setProperty('--gh-background', '#fafae0')
    element.style.setProperty('--gh-radius', '4px')
    element.style.setProperty('--gh-spacing', '5px')
    await waitFor(() => background(primary(element)) === fill('#ff0000'), 'accent from host CSS')
    equal(background(part(element, 'dialog')), 'rgb(250, 250, 224)')
    equal(getComputedStyle(part(element, 'dialog')!).borderRadius, '4px')
    equal(getComputedStyle(part(element, 'dialog')!).paddingLeft, '25px')
  })

  it('theme="dark" switches the dialog to the dark palette; the attribute wins over the app configuration', async () => {
    const element = await openModal({ theme: 'dark' }, appConfig({ theme: 'light' }))
    equal(background(part(element, 'dialog')), 'rgb(30, 30, 35)')
    element.style.setProperty('--gh-dark-background', '#000010')
    await waitFor(() => background(part(element, 'dialog')) === 'rgb(0, 0, 16)', 'host dark background')
    element.setAttribute('theme', 'light')
    await waitFor(() => background(part(element, 'dialog')) === 'rgb(255, 255, 255)', 'light again')
  })

  it("the app configuration's theme and accent apply without attributes; host CSS beats the configured accent", async () => {
    const element = await openModal({}, appConfig({ theme: 'dark', accentColor: '#00aa00' }))
    equal(background(part(element, 'dialog')), 'rgb(30, 30, 35)')
    equal(background(primary(element)), fill('#00aa00'))
    element.style.setProperty('--gh-accent', '#ff0000')
    await waitFor(() => background(primary(element)) === fill('#ff0000'), 'host CSS over the configuration')
  })

  it('accent-color wins over host CSS and the configuration; a value that is not a colour is ignored', async () => {
    const element = await openModal({ 'accent-color': '#0000ff' }, appConfig({ accentColor: '#00aa00' }))
    element.style.setProperty('--gh-accent', '#ff0000')
    equal(background(primary(element)), fill('#0000ff'))
    element.setAttribute('accent-color', 'red; } .dialog { display: none')
    await waitFor(() => background(primary(element)) === fill('#ff0000'), 'invalid attribute ignored')
  })

  it('::part() rules of the host page style the dialog, buttons and inputs', async () => {
    const style = Object.assign(document.createElement('style'), {
      textContent: `auth-modal::part(primary-button) { text-transform: uppercase; }
        auth-modal::part(dialog) { outline: 3px solid rgb(1, 2, 3); }
        auth-modal::part(input) { letter-spacing: 2px; }
        fund-button::part(primary-button) { text-transform: lowercase; }`,
    })
    style.dataset.themeTest = ''
    document.head.append(style)
    const element = await openModal()
    equal(getComputedStyle(primary(element)!).textTransform, 'uppercase')
    equal(getComputedStyle(part(element, 'dialog')!).outlineColor, 'rgb(1, 2, 3)')
    equal(getComputedStyle(part(element, 'email-input')!).letterSpacing, '2px')
    const fund = document.createElement('fund-button')
    document.body.append(fund)
    equal(getComputedStyle(part(fund, 'primary-button')!).textTransform, 'lowercase')
  })

  it('<fund-button>: darkened accent fill by default, --gh-accent and --gh-radius-lg from the host, accent-color over them', async () => {
    const fund = document.createElement('fund-button')
    document.body.append(fund)
    const button = () => part(fund, 'button')
    await waitFor(() => button(), 'button')
    equal(background(button()), fill('#676FFF'))
    equal(getComputedStyle(button()!).borderRadius, '12px')
    fund.style.setProperty('--gh-accent', '#ff0000')
    fund.style.setProperty('--gh-radius-lg', '2px')
    equal(background(button()), fill('#ff0000'))
    equal(getComputedStyle(button()!).borderRadius, '2px')
    fund.setAttribute('accent-color', '#0000ff')
    await waitFor(() => background(button()) === fill('#0000ff'), 'accent-color')
  })
})
