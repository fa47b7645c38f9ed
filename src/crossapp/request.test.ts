/**
 * Cross-app failures before and after the provider's popup (spec part 3 §8 'Cross-app'): the
 * texts a host reads as `shortMessage` and the codes it branches on.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CROSS_APP_MESSAGE } from './texts.ts'

const mocks = vi.hoisted(() => ({ account: null as unknown, findConnection: vi.fn() }))
vi.mock('./account.ts', () => ({ crossAppAccountOf: () => mocks.account }))
vi.mock('./connections.ts', () => ({
  findConnection: mocks.findConnection,
  providerOrigin: () => PROVIDER,
  readProviderToken: () => 'provider-token',
}))
vi.mock('../api/analytics.ts', () => ({ trackEvent: () => {} }))

const { crossAppRequest } = await import('./request.ts')
const { connectProvider } = await import('./connect.ts')

const PROVIDER = 'https://wallet.example'
const ADDRESS = '0x2222222222222222222222222222222222222222'
const CONNECTION = { provider_app_id: 'provider-app', provider_app_name: 'Wallet Example', read_only: false }
const host = Object.assign(new EventTarget(), {
  open: vi.fn(),
  location: { origin: 'https://host.example' },
  screenX: 0,
  screenY: 0,
  outerWidth: 1200,
  outerHeight: 900,
})
const popup = { closed: false, close: vi.fn(() => void (popup.closed = true)), location: { href: '' } }

beforeEach(() => {
  vi.stubGlobal('window', host)
  mocks.account = { type: 'cross_app', providerApp: { id: 'provider-app' }, embeddedWallets: [{ address: ADDRESS }] }
  mocks.findConnection.mockReset().mockResolvedValue(CONNECTION)
  host.open.mockReset().mockReturnValue(popup)
  popup.closed = false
  popup.location.href = ''
  popup.close.mockClear()
})
afterEach(() => vi.unstubAllGlobals())

describe('crossAppRequest: failures before the popup shows the request', () => {
  it('error: an address that is no cross-app wallet of the user (CROSS_APP_WRONG_ADDRESS), no popup opened', async () => {
    mocks.account = null
    await expect(crossAppRequest(ADDRESS, 'personal_sign', ['hi', ADDRESS])).rejects.toMatchObject({
      code: 'CROSS_APP_WRONG_ADDRESS',
      shortMessage: 'Cannot request a signature with this wallet address',
    })
    expect(host.open).not.toHaveBeenCalled()
  })

  it("error: a blocked popup (CROSS_APP_POPUP_BLOCKED) reads 'Failed to initialize signature request'", async () => {
    host.open.mockReturnValue(null)
    await expect(crossAppRequest(ADDRESS, 'personal_sign', ['hi', ADDRESS])).rejects.toMatchObject({
      code: 'CROSS_APP_POPUP_BLOCKED',
      shortMessage: 'Failed to initialize signature request',
    })
  })

  it('error: the connection lookup failing (CROSS_APP_INIT_FAILED) closes the popup, keeping the cause', async () => {
    const cause = new TypeError('fetch failed')
    mocks.findConnection.mockRejectedValue(cause)
    await expect(crossAppRequest(ADDRESS, 'personal_sign', ['hi', ADDRESS])).rejects.toMatchObject({
      code: 'CROSS_APP_INIT_FAILED',
      shortMessage: 'Failed to initialize signature request',
      cause,
    })
    expect(popup.close).toHaveBeenCalled()
  })
})

describe("connectProvider: the provider's connect page", () => {
  const statePosted = async () => {
    await vi.waitFor(() => expect(popup.location.href).toContain('/cross-app/connect?'))
    return new URL(popup.location.href).searchParams.get('state')!
  }
  const post = (data: unknown) => host.dispatchEvent(Object.assign(new Event('message'), { data, origin: PROVIDER, source: popup }))

  it("error: the user closing the popup reads 'User canceled flow'", async () => {
    const connecting = connectProvider('provider-app', popup as unknown as Window)
    await statePosted()
    popup.closed = true
    await expect(connecting).rejects.toMatchObject({ code: 'CROSS_APP_REJECTED', shortMessage: 'User canceled flow' })
  })

  it("error: the page answering an error names the provider app: 'There was an issue connecting your Wallet Example account. Please try again.'", async () => {
    const connecting = connectProvider('provider-app', popup as unknown as Window)
    const state = await statePosted()
    post({ type: CROSS_APP_MESSAGE.connect, state, error: 'access_denied' })
    await expect(connecting).rejects.toMatchObject({
      code: 'CROSS_APP_CONNECT_FAILED',
      shortMessage: 'There was an issue connecting your Wallet Example account. Please try again.',
    })
  })

  it('error: no popup at all (CROSS_APP_POPUP_BLOCKED)', async () => {
    await expect(connectProvider('provider-app', null)).rejects.toMatchObject({
      code: 'CROSS_APP_POPUP_BLOCKED',
      shortMessage: 'Failed to initialize signature request',
    })
  })
})
