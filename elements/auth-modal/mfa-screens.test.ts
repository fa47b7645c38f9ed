/**
 * The MFA screens in `<auth-modal>` (spec part 2 §2, §4, §8): enrollment intro and chooser, TOTP and
 * SMS enrollment, 'Enter verification code', removal confirmations and the error texts. The wallet
 * frame's replies (the server's payloads, camelCased by the frame) are answered in-page on the proxy.
 */
import './auth-modal.ts'
import type { WireUser } from '../../src/api/user.ts'
import { WalletProxyError } from '../../src/errors/wallet.ts'
import { getWalletProxy } from '../../src/wallets/embedded/proxy.ts'
import { $mfaRequest } from '../../src/stores/mfa.ts'
import { assert, button, byLabel, equal, paste, queryByText, recordEvents, shadow, type, waitFor, wireUser, type Route } from '../testing/harness.ts'
import { mountSignedIn } from '../testing/signed-in.ts'

type Method = 'sms' | 'totp' | 'passkey'
const PHONE = { type: 'phone', address: '+14155550123', phone_number: '+14155550123', verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }
const userWith = (methods: Method[], phone = false): WireUser =>
  wireUser({ linked_accounts: [...wireUser().linked_accounts, ...(phone ? [PHONE] : [])], mfa_methods: methods.map((type) => ({ type })) } as never)
const CODE_ERROR = 'The code you entered is not valid'
const MAX_ATTEMPTS = 'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.'

type Reply = (payload: Record<string, unknown>) => unknown
/** Answers the frame's MFA messages with `replies` (a thrown error is the frame's error reply); records each call. */
function frame(replies: Record<string, Reply>): { type: string; payload: Record<string, unknown> }[] {
  const calls: { type: string; payload: Record<string, unknown> }[] = []
  getWalletProxy().request = (async (type: string, payload: Record<string, unknown>) => {
    calls.push({ type, payload })
    const reply = replies[type]
    if (!reply) throw new Error(`unexpected frame message ${type}`)
    return reply(payload)
  }) as never
  return calls
}
const refuse = (type: string, message: string) => () => {
  throw new WalletProxyError({ type, message })
}

const mount = (user: WireUser, routes: Record<string, Route> = {}) => mountSignedIn(user, routes)

const root = (element: Element) => shadow(element)
const screen = (element: Element) => root(element).querySelector<HTMLElement>('[data-screen]')?.dataset.screen
const row = (element: Element, method: Method) => root(element).querySelector<HTMLElement>(`[data-method="${method}"]`)
const text = (element: Element, value: string) => waitFor(() => queryByText(root(element), value), `'${value}'`)
/** Pastes `code` into the first box once the boxes are empty and enabled (after an error they reset in 1400 ms). */
async function typeCode(element: Element, code: string) {
  const first = await waitFor(
    () => root(element).querySelector<HTMLInputElement>('input[aria-label="Digit 1"]:not([disabled])')?.value === '' && byLabel(root(element), 'Digit 1'),
    'empty code boxes',
    5000,
  )
  paste(first, code)
}

