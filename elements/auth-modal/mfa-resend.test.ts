/**
 * Spec part 2 §9 'MFA … resend cooldown 30 s': on 'Enter verification code' for SMS, 'Resend code'
 * stays disabled for 30 s after a code was sent, then turns on (at its real value: a 30 s test).
 */
import './auth-modal.ts'
import type { WireUser } from '../../src/api/user.ts'
import { getWalletProxy } from '../../src/wallets/embedded/proxy.ts'
import { assert, button, queryByText, shadow, waitFor, wireUser } from '../testing/harness.ts'
import { mountSignedIn } from '../testing/signed-in.ts'

const PHONE = { type: 'phone', address: '+14155550123', phone_number: '+14155550123', verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }
const smsUser = (): WireUser => wireUser({ linked_accounts: [...wireUser().linked_accounts, PHONE], mfa_methods: [{ type: 'sms' }] } as never)

describe('MFA SMS resend', () => {
  it("'Resend code' is disabled for 30 s after the code was sent, then enabled", async () => {
    const element = await mountSignedIn(smsUser(), { 'POST /mfa/passwordless_sms/init': { body: { success: true } } })
    getWalletProxy().request = (async () => ({})) as never
    void element.verifyMfa().catch(() => {})
    const resend = await waitFor(() => button(shadow(element), 'Resend code'), 'Resend code')
    const sentAt = performance.now()
    assert(queryByText(shadow(element), 'To continue, please enter the 6-digit code sent to your mobile device.'), 'SMS code entry')
    assert(resend.disabled, 'disabled right after sending')
    await waitFor(() => !button(shadow(element), 'Resend code')!.disabled, 'enabled again', 60_000)
    const elapsed = performance.now() - sentAt
    assert(elapsed >= 29_500 && elapsed < 45_000, `enabled after 30 s (took ${Math.round(elapsed)} ms)`)
  })
})
