/**
 * Spec part 2 §5 (pin / code input): whitespace is stripped. A code copied from an e-mail or an SMS
 * as "123 456" (or with a trailing newline) fills the six boxes and is submitted as '123456', on the
 * login code screen and in the MFA pin input alike.
 */
import './auth-modal.ts'
import type { WireUser } from '../../src/api/user.ts'
import { getWalletProxy } from '../../src/wallets/embedded/proxy.ts'
import { byLabel, equal, mockFetch, paste, queryByText, recordEvents, reset, shadow, type, waitFor, wireUser } from '../testing/harness.ts'
import { openCodeScreen } from '../testing/code-screen.ts'
import { mountSignedIn } from '../testing/signed-in.ts'

/** The login code screen, with the six boxes read as one string. */
async function codeScreen() {
  reset()
  const screen = await openCodeScreen()
  return { ...screen, boxes: () => [1, 2, 3, 4, 5, 6].map((n) => screen.digit(n).value).join('') }
}

/** The single authenticate call's body, once it was made. */
const authenticated = (calls: ReturnType<typeof mockFetch>) =>
  waitFor(() => calls.find((c) => c.path === '/passwordless/authenticate'), 'authenticate call', 5000).then((c) => c.body)

describe('whitespace in a pasted or autofilled code is stripped (spec part 2 §5)', () => {
  it("login code screen: ' 123 456\\n' pasted fills the boxes 1..6 and submits '123456', no numeric error", async () => {
    const events = recordEvents(['auth-success'])
    const { root, calls, digit, boxes } = await codeScreen()
    paste(digit(1), ' 123 456\n')
    equal(await authenticated(calls), { email: 'ada@example.com', code: '123456', mode: 'login-or-sign-up' })
    await waitFor(() => events.length === 1, 'auth-success')
    equal(boxes(), '123456')
    equal(queryByText(root, 'Code should be numeric'), null, 'no numeric error')
  })

  it("login code screen: '123\\t456' arriving as input (autofill) is written without the tab and submitted", async () => {
    const { root, calls, digit, boxes } = await codeScreen()
    type(digit(1), '123\t456')
    equal((await authenticated(calls)).code, '123456')
    equal(boxes(), '123456')
    equal(queryByText(root, 'Code should be numeric'), null, 'no numeric error')
  })

  it("MFA pin: '12 34 56' pasted is verified as '123456', without 'Passcode can only be numbers'", async () => {
    const user: WireUser = wireUser({ mfa_methods: [{ type: 'totp' }] } as never)
    const element = await mountSignedIn(user)
    const calls: { type: string; payload: Record<string, unknown> }[] = []
    getWalletProxy().request = (async (type: string, payload: Record<string, unknown>) => {
      calls.push({ type, payload })
      if (type !== 'mfa:verify') throw new Error(`unexpected frame message ${type}`)
      return { mfaVerifiedUntil: Date.now() + 600_000 }
    }) as never
    const root = shadow(element)
    const verified = element.verifyMfa()
    const first = await waitFor(() => byLabel<HTMLInputElement>(root, 'Digit 1'), 'pin boxes')
    paste(first, '12 34 56')
    await waitFor(() => calls.length === 1, 'mfa:verify', 5000)
    await verified
    equal(
      calls.map((c) => [c.type, c.payload.method, c.payload.code]),
      [['mfa:verify', 'totp', '123456']],
    )
    equal(queryByText(root, 'Passcode can only be numbers'), null, 'no numeric error')
  })
})
