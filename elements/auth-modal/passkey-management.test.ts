/**
 * The passkey management screen in `<auth-modal>` (spec part 2 §2, §9): 'Secure your account with a
 * passkey', 2 passkeys shown until 'View all', 'Add new passkey' only below 5, 'Passkeys updated',
 * and the removal confirmation. The server answers in-page; the browser's WebAuthn prompt is
 * replaced by a credential in the shape `navigator.credentials.create` resolves.
 */
import './auth-modal.ts'
import type { WireUser } from '../../src/api/user.ts'
import { assert, button, equal, queryByText, shadow, waitFor, wireUser, type Route } from '../testing/harness.ts'
import { mountSignedIn } from '../testing/signed-in.ts'

const passkey = (n: number) => ({
  type: 'passkey',
  address: `cred-${n}`,
  credential_id: `cred-${n}`,
  authenticator_name: n === 1 ? 'Google Password Manager' : null,
  created_with_browser: 'Chrome',
  created_with_os: 'Linux',
  enrolled_in_mfa: false,
  verified_at: 1_700_000_000,
  first_verified_at: 1_700_000_000,
  latest_verified_at: 1_700_000_000 + n * 86_400,
})
const userWith = (count: number): WireUser =>
  wireUser({ linked_accounts: [...wireUser().linked_accounts, ...Array.from({ length: count }, (_, i) => passkey(i + 1))] } as never)

const LINK_OPTIONS = {
  challenge: 'Y2hhbGxlbmdlLWNoYWxsZW5nZQ',
  rp: { name: 'MFA App', id: location.hostname },
  user: { id: 'dXNlci0x', name: 'ada@example.com', display_name: 'ada@example.com' },
  pub_key_cred_params: [{ type: 'public-key', alg: -7 }],
  timeout: 60_000,
  exclude_credentials: [],
  authenticator_selection: { resident_key: 'required', user_verification: 'preferred' },
  attestation: 'none',
}

/** What the authenticator answers, as a PublicKeyCredential (the fields @simplewebauthn/browser reads). */
function fakeCreate(created: unknown[]) {
  const bytes = (text: string) => new TextEncoder().encode(text).buffer
  Object.defineProperty(navigator.credentials, 'create', {
    configurable: true,
    value: async (options: unknown) => {
      created.push(options)
      return {
        id: 'Y3JlZC02',
        rawId: bytes('cred-6'),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        response: { attestationObject: bytes('attestation'), clientDataJSON: bytes('{}'), getTransports: () => ['internal'] },
        getClientExtensionResults: () => ({}),
      }
    },
  })
}

const mount = (user: WireUser, routes: Record<string, Route> = {}) => mountSignedIn(user, routes, { loginMethods: { passkey: true } })

const root = (element: Element) => shadow(element)
const rows = (element: Element) => [...root(element).querySelectorAll<HTMLElement>('[data-passkey]')]