describe('MFA screens in <auth-modal>', () => {
  it("intro 'Transaction Protection' (Continue / 'Not now'), then the chooser: SMS 'Disabled' and inert without a phone", async () => {
    const element = await mount(userWith([]))
    const events = recordEvents(['modal-close'])
    void element.showMfaEnrollmentModal()
    await text(element, 'Transaction Protection')
    button(root(element), 'Not now')!.click()
    await waitFor(() => events.length === 1, 'Not now closes')

    void element.showMfaEnrollmentModal()
    await text(element, 'Transaction Protection')
    button(root(element), 'Continue')!.click()
    await text(element, 'Choose a verification method')
    assert(queryByText(root(element), 'How would you like to verify your identity?'), 'intro text without methods')
    assert(queryByText(root(element), 'You can always change your selection later'), 'footnote')
    equal(queryByText(root(element), 'Enabled'), null, 'no Enabled chip')
    const sms = row(element, 'sms')!
    assert(queryByText(sms, 'Disabled'), "SMS shows 'Disabled'")
    const smsButton = button(sms, 'SMS')!
    equal(smsButton.getAttribute('aria-disabled'), 'true')
    equal(root(element).getElementById(smsButton.getAttribute('aria-describedby')!)?.textContent, 'Disabled')
    smsButton.click()
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
    equal(screen(element), 'mfa-enroll-chooser', 'SMS without a phone does not navigate')
    for (const m of ['totp', 'passkey'] as const) equal(queryByText(row(element, m)!, 'Disabled'), null, `${m} not disabled`)
  })

  it('chooser with every method enabled: Enabled chips, remove buttons, the verification text and footnote', async () => {
    const element = await mount(userWith(['sms', 'totp', 'passkey'], true))
    void element.showMfaEnrollmentModal()
    await text(element, 'To add or delete verification methods, verification is required.')
    assert(queryByText(root(element), 'You can always change your selection later'), 'footnote')
    for (const [m, label] of [
      ['passkey', 'Passkey'],
      ['totp', 'Authenticator app'],
      ['sms', 'SMS'],
    ] as const) {
      assert(queryByText(row(element, m)!, 'Enabled'), `${m} Enabled chip`)
      assert(button(row(element, m)!, `Remove ${label}`), `${m} remove button`)
      equal(queryByText(row(element, m)!, 'Disabled'), null)
    }
    button(root(element), 'Remove SMS')!.click()
    await text(element, 'Remove SMS verification?')
    button(root(element), 'Cancel')!.click()
    ;(await waitFor(() => button(root(element), 'Remove Authenticator app'), 'back on the chooser')).click()
    await text(element, 'Remove authenticator app verification?')
    assert(button(root(element), 'Remove'), 'Remove')
  })

  it("TOTP: 'Scan QR code' with the copyable setup key, 'Enter enrollment code' (error: invalid code, then enrolled)", async () => {
    const element = await mount(userWith([], true))
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
    const written: string[] = []
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void written.push(t) } })
    let submits = 0
    const calls = frame({
      'mfa:init-enrollment': () => ({ secret, authUrl: `otpauth://totp/MFA%20App:ada%40example.com?secret=${secret}&issuer=MFA%20App` }),
      'mfa:submit-enrollment': () => (++submits === 1 ? refuse('invalid_mfa_code', CODE_ERROR)() : { user: userWith(['totp'], true) }),
    })
    const events = recordEvents(['mfa-enrolled'])
    void element.showMfaEnrollmentModal()
    ;(await waitFor(() => button(root(element), 'Continue'), 'Continue')).click()
    ;(await waitFor(() => button(root(element), 'Authenticator app'), 'Authenticator app')).click()
    await text(element, 'Scan QR code')
    // The QR image (the lazily loaded qrcode package) is asserted on the built bundle: test/e2e/mfa.e2e.test.ts.
    equal(root(element).querySelector('[data-setup-key]')?.textContent, secret)
    button(root(element), 'Copy setup key')!.click()
    await waitFor(() => button(root(element), 'Copied ✓'), 'Copied')
    equal(written, [secret])
    button(root(element), 'Continue')!.click()
    await text(element, 'Enter enrollment code')
    await typeCode(element, '123456')
    await text(element, CODE_ERROR)
    await typeCode(element, '654321')
    await waitFor(() => events.length === 1, 'mfa-enrolled', 5000)
    equal(events[0]!.detail.method, 'totp')
    await waitFor(() => row(element, 'totp') && queryByText(row(element, 'totp')!, 'Enabled'), 'TOTP Enabled')
    equal(
      calls.map((c) => [c.type, c.payload.method, c.payload.code]),
      [
        ['mfa:init-enrollment', 'totp', undefined],
        ['mfa:submit-enrollment', 'totp', '123456'],
        ['mfa:submit-enrollment', 'totp', '654321'],
      ],
    )
  })

  it("error: the authenticator setup failing for no stated reason shows 'Unknown error' (spec part 2 §8, enrollment), with 'Back' to the chooser", async () => {
    const element = await mount(userWith([], true))
    frame({ 'mfa:init-enrollment': refuse('error', 'the server is down') })
    void element.showMfaEnrollmentModal()
    ;(await waitFor(() => button(root(element), 'Continue'), 'Continue')).click()
    ;(await waitFor(() => button(root(element), 'Authenticator app'), 'Authenticator app')).click()
    await waitFor(() => screen(element) === 'mfa-enroll-error', 'the error screen')
    equal(root(element).querySelector('[role="alert"]')?.textContent, 'Unknown error')
    button(root(element), 'Back')!.click()
    await waitFor(() => button(root(element), 'Authenticator app'), 'the chooser again')
  })

  it("SMS: the account's number prefilled, 'Enter enrollment code' with its last four digits, 'SMS verification added'", async () => {
    const element = await mount(userWith([], true))
    const calls = frame({ 'mfa:init-enrollment': () => ({}), 'mfa:submit-enrollment': () => ({ user: userWith(['sms'], true) }) })
    void element.showMfaEnrollmentModal()
    ;(await waitFor(() => button(root(element), 'Continue'), 'Continue')).click()
    ;(await waitFor(() => row(element, 'sms') && button(row(element, 'sms')!, 'SMS'), 'SMS')).click()
    await text(element, 'Enter your phone number')
    equal(root(element).querySelector<HTMLInputElement>('input[aria-label="Phone number"]')!.value, '+14155550123')
    button(root(element), 'Continue')!.click()
    await text(element, 'Enter the 6-digit code sent to the number ending in 0123.')
    assert(queryByText(root(element), 'Enter enrollment code'), 'title')
    await typeCode(element, '246810')
    await text(element, 'SMS verification added')
    button(root(element), 'Done')!.click()
    await waitFor(() => queryByText(row(element, 'sms')!, 'Enabled'), 'SMS Enabled')
    equal(calls[0]!.payload, { accessToken: calls[0]!.payload.accessToken, method: 'sms', phoneNumber: '+14155550123' })
    equal(calls[1]!.payload.code, '246810')
  })

  it("'Enter verification code' with 'Choose another method'; error: invalid code, then the max-attempts text", async () => {
    const element = await mount(userWith(['totp', 'sms'], true), { 'POST /mfa/passwordless_sms/init': { body: { success: true } } })
    let verifies = 0
    frame({
      'mfa:verify': () => (++verifies === 1 ? refuse('invalid_mfa_code', CODE_ERROR)() : refuse('mfa_verification_max_attempts_reached', MAX_ATTEMPTS)()),
    })
    void element.verifyMfa().catch(() => {})
    await text(element, 'Verify your identity')
    ;(await waitFor(() => button(root(element), 'Authenticator app'), 'chooser')).click()
    await text(element, 'Enter verification code')
    assert(queryByText(root(element), 'To continue, please enter the 6-digit code generated from your authenticator app.'), 'totp text')
    assert(button(root(element), 'Cancel'), 'Cancel')
    button(root(element), 'Choose another method')!.click()
    ;(await waitFor(() => button(root(element), 'SMS'), 'chooser again')).click()
    await text(element, 'To continue, please enter the 6-digit code sent to your mobile device.')
    assert(button(root(element), 'Resend code'), 'Resend code')
    await typeCode(element, '111111')
    await text(element, CODE_ERROR)
    await typeCode(element, '222222')
    await text(element, MAX_ATTEMPTS)
    assert(button(root(element), 'Close'), 'blocking: Close')
    equal(root(element).querySelector('input[aria-label="Digit 1"]'), null, 'no more code boxes')
  })

  it("one enrolled method: the chooser is skipped, 'Enter verification code' offers 'Cancel' but no 'Choose another method'", async () => {
    const element = await mount(userWith(['totp']))
    frame({})
    const outcome = element.verifyMfa().then(
      () => null,
      (error: { shortMessage?: string }) => error,
    )
    await text(element, 'Enter verification code')
    assert(queryByText(root(element), 'To continue, please enter the 6-digit code generated from your authenticator app.'), 'totp text')
    equal(queryByText(root(element), 'Choose a verification method'), null, 'no chooser')
    equal(button(root(element), 'Choose another method'), null, 'nothing else to choose')
    button(root(element), 'Cancel')!.click()
    equal((await outcome)?.shortMessage, 'MFA canceled')
  })

  it("error: a verification canceled while 'Verify your identity' shows reads 'Verification canceled' with 'Close'; the call rejects 'MFA canceled'", async () => {
    const element = await mount(userWith(['totp', 'sms'], true))
    frame({})
    const outcome = element.verifyMfa().then(
      () => null,
      (error: { shortMessage?: string }) => error,
    )
    await text(element, 'Verify your identity')
    await waitFor(() => button(root(element), 'Authenticator app'), 'chooser')
    $mfaRequest.get()!.cancel()
    await text(element, 'Verification canceled')
    assert(button(root(element), 'Close'), 'Close')
    equal((await outcome)?.shortMessage, 'MFA canceled')
  })

  it("pin input: a non-digit gives 'Passcode can only be numbers', overflow 'Passcode must be exactly 6 numbers', with a shake; a valid edit clears the error styling", async () => {
    const element = await mount(userWith(['totp']))
    const calls = frame({ 'mfa:verify': () => ({}) })
    void element.verifyMfa().catch(() => {})
    await text(element, 'Enter verification code')
    const group = () => root(element).querySelector<HTMLElement>('[part~="code-input"]')!
    const first = await waitFor(() => byLabel(root(element), 'Digit 1') as HTMLInputElement | null, 'code boxes')
    type(first, 'a')
    await text(element, 'Passcode can only be numbers')
    equal(group().dataset.status, 'error')
    equal(getComputedStyle(group()).animationName, 'gh-pin-shake')
    equal(first.value, '')
    type(first, '1')
    await waitFor(() => group().dataset.status === 'idle', 'error styling cleared by a valid edit')
    equal(first.value, '1')
    paste(first, '1234567')
    await text(element, 'Passcode must be exactly 6 numbers')
    equal(group().dataset.status, 'error')
    equal(calls.length, 0, 'nothing submitted')
    assert(!queryByText(root(element), 'Code should be numeric'), 'not the code screen text')
  })

  it('removing a method asks for a verification first, then unenrolls', async () => {
    const element = await mount(userWith(['totp'], true))
    const calls = frame({ 'mfa:verify': () => ({ mfaVerifiedUntil: Date.now() + 600_000 }), 'mfa:unenroll': () => ({ user: userWith([], true) }) })
    const events = recordEvents(['mfa-unenrolled'])
    void element.showMfaEnrollmentModal()
    ;(await waitFor(() => button(root(element), 'Remove Authenticator app'), 'remove')).click()
    await text(element, 'Remove authenticator app verification?')
    button(root(element), 'Remove')!.click()
    await text(element, 'Enter verification code')
    equal(calls.length, 0, 'nothing removed before the verification')
    await typeCode(element, '135790')
    await waitFor(() => events.length === 1, 'mfa-unenrolled')
    equal(
      calls.map((c) => c.type),
      ['mfa:verify', 'mfa:unenroll'],
    )
    await text(element, 'How would you like to verify your identity?')
  })

  it("'Verifying with passkey': starts at once, 'Passkey last added', error: a refused prompt, then 'Try again' verifies", async () => {
    const key = {
      type: 'passkey',
      address: 'cred-1',
      credential_id: 'cred-1',
      enrolled_in_mfa: true,
      verified_at: 1_700_000_000,
      first_verified_at: 1_700_000_000,
      latest_verified_at: 1_700_000_000,
    }
    const user = wireUser({ linked_accounts: [...wireUser().linked_accounts, key], mfa_methods: [{ type: 'passkey' }, { type: 'totp' }] } as never)
    const options = { challenge: 'Y2hhbGxlbmdl', rp_id: location.hostname, allow_credentials: [{ id: 'Y3JlZC0x', type: 'public-key' }], timeout: 60_000 }
    const element = await mount(user, { 'POST /mfa/passkeys/init': { body: { options } } })
    const bytes = (text: string) => new TextEncoder().encode(text).buffer
    let prompts = 0
    Object.defineProperty(navigator.credentials, 'get', {
      configurable: true,
      value: async () => {
        if (++prompts === 1) throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')
        return {
          id: 'Y3JlZC0x',
          rawId: bytes('cred-1'),
          type: 'public-key',
          authenticatorAttachment: 'platform',
          response: { authenticatorData: bytes('data'), clientDataJSON: bytes('{}'), signature: bytes('sig'), userHandle: null },
          getClientExtensionResults: () => ({}),
        }
      },
    })
    const calls = frame({ 'mfa:verify': () => ({ mfaVerifiedUntil: Date.now() + 600_000 }) })
    const verified = element.verifyMfa()
    ;(await waitFor(() => button(root(element), 'Passkey'), 'chooser')).click()
    await text(element, 'Verifying with passkey')
    assert(queryByText(root(element), 'Approve with touch, face, PIN, or hardware key.'), 'detail')
    assert(queryByText(root(element), `Passkey last added ${new Date(1_700_000_000_000).toLocaleDateString()}`), 'last added')
    assert(button(root(element), 'Choose another method'), 'Choose another method')
    await text(element, 'Passkey request timed out or rejected by user.')
    equal(calls.length, 0, 'nothing sent to the frame for a refused prompt')
    button(root(element), 'Try again')!.click()
    await verified
    equal(prompts, 2)
    equal(calls[0]!.payload.method, 'passkey')
    // The assertion in the spec's snake_case (part 3 §3), as the frame sends it on to /mfa/passkeys/verify.
    const sent = calls[0]!.payload.authenticatorResponse as { id: string; raw_id: string; response: object; rawId?: unknown }
    equal(sent.id, 'Y3JlZC0x')
    equal(sent.raw_id, 'Y3JlZC0x')
    equal(sent.rawId, undefined)
    equal(Object.keys(sent.response).sort().join(), 'authenticator_data,client_data_json,signature')
  })

  describe("passkey removal follows the host's unlinking behaviour (spec part 1 §1, part 2 §2)", () => {
    const PASSKEY = {
      type: 'passkey',
      address: 'cred-1',
      credential_id: 'cred-1',
      authenticator_name: null,
      created_with_browser: 'Chrome',
      created_with_os: 'Linux',
      enrolled_in_mfa: true,
      verified_at: 1,
      first_verified_at: 1,
      latest_verified_at: 1,
    }
    const withPasskey = () =>
      wireUser({ linked_accounts: [...wireUser().linked_accounts, PASSKEY], mfa_methods: [{ type: 'totp' }, { type: 'passkey' }] } as never)

    for (const [setting, unlinks, detail] of [
      [undefined, true, 'It will also be removed as a way to log in.'],
      [false, false, 'It will be removed as a verification method; you can still log in with it.'],
    ] as const) {
      it(`${setting === undefined ? 'default (on)' : 'off'}: '${detail}', and the removal ${unlinks ? 'unlinks' : 'keeps'} the login`, async () => {
        const element = await mount(withPasskey())
        if (setting !== undefined) element.passkeyUnlinkOnUnenroll = setting
        equal(element.passkeyUnlinkOnUnenroll, unlinks)
        const calls = frame({
          'mfa:verify': () => ({ mfaVerifiedUntil: Date.now() + 600_000 }),
          'mfa:submit-enrollment': () => ({ user: withPasskey() }),
        })
        void element.showMfaEnrollmentModal()
        ;(await waitFor(() => button(root(element), 'Remove Passkey'), 'chooser')).click()
        ;(await waitFor(() => button(root(element), 'Remove Chrome on Linux'), 'passkey list')).click()
        await text(element, 'Are you sure you want to remove this passkey?')
        assert(queryByText(root(element), detail), detail)
        button(root(element), 'Remove')!.click()
        ;(await waitFor(() => button(root(element), 'Authenticator app'), 'verification chooser')).click()
        await typeCode(element, '135790')
        await waitFor(() => calls.some((c) => c.type === 'mfa:submit-enrollment'), 'unenrolled')
        const submitted = calls.find((c) => c.type === 'mfa:submit-enrollment')!.payload
        equal(submitted.credentialIds, [])
        equal(submitted.removeForLogin, unlinks)
      })
    }
  })
})
