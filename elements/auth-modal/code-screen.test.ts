import './auth-modal.ts'
import { TIMING } from '../../src/flows/timing.ts'
import {
  appConfig,
  assert,
  authResponse,
  button,
  byLabel,
  equal,
  keydown,
  mockFetch,
  mountModal,
  paste,
  queryByText,
  recordEvents,
  reset,
  shadow,
  sleep,
  submitLoginEmail,
  type,
  waitFor,
} from '../testing/harness.ts'
import { openCodeScreen as codeScreen } from '../testing/code-screen.ts'

const defaults = { ...TIMING }

describe('code screen', () => {
  beforeEach(() => {
    reset()
    Object.assign(TIMING, defaults)
  })

  it('has six labelled one-time-code inputs', async () => {
    const { digit } = await codeScreen()
    for (let i = 1; i <= 6; i++) equal(digit(i).getAttribute('autocomplete'), 'one-time-code')
    equal(digit(1).getAttribute('inputmode'), 'numeric')
  })

  it('typing auto-advances; Backspace on an empty box goes back and clears it', async () => {
    const { root, digit } = await codeScreen()
    digit(1).focus()
    type(digit(1), '4')
    await waitFor(() => root.activeElement === digit(2), 'focus on Digit 2')
    type(digit(2), '2')
    await waitFor(() => root.activeElement === digit(3), 'focus on Digit 3')
    keydown(digit(3), 'Backspace')
    await waitFor(() => root.activeElement === digit(2) && digit(2).value === '', 'back to Digit 2, cleared')
    equal(digit(1).value, '4')
  })

  it('error: a non-digit shows "Code should be numeric" and is not kept', async () => {
    const { root, digit } = await codeScreen()
    type(digit(1), 'a')
    await waitFor(() => queryByText(root, 'Code should be numeric'), 'numeric message')
    equal(digit(1).value, '')
  })

  it('pasting the code fills all boxes and submits it', async () => {
    const events = recordEvents(['auth-success'])
    const { digit, calls } = await codeScreen()
    paste(digit(3), '123456')
    await waitFor(() => events.length === 1, 'auth-success')
    equal([1, 2, 3, 4, 5, 6].map((n) => digit(n).value).join(''), '123456')
    equal(calls.find((c) => c.path === '/passwordless/authenticate')!.body, { email: 'ada@example.com', code: '123456', mode: 'login-or-sign-up' })
  })

  it('pasting into a later box fills that box and the following ones (spec part 2 §5), keeping the digits before', async () => {
    const events = recordEvents(['auth-success'])
    const { digit, calls } = await codeScreen()
    type(digit(1), '1')
    type(digit(2), '2')
    paste(digit(3), '3456')
    await waitFor(() => events.length === 1, 'auth-success')
    equal([1, 2, 3, 4, 5, 6].map((n) => digit(n).value).join(''), '123456')
    equal(calls.find((c) => c.path === '/passwordless/authenticate')!.body, { email: 'ada@example.com', code: '123456', mode: 'login-or-sign-up' })
  })

  it('error: a wrong code shows the mapped message, emits auth-error and resets the inputs after the delay', async () => {
    TIMING.errorResetMs = 300
    const events = recordEvents(['auth-error'])
    const { root, digit } = await codeScreen([{ status: 401, body: { error: 'Invalid code', code: 'invalid_credentials' } }, { body: authResponse() }])
    paste(digit(1), '000000')
    await waitFor(() => queryByText(root, 'Invalid or expired verification code'), 'mapped message')
    equal(events.at(-1)!.detail, { code: 'invalid_credentials', message: 'Invalid code' })
    equal(digit(6).value, '0')
    await waitFor(() => digit(1).value === '' && digit(6).value === '', 'inputs reset')
    await waitFor(() => root.activeElement === digit(1), 'focus back on Digit 1')
  })

  it("error: anything unexpected shows 'Issue verifying code'", async () => {
    const { root, digit } = await codeScreen({ status: 400, body: { error: 'Bad', code: 'invalid_data' } })
    paste(digit(1), '111111')
    await waitFor(() => queryByText(root, 'Issue verifying code'), 'fallback message')
  })

  it("error: user_does_not_exist goes to 'Account not found'", async () => {
    const { root, digit } = await codeScreen({ status: 404, body: { error: 'No user', code: 'user_does_not_exist' } })
    paste(digit(1), '111111')
    await waitFor(() => queryByText(root, 'Account not found'), 'account not found screen')
    button(root, 'Try logging in again')!.click()
    await waitFor(() => byLabel(root, 'Email address'), 'landing again')
  })

  it("error: max_accounts_reached goes to 'Unable to sign in' with 'Go back'", async () => {
    const { root, digit } = await codeScreen({ status: 403, body: { error: 'Limit', code: 'max_accounts_reached' } })
    paste(digit(1), '111111')
    await waitFor(() => queryByText(root, 'Unable to sign in'), 'limit screen')
    assert(button(root, 'Go back'), 'Go back button')
  })

  it('error: linked_to_another_user shows the error screen', async () => {
    const { root, digit } = await codeScreen({ status: 409, body: { error: 'Linked', code: 'linked_to_another_user' } })
    paste(digit(1), '111111')
    await waitFor(() => queryByText(root, 'Authentication failed'), 'error screen')
    assert(queryByText(root, 'This account has already been linked to another user.'), 'detail')
  })

  it("'Resend code' shows a 'Code sent' countdown, then the button returns", async () => {
    TIMING.resendCooldownMs = 1200
    const { root, calls } = await codeScreen()
    button(root, 'Resend code')!.click()
    await waitFor(() => queryByText(root, 'Code sent'), 'badge')
    equal(button(root, 'Resend code'), null)
    equal(calls.filter((c) => c.path === '/passwordless/init').length, 2)
    await sleep(400)
    assert(queryByText(root, 'Code sent'), 'badge still there during the cooldown')
    await waitFor(() => button(root, 'Resend code'), 'button back', 3000)
  })

  it('terms required: success → One last step → Accept → auth-success and close', async () => {
    TIMING.nextScreenDelayMs = 50
    const events = recordEvents(['auth-success', 'modal-close'])
    const { root, digit, element } = await codeScreen(
      { body: authResponse() },
      appConfig({ legal: { requireUsersAcceptTerms: true, termsAndConditionsUrl: 'https://example.com/t', privacyPolicyUrl: 'https://example.com/p' } }),
    )
    paste(digit(1), '123456')
    await waitFor(() => queryByText(root, 'One last step'), 'terms screen')
    equal(events.length, 0)
    assert(queryByText(root, 'View Terms'), 'View Terms')
    assert(queryByText(root, 'View Privacy Policy'), 'View Privacy Policy')
    button(root, 'Accept')!.click()
    await waitFor(() => events.some((e) => e.type === 'auth-success'), 'auth-success after accept')
    await waitFor(() => events.some((e) => e.type === 'modal-close'), 'closed')
    equal(element.user?.hasAcceptedTerms, true)
  })

  it("terms required: 'No thanks' logs out", async () => {
    TIMING.nextScreenDelayMs = 50
    const events = recordEvents(['logout', 'auth-error'])
    const { root, digit, element } = await codeScreen({ body: authResponse() }, appConfig({ legal: { requireUsersAcceptTerms: true } }))
    paste(digit(1), '123456')
    await waitFor(() => queryByText(root, 'One last step'), 'terms screen')
    button(root, 'No thanks')!.click()
    await waitFor(() => events.some((e) => e.type === 'logout'), 'logout')
    equal(element.authenticated, false)
    equal(events.find((e) => e.type === 'auth-error')!.detail.code, 'USER_EXITED_AUTH_FLOW')
  })

  it('error: allowlist rejection at code request shows the allowlist screen with overrides', async () => {
    mockFetch({})
    const config = appConfig({
      allowlistConfig: { errorTitle: 'Invite only', errorDetail: null, errorCtaText: null, errorCtaLink: 'https://example.com/waitlist' },
    })
    const { element, calls } = await mountModal(
      { 'POST /passwordless/init': { status: 403, body: { error: 'Not allowed', code: 'allowlist_rejected' } } },
      config,
    )
    element.open()
    const root = shadow(element)
    await submitLoginEmail(root, 'eve@example.com')
    await waitFor(() => queryByText(root, 'Invite only'), 'allowlist title override')
    assert(queryByText(root, 'Have you been invited?'), 'default detail')
    const link = queryByText(root, 'Try another account') as HTMLAnchorElement
    equal(link.getAttribute('href'), 'https://example.com/waitlist')
    equal(link.target, '_blank')
    equal(calls.length > 0, true)
  })
})
