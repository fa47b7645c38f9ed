import './auth-modal.ts'
import { toUser } from '../../src/api/user.ts'
import { $modal } from '../../src/stores/modal.ts'
import { $session } from '../../src/stores/session.ts'
import { API_URL, APP_ID, OTHER_APP_ID, accessToken, appConfig, assert, equal, mockFetch, reset, waitFor, wireUser } from '../testing/harness.ts'
import type { AuthModalElement } from './auth-modal.element.ts'
import { tagMethods } from './tag-methods.ts'

async function mount(appId = APP_ID): Promise<AuthModalElement> {
  const element = document.createElement('auth-modal')
  element.setAttribute('app-id', appId)
  element.setAttribute('api-url', API_URL)
  document.body.append(element)
  return element
}

describe('<auth-modal> host methods (host-methods.ts)', () => {
  beforeEach(() => reset())

  it('every table entry is a method of the element, documented in custom-elements.json', async () => {
    const manifest = await (await fetch('/custom-elements.json')).json()
    const declaration = manifest.modules.flatMap((m: any) => m.declarations ?? []).find((d: any) => d.name === 'AuthModalElement')
    const documented = new Map<string, any>(declaration.members.filter((m: any) => m.kind === 'method').map((m: any) => [m.name, m]))
    for (const name of Object.keys(tagMethods)) {
      equal(typeof (document.createElement('auth-modal') as any)[name], 'function', name)
      assert(documented.get(name)?.description, `${name} documented in custom-elements.json`)
    }
    for (const name of documented.keys()) equal(typeof (document.createElement('auth-modal') as any)[name], 'function', `${name} (manifest) exists`)
  })

  it('a forwarder maps its arguments to the action and resolves with what the table says (the user)', async () => {
    const calls = mockFetch({
      [`GET /apps/${APP_ID}`]: { body: appConfig() },
      'POST /analytics_events': { status: 204 },
      'POST /passwordless/unlink': { body: wireUser({ linked_accounts: [] }) },
    })
    const element = await mount()
    await waitFor(() => element.ready, 'ready')
    $session.set({
      status: 'authenticated',
      user: toUser(wireUser() as never),
      tokens: { token: accessToken(), refreshToken: 'refresh-1', identityToken: null },
    })
    const user = await element.unlinkEmail('ada@example.com')
    equal(user.id, 'user-1')
    equal(user.linkedAccounts, [])
    equal(calls.find((c) => c.path === '/passwordless/unlink')?.body, { address: 'ada@example.com' })
  })

  it('error: on a refused tag every method logs the same console error, then rejects, does nothing or throws; nothing runs', async () => {
    const calls = mockFetch({ [`GET /apps/${APP_ID}`]: { body: appConfig() }, 'POST /analytics_events': { status: 204 } })
    const first = await mount()
    await waitFor(() => first.ready, 'first ready')
    const errors: string[] = []
    const original = console.error
    console.error = (...args: unknown[]) => void errors.push(args.join(' '))
    try {
      const second = await mount(OTHER_APP_ID)
      await waitFor(() => errors.some((e) => e.includes('Only one Gatehouse provider')), 'refused')
      const before = calls.length
      const names = [...Object.keys(tagMethods), 'syncCustomToken'] as const
      for (const name of names) {
        errors.length = 0
        const refused = name === 'syncCustomToken' ? 'reject' : tagMethods[name as keyof typeof tagMethods].refused
        let outcome: unknown
        try {
          outcome = (second as any)[name]('0x1111111111111111111111111111111111111111', {})
        } catch (error) {
          outcome = error
        }
        equal(errors, [`[gatehouse] ${name}() ignored: this <auth-modal> was refused (another app id owns the page).`], name)
        if (refused === 'reject')
          equal(
            await (outcome as Promise<unknown>).then(
              () => 'resolved',
              (e) => e.code,
            ),
            'MULTIPLE_PROVIDERS',
            name,
          )
        else if (refused === 'throw') equal((outcome as { code?: string }).code, 'MULTIPLE_PROVIDERS', name)
        else equal(outcome, undefined, name)
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
      equal(calls.length, before, 'no request from a refused tag')
      equal($modal.get().open, false, 'nothing opened')
    } finally {
      console.error = original
    }
  })
})
