import './fund-button.ts'
import { assert, equal, waitFor } from '../testing/harness.ts'
import type { FundButtonElement } from './fund-button.element.ts'

/** A stand-in for <auth-modal>'s fundWallet (the real flow runs in test/e2e/funding.e2e.test.ts). */
class FakeModal extends HTMLElement {
  calls: unknown[][] = []
  outcome: 'ok' | 'fail' = 'ok'
  async fundWallet(...args: unknown[]) {
    this.calls.push(args)
    if (this.outcome === 'fail')
      throw Object.assign(new Error('Wallet funding is not enabled'), { code: 'FUNDING_NOT_ENABLED', shortMessage: 'Wallet funding is not enabled' })
    return { provider: 'manual', status: 'completed' }
  }
}
if (!customElements.get('auth-modal')) customElements.define('auth-modal', FakeModal)

function mount(html: string): FundButtonElement {
  const host = document.createElement('div')
  host.innerHTML = html
  document.body.append(host)
  return host.querySelector('fund-button')!
}
const events = (el: HTMLElement) => {
  const seen: { type: string; detail: any }[] = []
  for (const type of ['fund-success', 'fund-error']) el.addEventListener(type, (e) => seen.push({ type, detail: (e as CustomEvent).detail }))
  return seen
}

describe('<fund-button>', () => {
  afterEach(() => document.body.replaceChildren())

  it('renders its button (slot label, default Add funds) without React', () => {
    const el = mount('<fund-button></fund-button>')
    const button = el.shadowRoot!.querySelector('button')!
    equal(button.getAttribute('part'), 'button primary-button')
    equal((button.querySelector('slot') as HTMLSlotElement).textContent, 'Add funds')
    assert(!('React' in window), 'no React global')
  })

  it('a click calls <auth-modal>.fundWallet with the attributes as options and dispatches fund-success', async () => {
    document.body.insertAdjacentHTML('beforeend', '<auth-modal></auth-modal>')
    const modal = document.querySelector('auth-modal') as unknown as FakeModal
    const el = mount(
      '<fund-button address="0x1111111111111111111111111111111111111111" chain="8453" asset="0x2222222222222222222222222222222222222222" amount="0.5" default-method="card" receive-title="">Top up</fund-button>',
    )
    const seen = events(el)
    el.shadowRoot!.querySelector('button')!.click()
    await waitFor(() => seen.length === 1)
    equal(seen[0]!.type, 'fund-success')
    equal(
      JSON.stringify(modal.calls[0]),
      JSON.stringify([
        '0x1111111111111111111111111111111111111111',
        {
          chain: '8453',
          asset: { erc20: '0x2222222222222222222222222222222222222222' },
          amount: '0.5',
          defaultFundingMethod: 'card',
          uiConfig: { receiveFundsTitle: '' },
        },
      ]),
    )
  })

  it('error: a failed flow dispatches fund-error with its code; disabled ignores clicks; no <auth-modal> is NO_AUTH_MODAL', async () => {
    document.body.insertAdjacentHTML('beforeend', '<auth-modal></auth-modal>')
    const modal = document.querySelector('auth-modal') as unknown as FakeModal
    modal.outcome = 'fail'
    const el = mount('<fund-button></fund-button>')
    const seen = events(el)
    el.shadowRoot!.querySelector('button')!.click()
    await waitFor(() => seen.length === 1)
    equal(seen[0]!.detail.code, 'FUNDING_NOT_ENABLED')
    equal(seen[0]!.detail.message, 'Wallet funding is not enabled')
    el.disabled = true
    el.shadowRoot!.querySelector('button')!.click()
    equal(modal.calls.length, 1)
    modal.remove()
    el.disabled = false
    el.shadowRoot!.querySelector('button')!.click()
    await waitFor(() => seen.length === 2)
    equal(seen[1]!.detail.code, 'NO_AUTH_MODAL')
  })
})