describe('passkey management screen', () => {
  it("lists 2 until 'View all', adds one ('Passkeys updated'), and offers no more adding at 5", async () => {
    const created: unknown[] = []
    fakeCreate(created)
    const element = await mount(userWith(4), {
      'POST /passkeys/link/init': { body: LINK_OPTIONS },
      'POST /passkeys/link': { body: userWith(5) },
    })
    void element.openPasskeyManagement()
    await waitFor(() => queryByText(root(element), 'Secure your account with a passkey'), 'title')
    equal(rows(element).length, 2, '2 shown')
    assert(queryByText(rows(element)[0]!, 'Google Password Manager on Chrome'), 'authenticator name on browser')
    assert(queryByText(rows(element)[1]!, 'Chrome on Linux'), 'browser on OS')
    assert(rows(element)[0]!.textContent!.includes('Last used'), "'Last used'")
    button(root(element), 'View all')!.click()
    await waitFor(() => rows(element).length === 4, 'all 4 after View all')
    equal(button(root(element), 'View all'), null)

    button(root(element), 'Add new passkey')!.click()
    await waitFor(() => queryByText(root(element), 'Passkeys updated'), 'Passkeys updated')
    equal(created.length, 1, 'one WebAuthn creation')
    await waitFor(() => rows(element).length === 5, '5 listed')
    equal(button(root(element), 'Add new passkey'), null, 'no adding at 5')
  })

  it("removes a passkey after 'Are you sure you want to remove this passkey?'; Cancel keeps it", async () => {
    const element = await mount(userWith(3), { 'POST /passkeys/unlink': { body: userWith(2) } })
    void element.openPasskeyManagement()
    await waitFor(() => rows(element).length === 2, 'list')
    button(root(element), 'Remove Chrome on Linux')!.click()
    await waitFor(() => queryByText(root(element), 'Are you sure you want to remove this passkey?'), 'confirmation')
    button(root(element), 'Cancel')!.click()
    await waitFor(() => queryByText(root(element), 'Secure your account with a passkey'), 'back')
    button(root(element), 'Remove Chrome on Linux')!.click()
    await waitFor(() => queryByText(root(element), 'Are you sure you want to remove this passkey?'), 'confirmation again')
    button(root(element), 'Remove')!.click()
    await waitFor(() => queryByText(root(element), 'Passkeys updated'), 'Passkeys updated')
    equal(button(root(element), 'View all'), null, '2 left: nothing more to show')
    equal(rows(element).length, 2)
    assert(button(root(element), 'Add new passkey'), 'adding again below 5')
  })

  it("MFA passkey enrollment lists 3, or 2 when more than 3 exist, and 'View All' (management keeps 'View all')", async () => {
    const element = await mount(userWith(4))
    void element.showMfaEnrollmentModal()
    await waitFor(() => button(root(element), 'Continue'), "'Transaction Protection'").then((b) => b.click())
    await waitFor(() => button(root(element), 'Passkey'), 'chooser').then((b) => b.click())
    await waitFor(() => queryByText(root(element), 'Set up passkey verification'), 'enrollment')
    equal(rows(element).length, 2, '2 of 4 shown')
    equal(button(root(element), 'View all'), null, "not the management screen's label")
    button(root(element), 'View All')!.click()
    await waitFor(() => rows(element).length === 4, 'all 4 after View All')
    equal(button(root(element), 'View All'), null)
  })

  it("MFA passkey enrollment: 3 listed with their titles (an unnamed one 'Unknown device') and 'Last used', 'Enable passkeys' and 'Add new passkey'; none at 5", async () => {
    // The third passkey was made where neither browser nor OS could be told (spec: 'Unknown device').
    const unknown = { ...passkey(3), credential_id: 'cred-3', created_with_browser: null, created_with_os: null }
    const three = wireUser({ linked_accounts: [...wireUser().linked_accounts, passkey(1), passkey(2), unknown] } as never)
    const element = await mount(three)
    void element.showMfaEnrollmentModal()
    await waitFor(() => button(root(element), 'Continue'), "'Transaction Protection'").then((b) => b.click())
    await waitFor(() => button(root(element), 'Passkey'), 'chooser').then((b) => b.click())
    await waitFor(() => queryByText(root(element), 'Set up passkey verification'), 'enrollment')
    equal(rows(element).length, 3, 'all 3 shown')
    equal(button(root(element), 'View All'), null, 'nothing more to show')
    equal(
      rows(element).map((r) => r.querySelector('.label')!.textContent),
      ['Google Password Manager on Chrome', 'Chrome on Linux', 'Unknown device'],
    )
    const lastUsed = (n: number) => `Last used ${new Date((1_700_000_000 + n * 86_400) * 1000).toLocaleDateString()}`
    equal(
      rows(element).map((r) => r.querySelector('.detail')!.textContent),
      [lastUsed(1), lastUsed(2), lastUsed(3)],
    )
    assert(button(root(element), 'Enable passkeys'), "'Enable passkeys' while none is in MFA")
    assert(button(root(element), 'Add new passkey'), 'adding below 5')
    equal(button(root(element), 'Add a new passkey'), null, "'Add a new passkey' is for none")

    const five = await mount(userWith(5))
    void five.showMfaEnrollmentModal()
    await waitFor(() => button(root(five), 'Continue'), "'Transaction Protection'").then((b) => b.click())
    await waitFor(() => button(root(five), 'Passkey'), 'chooser').then((b) => b.click())
    await waitFor(() => queryByText(root(five), 'Set up passkey verification'), 'enrollment at 5')
    equal(rows(five).length, 2, '2 of 5 shown')
    assert(button(root(five), 'Enable passkeys'), "'Enable passkeys'")
    equal(button(root(five), 'Add new passkey'), null, 'no adding at 5')
  })
})
