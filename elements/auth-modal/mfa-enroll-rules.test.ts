/**
 * Two MFA enrollment rules in `<auth-modal>`:
 * - spec part 2 §4: every add first requires an MFA verification once the user has a method
 *   (mfa:verify before mfa:init-enrollment);
 * - spec part 2 §6: the host (app) chooses the allowed MFA methods; the chooser offers only those,
 *   plus the ones the user already has (so they can still be removed).
 * The wallet frame's replies are answered in-page on the proxy, as in mfa-screens.test.ts.
 */
import './auth-modal.ts'
import type { WireUser } from '../../src/api/user.ts'
import { getWalletProxy } from '../../src/wallets/embedded/proxy.ts'
import { button, byLabel, equal, paste, queryByText, shadow, waitFor, wireUser, type Route } from '../testing/harness.ts'
import { mountSignedIn } from '../testing/signed-in.ts'

type Method = 'sms' | 'totp' | 'passkey'
const PHONE = { type: 'phone', address: '+14155550123', phone_number: '+14155550123', verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }
const userWith = (methods: Method[], phone = false): WireUser =>
  wireUser({ linked_accounts: [...wireUser().linked_accounts, ...(phone ? [PHONE] : [])], mfa_methods: methods.map((type) => ({ type })) } as never)

/** Answers the frame's messages with `replies`; records each call's type in order. */
function frame(replies: Record<string, (payload: Record<string, unknown>) => unknown>): { type: string; payload: Record<string, unknown> }[] {
  const calls: { type: string; payload: Record<string, unknown> }[] = []
  getWalletProxy().request = (async (type: string, payload: Record<string, unknown>) => {
    calls.push({ type, payload })
    const reply = replies[type]
    if (!reply) throw new Error(`unexpected frame message ${type}`)
    return reply(payload)
  }) as never
  return calls
}

const root = (element: Element) => shadow(element)
const screen = (element: Element) => root(element).querySelector<HTMLElement>('[data-screen]')?.dataset.screen
const text = (element: Element, value: string) => waitFor(() => queryByText(root(element), value), `'${value}'`, 5000)
const listed = (element: Element) => [...root(element).querySelectorAll<HTMLElement>('[data-method]')].map((row) => row.dataset.method)
const verifiedUntil = () => ({ mfaVerifiedUntil: Date.now() + 600_000 })

async function chooser(element: Element) {
  void (element as unknown as { showMfaEnrollmentModal(): Promise<void> }).showMfaEnrollmentModal()
  await waitFor(() => screen(element) === 'mfa-enroll-chooser' || button(root(element), 'Continue'), 'intro or chooser', 5000)
  if (screen(element) !== 'mfa-enroll-chooser') button(root(element), 'Continue')!.click()
  await waitFor(() => screen(element) === 'mfa-enroll-chooser', 'the chooser', 5000)
}

async function pasteCode(element: Element, code: string) {
  paste(await waitFor(() => byLabel(root(element), 'Digit 1'), 'code boxes', 5000), code)
}

describe('adding a second MFA method asks for a verification with the first (spec part 2 §4)', () => {
  it("user with TOTP adds SMS: 'Enter verification code' before any enrollment call; then mfa:verify, mfa:init-enrollment in that order", async () => {
    const element = await mountSignedIn(userWith(['totp'], true))
    const calls = frame({ 'mfa:verify': verifiedUntil, 'mfa:init-enrollment': () => ({}) })
    await chooser(element)
    button(root(element).querySelector('[data-method="sms"]')!, 'SMS')!.click()
    await text(element, 'Enter your phone number')
    button(root(element), 'Continue')!.click()
    await text(element, 'Enter verification code')
    await text(element, 'To continue, please enter the 6-digit code generated from your authenticator app.')
    equal(calls.length, 0, 'no enrollment started before the verification')
    await pasteCode(element, '135790')
    await text(element, 'Enter the 6-digit code sent to the number ending in 0123.')
    equal(
      calls.map((c) => [c.type, c.payload.method]),
      [
        ['mfa:verify', 'totp'],
        ['mfa:init-enrollment', 'sms'],
      ],
    )
    equal(calls[0]!.payload.code, '135790')
  })

  it('user with SMS adds an authenticator app: verified by SMS first, then the TOTP enrollment starts', async () => {
    const smsInit: Route = { body: { success: true } }
    const element = await mountSignedIn(userWith(['sms'], true), { 'POST /mfa/passwordless_sms/init': smsInit })
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
    const calls = frame({ 'mfa:verify': verifiedUntil, 'mfa:init-enrollment': () => ({ secret, authUrl: `otpauth://totp/App:ada?secret=${secret}` }) })
    await chooser(element)
    button(root(element), 'Authenticator app')!.click()
    await text(element, 'To continue, please enter the 6-digit code sent to your mobile device.')
    equal(calls.length, 0, 'no enrollment started before the verification')
    await pasteCode(element, '246810')
    await text(element, 'Scan QR code')
    equal(
      calls.map((c) => [c.type, c.payload.method]),
      [
        ['mfa:verify', 'sms'],
        ['mfa:init-enrollment', 'totp'],
      ],
    )
  })

  it('control: a user without a method adds SMS without any verification', async () => {
    const element = await mountSignedIn(userWith([], true))
    const calls = frame({ 'mfa:init-enrollment': () => ({}) })
    await chooser(element)
    button(root(element).querySelector('[data-method="sms"]')!, 'SMS')!.click()
    await text(element, 'Enter your phone number')
    button(root(element), 'Continue')!.click()
    await text(element, 'Enter the 6-digit code sent to the number ending in 0123.')
    equal(
      calls.map((c) => c.type),
      ['mfa:init-enrollment'],
    )
  })
})

describe("the chooser offers the app's allowed MFA methods (spec part 2 §6)", () => {
  it("mfa.methods ['totp'], nothing enrolled: only the authenticator app is offered", async () => {
    const element = await mountSignedIn(userWith([], true), {}, { mfa: { methods: ['totp'] } })
    await chooser(element)
    equal(listed(element), ['totp'])
    equal(button(root(element), 'SMS'), null, 'no SMS button')
    equal(button(root(element), 'Passkey'), null, 'no passkey button')
  })

  it("mfa.methods ['totp'], SMS enrolled: SMS stays listed (to be removed), the passkey is not offered", async () => {
    const element = await mountSignedIn(userWith(['sms'], true), {}, { mfa: { methods: ['totp'] } })
    await chooser(element)
    equal(listed(element), ['totp', 'sms'])
    equal(queryByText(root(element).querySelector('[data-method="sms"]')!, 'Enabled')?.textContent, 'Enabled')
    equal(button(root(element), 'Remove SMS')?.tagName, 'BUTTON')
  })

  it("mfa.methods ['sms', 'passkey']: the authenticator app is not offered", async () => {
    const element = await mountSignedIn(userWith([], true), {}, { mfa: { methods: ['sms', 'passkey'] } })
    await chooser(element)
    equal(listed(element), ['passkey', 'sms'])
  })
})
