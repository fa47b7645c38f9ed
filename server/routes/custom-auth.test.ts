import { createServer, type Server } from 'node:http'
import { exportJWK, exportSPKI, generateKeyPair, SignJWT } from 'jose'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ADMIN_TOKEN, forEachDatabase, sameDatabase, startHarness, type Harness } from '../testing.js'

const AUTH = '/api/v1/custom_jwt_account/authenticate'
const LINK = '/api/v1/custom_jwt_account/link'

forEachDatabase((target) => {
  let h: Harness
  let keys: CryptoKeyPair
  let jwks: Server
  let jwksUrl: string
  beforeAll(async () => {
    h = await startHarness(target)
    keys = await generateKeyPair('ES256', { extractable: true })
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'host-1', alg: 'ES256' }
    // The host's JWKS endpoint, a real HTTP server on loopback.
    jwks = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })))
    await new Promise<void>((ok) => jwks.listen(0, '127.0.0.1', ok))
    jwksUrl = `http://127.0.0.1:${(jwks.address() as { port: number }).port}/.well-known/jwks.json`
  })
  afterAll(async () => {
    await h?.close()
    await new Promise((ok) => jwks?.close(ok))
  })

  /** A host token; `exp: null` or `aud: null` leave the claim out. */
  const sign = (sub: string, o: { iss?: string; aud?: string | null; exp?: number | null; key?: CryptoKey } = {}) => {
    const jwt = new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'host-1' })
      .setSubject(sub)
      .setIssuer(o.iss ?? 'https://host.example')
      .setIssuedAt(Math.floor(h.clock.now() / 1000))
    if (o.aud !== null) jwt.setAudience(o.aud ?? 'gatehouse')
    if (o.exp !== null) jwt.setExpirationTime(o.exp ?? Math.floor(h.clock.now() / 1000) + 300)
    return jwt.sign(o.key ?? keys.privateKey)
  }

  it('logs in with a token verified against the JWKS URL; the same sub is the same user', async () => {
    const appId = await h.createApp({ customAuth: { issuer: 'https://host.example', audience: 'gatehouse', jwksUrl } })
    expect((await h.get(`/api/v1/apps/${appId}`)).json().customAuth).toEqual({ enabled: true })
    const first = await h.post(AUTH, { token: await sign('user-42') }, { appId })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({
      is_new_user: true,
      user: { linked_accounts: [{ type: 'custom_auth', address: 'user-42', custom_user_id: 'user-42' }] },
    })
    const again = await h.post(AUTH, { token: await sign('user-42') }, { appId })
    expect(again.json()).toMatchObject({ is_new_user: false, user: { id: first.json().user.id } })
  })

  it('verifies with a configured public key (JWK or PEM) too', async () => {
    const jwkApp = await h.createApp({
      customAuth: { issuer: 'https://host.example', audience: null, publicKey: JSON.stringify(await exportJWK(keys.publicKey)) },
    })
    expect((await h.post(AUTH, { token: await sign('pk-user') }, { appId: jwkApp })).statusCode).toBe(200)
    const pemApp = await h.createApp({ customAuth: { issuer: 'https://host.example', publicKey: await exportSPKI(keys.publicKey) } })
    expect((await h.post(AUTH, { token: await sign('pem-user') }, { appId: pemApp })).statusCode).toBe(200)
  })

  it('links a custom account to a signed-in e-mail user; a custom account is never transferable', async () => {
    const appId = await h.createApp({ customAuth: { issuer: 'https://host.example', jwksUrl } })
    const me = await h.login(appId, 'custom.linker@example.com')
    const linked = await h.post(LINK, { token: await sign('linked-sub') }, { appId, token: me.token })
    expect(linked.statusCode).toBe(200)
    expect(
      linked
        .json()
        .linked_accounts.map((a: { type: string }) => a.type)
        .sort(),
    ).toEqual(['custom_auth', 'email'])
    const other = await h.login(appId, 'custom.other@example.com')
    const res = await h.post(LINK, { token: await sign('linked-sub') }, { appId, token: other.token })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('linked_to_another_user')
  })

  it('error: wrong issuer, wrong audience, expired, or foreign key answers 401 invalid_credentials', async () => {
    const appId = await h.createApp({ customAuth: { issuer: 'https://host.example', audience: 'gatehouse', jwksUrl } })
    const stranger = (await generateKeyPair('ES256')).privateKey
    for (const token of [
      await sign('x', { iss: 'https://evil.example' }),
      await sign('x', { aud: 'someone-else' }),
      await sign('x', { exp: Math.floor(h.clock.now() / 1000) - 10 }),
      await sign('x', { key: stranger }),
      'not-a-jwt',
    ]) {
      const res = await h.post(AUTH, { token }, { appId })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ error: 'Invalid custom token', code: 'invalid_credentials' })
    }
  })

  it('error: a token without exp, or expiring more than 24 hours ahead, does not log in (a leaked one would work forever)', async () => {
    const appId = await h.createApp({ customAuth: { issuer: 'https://host.example', jwksUrl } })
    const nowS = Math.floor(h.clock.now() / 1000)
    const noExp = await h.post(AUTH, { token: await sign('forever', { exp: null }) }, { appId })
    expect(noExp.statusCode).toBe(401)
    expect(noExp.json()).toEqual({ error: 'Invalid custom token', code: 'invalid_credentials' })
    const farAhead = await h.post(AUTH, { token: await sign('forever', { exp: nowS + 365 * 24 * 3600 }) }, { appId })
    expect(farAhead.json()).toEqual({ error: 'Invalid custom token: it must expire within 24 hours', code: 'invalid_credentials' })
    const me = await h.login(appId, 'custom.forever@example.com')
    expect((await h.post(LINK, { token: await sign('forever', { exp: null }) }, { appId, token: me.token })).statusCode).toBe(401)
    // A day's token (a common ID-token lifetime) is fine.
    expect((await h.post(AUTH, { token: await sign('a-day', { exp: nowS + 24 * 3600 }) }, { appId })).statusCode).toBe(200)
  })

  it('error: with an audience configured, a token for another audience or none does not log in', async () => {
    const appId = await h.createApp({ customAuth: { issuer: 'https://host.example', audience: 'gatehouse', jwksUrl } })
    for (const aud of [null, 'another-service']) {
      const res = await h.post(AUTH, { token: await sign('aud-user', { aud }) }, { appId })
      expect(res.statusCode).toBe(401)
    }
    expect((await h.post(AUTH, { token: await sign('aud-user') }, { appId })).statusCode).toBe(200)
  })

  it('error: outside development a plain-http JWKS URL is refused, by the admin API and at login', async () => {
    const prod = await startHarness(sameDatabase(target.kind, h.database), { dev: false, smtpUrl: 'smtp://127.0.0.1:9' })
    try {
      const created = await prod.post(
        '/api/v1/admin/apps',
        { name: 'Plain JWKS', customAuth: { issuer: 'https://host.example', jwksUrl } },
        { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } },
      )
      expect(created.statusCode).toBe(400)
      expect(created.json()).toEqual({ code: 'invalid_data', error: 'customAuth.jwksUrl must be an https URL' })
      // A row written before the rule (here: by a development server on the same database).
      const appId = await h.createApp({ customAuth: { issuer: 'https://host.example', jwksUrl } })
      const res = await prod.post(AUTH, { token: await sign('plain-jwks') }, { appId })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ code: 'invalid_credentials', error: 'Invalid custom token: the JWKS URL must be https' })
      expect((await h.post(AUTH, { token: await sign('plain-jwks') }, { appId })).statusCode).toBe(200)
    } finally {
      await prod.server.close()
    }
  })

  it('error: an app without customAuth answers 403 disallowed_login_method', async () => {
    const appId = await h.createApp({})
    expect((await h.get(`/api/v1/apps/${appId}`)).json().customAuth).toEqual({ enabled: false })
    const res = await h.post(AUTH, { token: await sign('x') }, { appId })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('disallowed_login_method')
  })
})
