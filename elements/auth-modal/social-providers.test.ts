/**
 * Spec part 1 §9 'Supported social providers: apple, discord, github, google, linkedin, spotify,
 * instagram, twitter, tiktok, line': an app enabling all ten offers a button for each (the first
 * ones on the landing screen, the rest behind 'Other socials').
 */
import './auth-modal.ts'
import { API_URL, APP_ID, appConfig, button, equal, mockFetch, reset, shadow, waitFor } from '../testing/harness.ts'

const PROVIDERS = ['apple', 'discord', 'github', 'google', 'linkedin', 'spotify', 'instagram', 'twitter', 'tiktok', 'line']

describe('social providers', () => {
  beforeEach(() => reset())

  it('all ten are offered', async () => {
    mockFetch({
      [`GET /apps/${APP_ID}`]: { body: appConfig({ loginMethods: Object.fromEntries(PROVIDERS.map((p) => [p, true])) }) },
      'POST /analytics_events': { status: 204 },
    })
    const element = document.createElement('auth-modal')
    element.setAttribute('app-id', APP_ID)
    element.setAttribute('api-url', API_URL)
    document.body.append(element)
    await waitFor(() => (element as HTMLElement & { ready: boolean }).ready, 'ready')
    ;(element as HTMLElement & { open(): void }).open()
    const root = shadow(element)
    await waitFor(() => root.querySelector('[data-screen="landing"]'), 'landing')
    const offered = new Set([...root.querySelectorAll<HTMLElement>('[data-method]')].map((el) => el.dataset.method))
    button(root, 'Other socials')!.click()
    await waitFor(() => root.querySelector('[data-screen="landing-overflow"]'), 'overflow')
    for (const el of root.querySelectorAll<HTMLElement>('[data-method]')) offered.add(el.dataset.method)
    equal([...offered].sort(), [...PROVIDERS].sort())
  })
})
