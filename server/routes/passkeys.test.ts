import { afterAll, beforeAll, expect, it } from 'vitest'
import { insertLinkedAccount } from '../db/linked-accounts.js'
import { forEachDatabase, startHarness, type Harness } from '../testing.js'

const ORIGIN = 'https://host.example'
const origin = { origin: ORIGIN }

forEachDatabase((target) => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness(target)
  })
  afterAll(async () => h?.close())

  const app = (settings: Record<string, unknown> = {}) => h.createApp({ allowedOrigins: [ORIGIN], loginMethods: { email: true, passkey: true }, ...settings })

  /** Gives the user a passkey account directly (the ceremony itself is covered in Chromium: test/e2e/passkeys.e2e.test.ts). */
  async function addPasskey(appId: string, userId: string, credentialId: string, details: Record<string, unknown> = {}) {
    const t = h.clock.now()
    await insertLinkedAccount(h.database.db, {
      id: `la-${credentialId}`,
      user_id: userId,
      app_id: appId,
      type: 'passkey',
      address: credentialId,
      verified_at: t,
      first_verified_at: t,
      latest_verified_at: t,
      details: JSON.stringify({ credential_id: credentialId, enrolled_in_mfa: false, ...details }),
    })
  }

  it('authenticate/init answers request options with the spec names (rp_id, challenge, allow_credentials, timeout, user_verification)', async () => {
    const appId = await app()
    const res = await h.post('/api/v1/passkeys/authenticate/init', {}, { appId, headers: origin })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ rp_id: 'host.example', allow_credentials: [], timeout: 60000, user_verification: 'preferred' })
    expect(body.challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/)
  })

  it('register/init (sign-up enabled) answers creation options: rp, user, pub_key_cred_params, authenticator_selection, extensions.cred_props', async () => {
    const appId = await app({ passkeysForSignupEnabled: true })
    const res = await h.post('/api/v1/passkeys/register/init', {}, { appId, headers: origin })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.rp).toEqual({ name: 'Test App', id: 'host.example' })
    expect(body.pub_key_cred_params.map((p: { alg: number }) => p.alg)).toContain(-7)
    expect(body.authenticator_selection).toMatchObject({ resident_key: 'required' })
    expect(body.extensions).toEqual({ cred_props: true })
  })

  it('error: register/init is refused unless passkeysForSignupEnabled', async () => {
    const appId = await app()
    const res = await h.post('/api/v1/passkeys/register/init', {}, { appId, headers: origin })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('disallowed_login_method')
  })

  it('error: an origin the app does not allow gets no options', async () => {
    const appId = await app()
    const res = await h.post('/api/v1/passkeys/authenticate/init', {}, { appId, headers: { origin: 'https://evil.example' } })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('forbidden_origin')
  })

  it('error: an assertion for an unknown challenge or an unknown credential is invalid_credentials', async () => {
    const appId = await app()
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: 'not-issued', origin: ORIGIN })).toString('base64url')
    const res = await h.post(
      '/api/v1/passkeys/authenticate',
      {
        challenge: 'not-issued',
        authenticator_response: { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON, authenticatorData: '', signature: '' } },
      },
      { appId, headers: origin },
    )
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('invalid_credentials')
  })

  it('error: link/init needs a signed-in user; with 5 passkeys it answers "Cannot link more passkeys to account."', async () => {
    const appId = await app()
    expect((await h.post('/api/v1/passkeys/link/init', {}, { appId, headers: origin })).json().code).toBe('must_be_authenticated')
    const me = await h.login(appId, 'five.passkeys@example.com')
    const ok = await h.post('/api/v1/passkeys/link/init', {}, { appId, token: me.token, headers: origin })
    expect(ok.statusCode).toBe(200)
    for (let i = 0; i < 5; i++) await addPasskey(appId, me.user.id, `cred-${appId}-${i}`)
    const init = await h.post('/api/v1/passkeys/link/init', {}, { appId, token: me.token, headers: origin })
    expect(init.statusCode).toBe(409)
    expect(init.json()).toMatchObject({ code: 'cannot_link_more_of_type', error: 'Cannot link more passkeys to account.' })
  })

  it('unlinks a passkey by credentialId; error: a passkey enrolled in MFA cannot be unlinked', async () => {
    const appId = await app()
    const me = await h.login(appId, 'unlinker@example.com')
    await addPasskey(appId, me.user.id, `plain-${appId}`)
    await addPasskey(appId, me.user.id, `mfa-${appId}`, { enrolled_in_mfa: true })
    const refused = await h.post('/api/v1/passkeys/unlink', { credentialId: `mfa-${appId}` }, { appId, token: me.token })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error).toBe('Cannot unlink a passkey enrolled in MFA')
    const done = await h.post('/api/v1/passkeys/unlink', { credentialId: `plain-${appId}` }, { appId, token: me.token })
    expect(done.statusCode).toBe(200)
    expect(
      done
        .json()
        .linked_accounts.map((a: { address: string }) => a.address)
        .sort(),
    ).toEqual([`mfa-${appId}`, 'unlinker@example.com'])
  })
})
