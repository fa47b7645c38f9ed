import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { forEachDatabase, startHarness, type Harness, sameDatabase } from '../testing.js'

forEachDatabase((target) => {
  let h: Harness
  let appId: string
  beforeAll(async () => {
    h = await startHarness(target)
    appId = await h.createApp({
      name: 'Config App',
      accentColor: '#112233',
      loginMethods: { sms: true },
      legal: { privacyPolicyUrl: 'https://example.com/privacy' },
      allowedOrigins: ['https://shop.example'],
      allowlist: ['@example.com'],
      userLimit: 10,
    })
  })
  afterAll(() => h?.close())

  it('GET /apps/:app_id answers the public configuration with defaults filled in', async () => {
    const res = await h.get(`/api/v1/apps/${appId}`)
    expect(res.statusCode).toBe(200)
    const config = res.json()
    expect(config).toMatchObject({
      id: appId,
      name: 'Config App',
      accentColor: '#112233',
      theme: 'light',
      landingHeader: 'Log in or sign up',
      loginMethods: { email: true, sms: true, google: false, passkey: false },
      legal: { privacyPolicyUrl: 'https://example.com/privacy', termsAndConditionsUrl: null, requireUsersAcceptTerms: false, alwaysShowConsent: false },
      intl: { defaultCountry: 'US' },
      captcha: { enabled: false, siteKey: null },
      disablePlusEmails: false,
      disableSignup: false,
      loginMethodsAndOrder: null,
    })
    for (const key of [
      'walletList',
      'walletChainType',
      'loginGroupPriority',
      'hideDirectWeb2Inputs',
      'allowlistConfig',
      'passkeysForSignupEnabled',
      'embeddedWallets',
      'logo',
      'loginMessage',
    ]) {
      expect(config).toHaveProperty(key)
    }
  })

  it('GET /apps/:app_id never shows server-only settings', async () => {
    const text = (await h.get(`/api/v1/apps/${appId}`)).body
    for (const secret of ['allowedOrigins', 'allowlist"', 'userLimit', 'shop.example']) expect(text).not.toContain(secret)
  })

  it('error: GET /apps/:app_id for an unknown or malformed id answers 400 missing_or_invalid_app_id', async () => {
    for (const id of ['c'.repeat(25), 'short', 'C'.repeat(25)]) {
      const res = await h.get(`/api/v1/apps/${id}`)
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('missing_or_invalid_app_id')
    }
  })

  it('access tokens verify against the JWKS with the right iss, aud, sub and sid', async () => {
    const login = await h.login(appId, 'jwks@example.com')
    const jwksRes = await h.get(`/api/v1/apps/${appId}/jwks.json`)
    expect(jwksRes.statusCode).toBe(200)
    const jwks = jwksRes.json()
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: expect.any(String) })
    expect(jwks.keys[0]).not.toHaveProperty('d')
    const { payload, protectedHeader } = await jwtVerify(login.token, createLocalJWKSet(jwks), {
      issuer: 'http://gatehouse.test',
      audience: appId,
      currentDate: new Date(h.clock.now()),
    })
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: jwks.keys[0].kid })
    expect(payload.sub).toBe(login.user.id)
    expect(typeof payload.sid).toBe('string')
    expect(payload.exp! - payload.iat!).toBe(3600)
    expect(decodeProtectedHeader(login.identity_token).kid).toBe(jwks.keys[0].kid)
  })

  it('the signing key persists in the database: a second instance signs with the same key', async () => {
    const second = await startHarness(sameDatabase(target.kind, h.database))
    const a = (await h.get(`/api/v1/apps/${appId}/jwks.json`)).json()
    const b = (await second.get(`/api/v1/apps/${appId}/jwks.json`)).json()
    expect(b).toEqual(a)
    await second.server.close()
  })

  it('error: jwks.json of an unknown app answers 400 missing_or_invalid_app_id', async () => {
    const res = await h.get(`/api/v1/apps/${'d'.repeat(25)}/jwks.json`)
    expect(res.json().code).toBe('missing_or_invalid_app_id')
  })
})
