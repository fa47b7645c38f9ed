/**
 * Spec part 2 §9 'Delays: … 2.5 s wallet-created … close': the 'Welcome' / 'All set!' screen
 * after a wallet is created closes the modal by itself 2.5 s after it shows, at its real value.
 */
import './auth-modal.ts'
import { openWalletScreen } from '../../src/wallets/embedded/modal.ts'
import { mountSignedIn } from '../testing/signed-in.ts'
import { assert, queryByText, shadow, waitFor, wireUser } from '../testing/harness.ts'

describe('wallet created', () => {
  it("'Welcome to <app>' closes the modal 2.5 s after it shows", async () => {
    const element = await mountSignedIn(wireUser(), {}, { name: 'Demo Shop' })
    openWalletScreen({ name: 'embedded-wallet-created', isNewUser: true })
    await waitFor(() => queryByText(shadow(element), 'Welcome to Demo Shop'), 'welcome')
    const shownAt = performance.now()
    await waitFor(() => !shadow(element).querySelector('[part="dialog"]'), 'closed', 10_000)
    const elapsed = performance.now() - shownAt
    assert(elapsed >= 2400 && elapsed < 6000, `closes after 2.5 s (took ${Math.round(elapsed)} ms)`)
  })
})
