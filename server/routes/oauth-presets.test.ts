/**
 * Provider quirks of the OAuth presets, against stand-ins speaking Apple's and TikTok's documented
 * wire formats (test/oauth-stand-ins.ts): Apple's form_post callback, its server-signed ES256
 * client secret and the name it posts once; TikTok's `client_key` and comma-joined scopes.
 */
import { generateKeyPairSync } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startAppleStandIn, startTikTokStandIn, type AppleStandIn, type TikTokStandIn } from '../../test/oauth-stand-ins.js'
import { pkce } from '../../test/idp-driver.js'
import { ADMIN_TOKEN, forEachDatabase, startHarness, type Harness } from '../testing.js'

const PAGE = 'http://localhost:5173/demo/'

// The owner's Sign in with Apple key (.p8 files are PKCS#8 P-256 keys).
const appleKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
const APPLE = {
  clientId: 'com.example.gatehouse.web',
  teamId: 'TEAM123456',
  keyId: 'KEY1234567',
  privateKey: appleKey.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  publicKeyPem: appleKey.publicKey.export({ type: 'spki', format: 'pem' }) as string,
}
const TIKTOK = { clientKey: 'awtiktokclientkey', clientSecret: 'tiktok-secret' }

forEachDatabase((target) => {
  let h: Harness
  let apple: AppleStandIn
  let tiktok: TikTokStandIn
  beforeAll(async () => {
    apple = await startAppleStandIn(APPLE)
    tiktok = await startTikTokStandIn(TIKTOK)
    h = await startHarness(target, { oauthPresets: { apple: { issuer: apple.issuer }, tiktok: tiktok.endpoints } })
  })
  afterAll(async () => {
    await h?.close()
    await apple?.close()
    await tiktok?.close()
  })

  async function init(appId: string, provider: string) {
    const p = pkce()
    const res = await h.post('/api/v1/oauth/init', { provider, redirect_to: PAGE, code_challenge: p.challenge, state_code: p.state }, { appId })
    expect(res.statusCode).toBe(200)
    return { p, url: new URL(res.json().url) }
  }

  it('Apple: form_post callback, ES256 client secret signed by the server, the first-consent name kept', async () => {
    const appId = await h.createApp({
      loginMethods: { email: true, apple: true },
      oauth: { apple: { clientId: APPLE.clientId, teamId: APPLE.teamId, keyId: APPLE.keyId, privateKey: APPLE.privateKey } },
    })
    const { p, url } = await init(appId, 'apple')
    expect(url.origin + url.pathname).toBe(`${apple.issuer}/auth/authorize`)
    expect(url.searchParams.get('response_mode')).toBe('form_post')
    expect(url.searchParams.get('scope')).toBe('name email')
    expect(url.searchParams.get('client_id')).toBe(APPLE.clientId)

    // Apple's page posts a form to our callback: code, state and (first consent only) user.
    const code = apple.consent({ sub: '001234.abcdef.0987', email: 'ada@privaterelay.appleid.com' })
    const user = JSON.stringify({ name: { firstName: 'Ada', lastName: 'Lovelace' }, email: 'ada@privaterelay.appleid.com' })
    const back = await h.server.inject({
      method: 'POST',
      url: '/api/v1/oauth/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ state: p.state, code, user }).toString(),
    })
    expect(back.statusCode).toBe(303)
    const page = new URL(back.headers.location as string)
    expect(page.searchParams.get('code')).toBe(code)
    expect(page.searchParams.get('provider')).toBe('apple')

    const auth = await h.post(
      '/api/v1/oauth/authenticate',
      { authorization_code: code, state_code: p.state, code_verifier: p.verifier, provider: 'apple' },
      { appId },
    )
    expect(auth.statusCode).toBe(200)
    expect(auth.json().user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'apple_oauth', subject: '001234.abcdef.0987', email: 'ada@privaterelay.appleid.com', name: 'Ada Lovelace' }),
    ])
    const sent = apple.tokenRequests.at(-1)!
    expect(sent).toMatchObject({ client_id: APPLE.clientId, grant_type: 'authorization_code', code })
    expect(sent.client_secret.split('.')).toHaveLength(3)
  })

  it("error: Apple refuses a client secret signed with another key, and the login fails as 'Invalid code during OAuth flow.'", async () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string
    const appId = await h.createApp({
      loginMethods: { email: true, apple: true },
      oauth: { apple: { clientId: APPLE.clientId, teamId: APPLE.teamId, keyId: APPLE.keyId, privateKey: other } },
    })
    const { p } = await init(appId, 'apple')
    const code = apple.consent({ sub: '009.x', email: 'x@privaterelay.appleid.com' })
    await h.server.inject({
      method: 'POST',
      url: '/api/v1/oauth/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `state=${encodeURIComponent(p.state)}&code=${code}`,
    })
    const auth = await h.post(
      '/api/v1/oauth/authenticate',
      { authorization_code: code, state_code: p.state, code_verifier: p.verifier, provider: 'apple' },
      { appId },
    )
    expect(auth.statusCode).toBe(401)
    expect(auth.json()).toMatchObject({ code: 'invalid_credentials', error: 'Invalid code during OAuth flow.' })
  })

  it('error: the admin API refuses an Apple key that is not a PEM private key', async () => {
    const res = await h.server.inject({
      method: 'POST',
      url: '/api/v1/admin/apps',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { name: 'x', oauth: { apple: { clientId: 'a', teamId: 't', keyId: 'k', privateKey: 'not a key' } } },
    })
    expect(res.statusCode).toBe(400)
  })

  it('TikTok: client_key in the authorization URL and the token request, comma-joined scopes, profile from data.user', async () => {
    const appId = await h.createApp({
      loginMethods: { email: true, tiktok: true },
      oauth: { tiktok: { clientId: TIKTOK.clientKey, clientSecret: TIKTOK.clientSecret } },
    })
    const { p, url } = await init(appId, 'tiktok')
    expect(url.searchParams.get('client_key')).toBe(TIKTOK.clientKey)
    expect(url.searchParams.get('scope')).toBe('user.info.basic,user.info.profile')
    const state = url.searchParams.get('state')!
    const code = tiktok.consent({ openId: '-000OpenId', displayName: 'Grace H', username: 'grace.h' })
    const back = await h.get(`/api/v1/oauth/callback?code=${code}&state=${encodeURIComponent(state)}&scopes=user.info.basic`)
    expect(back.statusCode).toBe(303)
    const auth = await h.post(
      '/api/v1/oauth/authenticate',
      { authorization_code: code, state_code: p.state, code_verifier: p.verifier, provider: 'tiktok' },
      { appId },
    )
    expect(auth.statusCode).toBe(200)
    expect(auth.json().user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'tiktok_oauth', subject: '-000OpenId', name: 'Grace H', username: 'grace.h' }),
    ])
    expect(auth.json().oauth_tokens.scopes).toEqual(['user.info.basic', 'user.info.profile'])
    expect(tiktok.tokenRequests.at(-1)).toMatchObject({
      client_key: TIKTOK.clientKey,
      client_secret: TIKTOK.clientSecret,
      code,
      grant_type: 'authorization_code',
    })
  })
})
