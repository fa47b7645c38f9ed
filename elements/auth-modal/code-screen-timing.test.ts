/**
 * The code screen's spec delays at their real values (the other code-screen tests shorten them):
 * spec part 1 §9 'Code length 6; resend cooldown 30 s' and 'error input reset 1400 ms'.
 */
import './auth-modal.ts'
import { assert, button, byLabel, equal, paste, queryByText, reset, waitFor } from '../testing/harness.ts'
import { openCodeScreen as codeScreen } from '../testing/code-screen.ts'

describe('code screen timing (spec §9)', () => {
  beforeEach(() => reset())

  it('six boxes; after Resend the badge counts down from 30 seconds', async () => {
    const { root } = await codeScreen()
    equal(byLabel(root, 'Digit 7'), null)
    button(root, 'Resend code')!.click()
    const left = await waitFor(() => root.querySelector('[part="badge"] [aria-label$="seconds until you can resend"]'), 'countdown')
    assert(left.textContent === '30s' || left.textContent === '29s', `starts at 30 s (reads ${left.textContent})`)
  })

  it('error: a wrong code stays in the boxes for 1400 ms, then they reset', async () => {
    const { root, digit } = await codeScreen({ status: 401, body: { error: 'Invalid code', code: 'invalid_credentials' } })
    paste(digit(1), '000000')
    await waitFor(() => queryByText(root, 'Invalid or expired verification code'), 'mapped message')
    const shownAt = performance.now()
    await waitFor(() => digit(6).value === '', 'inputs reset')
    const elapsed = performance.now() - shownAt
    assert(elapsed >= 1300 && elapsed < 5000, `reset after 1.4 s (took ${Math.round(elapsed)} ms)`)
  })
})
