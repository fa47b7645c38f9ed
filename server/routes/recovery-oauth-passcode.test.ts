/**
 * Spec part 2 §5: "the user-passcode method is refused on this screen" — the recovery OAuth takes
 * only cloud providers. `POST /recovery/oauth/init` and `/recovery/oauth/authenticate` with
 * provider 'user-passcode' answer 400 invalid_data, even for an app that offers the password
 * method; the same request naming 'google-drive' passes validation.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { forEachDatabase, startHarness, TEST_PUBLIC_URL, type Harness } from '../testing.js'
import { pkce } from '../../test/idp-driver.js'

const PAGE = 'http://localhost:5173/demo/'
const FRAME = { origin: TEST_PUBLIC_URL }

forEachDatabase((target) => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness(target, { googleDriveUrl: 'http://127.0.0.1:9' })
  })
  afterAll(async () => {
    await h?.close()
  })

  it("error: provider 'user-passcode' is refused by init and authenticate with 400 invalid_data", async () => {
    const appId = await h.createApp({
      embeddedWallets: { userOwnedRecoveryOptions: ['user-passcode', 'google-drive'] },
      recoveryOAuth: { 'google-drive': { clientId: 'gatehouse-test', clientSecret: 'test-secret', issuer: 'http://127.0.0.1:9/idp' } },
    })
    const { token } = await h.login(appId, 'passcode.oauth@example.com')
    const p = pkce()
    const init = await h.post(
      '/api/v1/recovery/oauth/init',
      { provider: 'user-passcode', redirect_to: PAGE, code_challenge: p.challenge, state_code: p.state },
      { appId, token },
    )
    expect(init.statusCode).toBe(400)
    expect(init.json().code).toBe('invalid_data')
    const control = await h.post(
      '/api/v1/recovery/oauth/init',
      { provider: 'google-drive', redirect_to: PAGE, code_challenge: p.challenge, state_code: p.state },
      { appId, token },
    )
    expect(control.json().code).not.toBe('invalid_data')

    const auth = await h.post(
      '/api/v1/recovery/oauth/authenticate',
      { provider: 'user-passcode', authorization_code: 'any-code', state_code: p.state, code_verifier: p.verifier },
      { appId, token, headers: FRAME },
    )
    expect(auth.statusCode).toBe(400)
    expect(auth.json().code).toBe('invalid_data')
  })
})
