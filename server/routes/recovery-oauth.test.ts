/**
 * Recovery OAuth (`/recovery/oauth/{init,authenticate,init_icloud}`): Google Drive through a real
 * OpenID provider (the development IdP) and iCloud through the CloudKit stand-in; every flow is the
 * signed-in user's, redeemed once, by the wallet frame only; the settings' secrets are sealed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { GOOGLE_DRIVE_APPDATA_SCOPE } from '@gatehouse/contract/routes'
import { startDevIdp } from '../dev-idp.js'
import { forEachDatabase, startHarness, TEST_PUBLIC_URL, type Harness } from '../testing.js'
import { driveIdp, pkce } from '../../test/idp-driver.js'
import { startCloudKitStandIn, userinfoVerifier } from '../../test/cloud-stand-ins.js'

const CALLBACK = `${TEST_PUBLIC_URL}/api/v1/oauth/callback`
const PAGE = 'http://localhost:5173/demo/?tab=1'
const FRAME = { origin: TEST_PUBLIC_URL }
const CONTAINER = { containerId: 'iCloud.test.gatehouse', environment: 'development' as const, apiToken: 'ck-api-token-0001', signInCallback: PAGE }

forEachDatabase((target) => {
  let h: Harness
  let idp: Awaited<ReturnType<typeof startDevIdp>>
  let cloudKit: Awaited<ReturnType<typeof startCloudKitStandIn>>
  beforeAll(async () => {
    cloudKit = await startCloudKitStandIn()
    cloudKit.addContainer(CONTAINER)
    h = await startHarness(target, { cloudKitUrl: cloudKit.url, googleDriveUrl: 'http://127.0.0.1:9' })
    idp = await startDevIdp(() => [{ client_id: 'gatehouse-test', client_secret: 'test-secret', redirect_uris: [CALLBACK] }])
  })
  afterAll(async () => {
    await h?.close()
    await idp?.close()
    await cloudKit?.close()
  })

  const cloudApp = (options: string[] = ['user-passcode', 'google-drive', 'icloud']) =>
    h.createApp({
      embeddedWallets: { userOwnedRecoveryOptions: options },
      recoveryOAuth: {
        'google-drive': { clientId: 'gatehouse-test', clientSecret: 'test-secret', issuer: idp.issuer },
        icloud: { containerId: CONTAINER.containerId, environment: CONTAINER.environment, apiToken: CONTAINER.apiToken },
      },
    })

  /** A signed-in user of the app: its access token. */
  const signIn = async (appId: string, email: string) => (await h.login(appId, email)).token

  /** init → the IdP's consent → our callback → the page's code and state. */
  async function driveGrant(appId: string, token: string, login: string) {
    const p = pkce()
    const init = await h.post('/api/v1/recovery/oauth/init', { redirect_to: PAGE, code_challenge: p.challenge, state_code: p.state }, { appId, token })
    expect(init.statusCode).toBe(200)
    const url = new URL(init.json().url)
    const callback = await driveIdp(url.href, CALLBACK, { login })
    const back = await h.get(callback.pathname + callback.search)
    expect(back.statusCode).toBe(303)
    const page = new URL(back.headers.location as string)
    return {
      url,
      page,
      body: {
        authorization_code: page.searchParams.get('code')!,
        state_code: page.searchParams.get('state')!,
        code_verifier: p.verifier,
        provider: 'google-drive',
      },
    }
  }

  it("Google Drive: init asks for the app-data scope; the frame redeems the user's code for an access token the provider honours", async () => {
    const appId = await cloudApp()
    const token = await signIn(appId, 'drive.owner@example.com')
    const { url, page, body } = await driveGrant(appId, token, 'drive-user@example.com')
    expect(url.searchParams.get('scope')!.split(' ')).toContain(GOOGLE_DRIVE_APPDATA_SCOPE)
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(page.origin + page.pathname).toBe('http://localhost:5173/demo/')
    expect(page.searchParams.get('provider')).toBe('google-drive')
    const auth = await h.post('/api/v1/recovery/oauth/authenticate', body, { appId, token, headers: FRAME })
    expect(auth.statusCode).toBe(200)
    expect(Object.keys(auth.json())).toEqual(['access_token'])
    // The token is the provider's own: its userinfo names the Google account that consented.
    expect(await userinfoVerifier(idp.issuer)(auth.json().access_token)).toBe('drive-user@example.com')
    // Spent: the same grant works once.
    const again = await h.post('/api/v1/recovery/oauth/authenticate', body, { appId, token, headers: FRAME })
    expect(again.statusCode).toBe(401)
  })

  it('error: only the wallet frame redeems, only for the user who started the flow, never as a login', async () => {
    const appId = await cloudApp()
    const token = await signIn(appId, 'drive.first@example.com')
    const other = await signIn(appId, 'drive.other@example.com')
    const page = await h.post('/api/v1/recovery/oauth/authenticate', (await driveGrant(appId, token, 'a@example.com')).body, {
      appId,
      token,
      headers: { origin: 'http://localhost:5173' },
    })
    expect(page.statusCode).toBe(403)
    expect(page.json().code).toBe('forbidden_origin')
    const stolen = await h.post('/api/v1/recovery/oauth/authenticate', (await driveGrant(appId, token, 'b@example.com')).body, {
      appId,
      token: other,
      headers: FRAME,
    })
    expect(stolen.statusCode).toBe(401)
    expect(stolen.json().error).toBe('Invalid code during OAuth flow.')
    const { body } = await driveGrant(appId, token, 'c@example.com')
    const asLogin = await h.post('/api/v1/oauth/authenticate', { ...body, provider: 'google' }, { appId })
    expect(asLogin.statusCode).toBeGreaterThanOrEqual(400)
    const anonymous = await h.post('/api/v1/recovery/oauth/init', { redirect_to: PAGE, code_challenge: pkce().challenge, state_code: pkce().state }, { appId })
    expect(anonymous.statusCode).toBe(401)
    const foreign = await h.post(
      '/api/v1/recovery/oauth/init',
      { redirect_to: 'https://evil.example/', code_challenge: pkce().challenge, state_code: pkce().state },
      { appId, token },
    )
    expect(foreign.statusCode).toBe(400)
  })

  it('error: a cloud method the app does not offer is refused with not_supported', async () => {
    const appId = await cloudApp(['user-passcode'])
    const token = await signIn(appId, 'no.cloud@example.com')
    const p = pkce()
    const drive = await h.post('/api/v1/recovery/oauth/init', { redirect_to: PAGE, code_challenge: p.challenge, state_code: p.state }, { appId, token })
    expect(drive.statusCode).toBe(422)
    expect(drive.json()).toMatchObject({ code: 'not_supported', error: 'Back up with Google Drive is not set up for this app.' })
    const icloud = await h.post(
      '/api/v1/recovery/oauth/init_icloud',
      { client_type: 'web', redirect_to: PAGE, code_challenge: p.challenge, state_code: pkce().state },
      { appId, token },
    )
    expect(icloud.statusCode).toBe(422)
  })

  it("iCloud: init_icloud answers CloudKit's sign-in page; the web auth token it brings back is handed to the frame once", async () => {
    const appId = await cloudApp()
    const token = await signIn(appId, 'icloud.owner@example.com')
    const p = pkce()
    const init = await h.post(
      '/api/v1/recovery/oauth/init_icloud',
      { client_type: 'web', redirect_to: PAGE, code_challenge: p.challenge, state_code: p.state },
      { appId, token },
    )
    expect(init.statusCode).toBe(200)
    const signInPage = new URL(init.json().url)
    expect(signInPage.origin).toBe(cloudKit.url)
    const signedIn = await fetch(signInPage, { method: 'POST', body: new URLSearchParams({ appleId: 'ada@icloud.com' }), redirect: 'manual' })
    const back = new URL(signedIn.headers.get('location')!)
    const webAuthToken = back.searchParams.get('ckWebAuthToken')!
    expect(webAuthToken).toBeTruthy()
    const body = { authorization_code: webAuthToken, state_code: p.state, code_verifier: p.verifier, provider: 'icloud' }
    const wrongVerifier = await h.post('/api/v1/recovery/oauth/authenticate', { ...body, code_verifier: pkce().verifier }, { appId, token, headers: FRAME })
    expect(wrongVerifier.statusCode).toBe(401)
    // The wrong verifier spent the flow: a new one is needed.
    const p2 = pkce()
    await h.post(
      '/api/v1/recovery/oauth/init_icloud',
      { client_type: 'web', redirect_to: PAGE, code_challenge: p2.challenge, state_code: p2.state },
      { appId, token },
    )
    const auth = await h.post(
      '/api/v1/recovery/oauth/authenticate',
      { ...body, state_code: p2.state, code_verifier: p2.verifier },
      { appId, token, headers: FRAME },
    )
    expect(auth.statusCode).toBe(200)
    expect(auth.json()).toEqual({ access_token: webAuthToken })
  })

  it("the settings' secrets are sealed and masked; the frame page names the cloud stores and allows them in its CSP", async () => {
    const appId = await cloudApp()
    const admin = await h.get(`/api/v1/admin/apps/${appId}`, { headers: { authorization: 'Bearer test-admin-token-0123456789' } })
    expect(admin.statusCode).toBe(200)
    const { recoveryOAuth } = admin.json()
    expect(recoveryOAuth['google-drive'].clientSecret).toMatch(/^\*{4}/)
    expect(recoveryOAuth.icloud.apiToken).toMatch(/^\*{4}/)
    const row = await h.database.db.selectFrom('apps').select('settings').where('id', '=', appId).executeTakeFirstOrThrow()
    expect(row.settings).not.toContain('test-secret')
    expect(row.settings).not.toContain(CONTAINER.apiToken)
    const frame = await h.get(`/apps/${appId}/embedded-wallets`)
    expect(frame.statusCode).toBe(200)
    expect(frame.headers['content-security-policy']).toContain(`connect-src 'self' http://127.0.0.1:9 ${cloudKit.url}`)
    expect(frame.body).toContain(`"cloudKitUrl":"${cloudKit.url}"`)
    expect(frame.body).toContain(`"containerId":"${CONTAINER.containerId}"`)
  })
})
