import { afterAll, beforeAll, expect, it } from 'vitest'
import { SoftPasskey } from '../../test/passkey-authenticator.js'
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

  /** Signs up with a new SoftPasskey through register/init and register, its credential in `shape`. */
  async function signUp(appId: string, shape: 'spec' | 'webauthn' = 'spec') {
    const key = new SoftPasskey()
    const init = await h.post('/api/v1/passkeys/register/init', {}, { appId, headers: origin })
    expect(init.statusCode).toBe(200)
    const credential = key.register(init.json(), ORIGIN, shape)
    const res = await h.post(
      '/api/v1/passkeys/register',
      { relying_party: ORIGIN, authenticator_response: credential, mode: 'login-or-sign-up' },
      { appId, headers: origin },
    )
    return { key, res }
  }
  async function assertion(appId: string, key: SoftPasskey, shape: 'spec' | 'webauthn' = 'spec') {
    const init = await h.post('/api/v1/passkeys/authenticate/init', {}, { appId, headers: origin })
    expect(init.statusCode).toBe(200)
    return { challenge: init.json().challenge as string, credential: key.assert(init.json(), ORIGIN, shape) }
  }
  /** A credential on the wire, to be spoiled field by field. */
  type Editable = Record<string, unknown> & { raw_id: string; response: Record<string, unknown> }
  const logIn = (appId: string, challenge: string, credential: unknown) =>
    h.post('/api/v1/passkeys/authenticate', { relying_party: ORIGIN, challenge, authenticator_response: credential }, { appId, headers: origin })

  it('a spec-shaped (snake_case) registration signs up and a spec-shaped assertion logs in to the same user', async () => {
    const appId = await app({ passkeysForSignupEnabled: true })
    const { key, res } = await signUp(appId)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ is_new_user: true, user: { linked_accounts: [expect.objectContaining({ type: 'passkey', address: key.id })] } })
    const { challenge, credential } = await assertion(appId, key)
    // What went over the wire is the spec's shape (part 2 §7, part 3 §3), not WebAuthn's camelCase.
    expect(Object.keys(credential).sort()).toEqual(['authenticator_attachment', 'client_extension_results', 'id', 'raw_id', 'response', 'type'])
    expect(Object.keys(credential.response).sort()).toEqual(['authenticator_data', 'client_data_json', 'signature', 'user_handle'])
    const login = await logIn(appId, challenge, credential)
    expect(login.statusCode).toBe(200)
    expect(login.json()).toMatchObject({ is_new_user: false, user: { id: res.json().user.id } })
  })

  it('the camelCase JSON of earlier widget builds (rawId, clientDataJSON, …) still signs up and logs in', async () => {
    const appId = await app({ passkeysForSignupEnabled: true })
    const { key, res } = await signUp(appId, 'webauthn')
    expect(res.statusCode).toBe(200)
    const { challenge, credential } = await assertion(appId, key, 'webauthn')
    expect(credential).toHaveProperty('rawId')
    const login = await logIn(appId, challenge, credential)
    expect(login.statusCode).toBe(200)
    expect(login.json().user.id).toBe(res.json().user.id)
  })

  it('error: a spec-shaped assertion is held to every WebAuthn check (signature, id, origin, challenge), and a mix of both shapes is refused', async () => {
    const appId = await app({ passkeysForSignupEnabled: true })
    const { key } = await signUp(appId)
    const refused = async (change: (c: Editable) => void, status = 401) => {
      const { challenge, credential } = await assertion(appId, key)
      change(credential as unknown as Editable)
      const res = await logIn(appId, challenge, credential)
      expect(res.statusCode).toBe(status)
      return res.json()
    }
    const other = Buffer.from('another signature').toString('base64url')
    expect(await refused((c) => (c.response.signature = other))).toMatchObject({ code: 'invalid_credentials' })
    expect(await refused((c) => (c.raw_id = 'AAAA'))).toMatchObject({ code: 'invalid_credentials' })
    const foreign = (c: Editable) => {
      const data = JSON.parse(Buffer.from(String(c.response.client_data_json), 'base64url').toString())
      c.response.client_data_json = Buffer.from(JSON.stringify({ ...data, origin: 'https://evil.example' })).toString('base64url')
    }
    expect(await refused(foreign)).toMatchObject({ code: 'invalid_credentials' })
    // Both shapes at once match neither alone: the schema refuses it before any check.
    expect(
      await refused(
        (c) =>
          Object.assign(c, {
            rawId: c.raw_id,
            response: { ...c.response, clientDataJSON: c.response.client_data_json, authenticatorData: c.response.authenticator_data },
          }),
        400,
      ),
    ).toMatchObject({ code: 'invalid_data' })
    expect(await refused((c) => delete c.response.signature, 400)).toMatchObject({ code: 'invalid_data' })
  })

  it('links a spec-shaped registration to a signed-in user, who then logs in with it', async () => {
    const appId = await app()
    const me = await h.login(appId, 'spec.linker@example.com')
    const key = new SoftPasskey()
    const init = await h.post('/api/v1/passkeys/link/init', {}, { appId, token: me.token, headers: origin })
    expect(init.statusCode).toBe(200)
    const credential = key.register(init.json(), ORIGIN)
    expect(credential).toHaveProperty('raw_id')
    expect(credential.response).toHaveProperty('attestation_object')
    const linked = await h.post(
      '/api/v1/passkeys/link',
      { relying_party: ORIGIN, authenticator_response: credential },
      { appId, token: me.token, headers: origin },
    )
    expect(linked.statusCode).toBe(200)
    expect(linked.json().linked_accounts.find((a: { type: string }) => a.type === 'passkey')).toMatchObject({ address: key.id, credential_id: key.id })
    const { challenge, credential: signed } = await assertion(appId, key)
    const login = await logIn(appId, challenge, signed)
    expect(login.statusCode).toBe(200)
    expect(login.json().user.id).toBe(me.user.id)
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
