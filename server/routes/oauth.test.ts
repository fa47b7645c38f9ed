import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startDevIdp } from '../dev-idp.js'
import { forEachDatabase, startHarness, type Harness } from '../testing.js'
import { driveIdp, pkce } from '../../test/idp-driver.js'

const CALLBACK = 'http://gatehouse.test/api/v1/oauth/callback'
const PAGE = 'http://localhost:5173/demo/?tab=1'

forEachDatabase((target) => {
  let h: Harness
  let idp: Awaited<ReturnType<typeof startDevIdp>>
  beforeAll(async () => {
    h = await startHarness(target)
    idp = await startDevIdp(() => [{ client_id: 'gatehouse-test', client_secret: 'test-secret', redirect_uris: [CALLBACK] }])
  })
  afterAll(async () => {
    await h?.close()
    await idp?.close()
  })

  const googleApp = () =>
    h.createApp({
      loginMethods: { email: true, google: true },
      oauth: { google: { clientId: 'gatehouse-test', clientSecret: 'test-secret', issuer: idp.issuer } },
    })

  /** init → the IdP's pages → our callback → the page's query parameters. */
  async function consent(appId: string, login: string, options: { deny?: boolean; provider?: string } = {}) {
    const p = pkce()
    const init = await h.post(
      '/api/v1/oauth/init',
      { provider: options.provider ?? 'google', redirect_to: PAGE, code_challenge: p.challenge, state_code: p.state },
      { appId },
    )
    expect(init.statusCode).toBe(200)
    const callback = await driveIdp(init.json().url, CALLBACK, { login, deny: options.deny })
    const back = await h.get(callback.pathname + callback.search)
    expect(back.statusCode).toBe(303)
    const page = new URL(back.headers.location as string)
    return {
      p,
      page,
      body: {
        authorization_code: page.searchParams.get('code')!,
        state_code: page.searchParams.get('state')!,
        code_verifier: p.verifier,
        provider: page.searchParams.get('provider')!,
      },
    }
  }

  it('logs in through a real OpenID provider: PKCE, callback back to the page, google_oauth account, oauth_tokens', async () => {
    const appId = await googleApp()
    const { p, page, body } = await consent(appId, 'alice@example.com')
    expect(page.origin + page.pathname).toBe('http://localhost:5173/demo/')
    expect(page.searchParams.get('tab')).toBe('1')
    expect(body.state_code).toBe(p.state)
    expect(body.provider).toBe('google')
    const auth = await h.post('/api/v1/oauth/authenticate', body, { appId })
    expect(auth.statusCode).toBe(200)
    const json = auth.json()
    expect(json.is_new_user).toBe(true)
    expect(json.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'google_oauth', subject: 'alice@example.com', email: 'alice@example.com', name: 'alice@example.com', username: 'alice' }),
    ])
    expect(json.oauth_tokens).toMatchObject({ provider: 'google', access_token: expect.any(String), scopes: expect.arrayContaining(['openid', 'email']) })
    // The same identity is the same user next time.
    const again = await h.post('/api/v1/oauth/authenticate', (await consent(appId, 'alice@example.com')).body, { appId })
    expect(again.json()).toMatchObject({ is_new_user: false, user: { id: json.user.id } })
  })

  it("error: a denial comes back as code 'undefined' and is refused as 'User denied confirmation during OAuth flow'", async () => {
    const appId = await googleApp()
    const { body } = await consent(appId, 'bob', { deny: true })
    expect(body.authorization_code).toBe('undefined')
    const auth = await h.post('/api/v1/oauth/authenticate', body, { appId })
    expect(auth.statusCode).toBe(401)
    expect(auth.json()).toMatchObject({ code: 'invalid_credentials', error: 'User denied confirmation during OAuth flow' })
  })

  it('error: a wrong verifier, a replayed state or a foreign state is an invalid code', async () => {
    const appId = await googleApp()
    const { body } = await consent(appId, 'carol')
    const wrong = await h.post('/api/v1/oauth/authenticate', { ...body, code_verifier: randomBytes(36).toString('base64url') }, { appId })
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials', error: 'Invalid code during OAuth flow.' })
    // The state was spent by the failed attempt: single use.
    const replay = await h.post('/api/v1/oauth/authenticate', body, { appId })
    expect(replay.json()).toMatchObject({ code: 'invalid_credentials', error: 'Invalid code during OAuth flow.' })
    const other = await googleApp()
    const foreign = await h.post('/api/v1/oauth/authenticate', (await consent(appId, 'carol')).body, { appId: other })
    expect(foreign.json()).toMatchObject({ code: 'invalid_credentials' })
  })

  it('error: init with a state code already in use answers 401 invalid_credentials, and the first flow still completes', async () => {
    const appId = await googleApp()
    const p = pkce()
    const init = (body: { code_challenge?: string; redirect_to?: string }) =>
      h.post('/api/v1/oauth/init', { provider: 'google', redirect_to: PAGE, code_challenge: p.challenge, state_code: p.state, ...body }, { appId })
    const first = await init({})
    expect(first.statusCode).toBe(200)
    // The same state again: someone replaying it with their own challenge and page.
    const attacker = pkce()
    for (const body of [{}, { code_challenge: attacker.challenge, redirect_to: 'http://localhost:5173/other' }]) {
      const again = await init(body)
      expect(again.statusCode).toBe(401)
      expect(again.json()).toEqual({ code: 'invalid_credentials', error: 'This OAuth state code was already used.' })
    }
    const callback = await driveIdp(first.json().url, CALLBACK, { login: 'dora' })
    const page = new URL((await h.get(callback.pathname + callback.search)).headers.location as string)
    expect(page.origin + page.pathname).toBe('http://localhost:5173/demo/')
    const auth = await h.post(
      '/api/v1/oauth/authenticate',
      { authorization_code: page.searchParams.get('code')!, state_code: p.state, code_verifier: p.verifier, provider: 'google' },
      { appId },
    )
    expect(auth.statusCode).toBe(200)
  })

  it("error: the provider's userinfo answering 403 'suspended' is oauth_account_suspended; 429 is too_many_requests marked provider_rate_limited", async () => {
    const appId = await googleApp()
    const suspended = await h.post('/api/v1/oauth/authenticate', (await consent(appId, 'suspended-sam')).body, { appId })
    expect(suspended.statusCode).toBe(403)
    expect(suspended.json()).toMatchObject({ code: 'oauth_account_suspended', error: 'Your Google account is suspended.' })
    const limited = await h.post('/api/v1/oauth/authenticate', (await consent(appId, 'rate-limited-rita')).body, { appId })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ code: 'too_many_requests', data: { provider_rate_limited: true } })
  })

  it('error: init refuses a disabled provider, an unconfigured client and a redirect to a foreign origin', async () => {
    const p = pkce()
    const emailOnly = await h.createApp({ loginMethods: { email: true } })
    const init = (appId: string, redirect_to = PAGE, provider = 'google') =>
      h.post('/api/v1/oauth/init', { provider, redirect_to, code_challenge: p.challenge, state_code: p.state }, { appId })
    expect((await init(emailOnly)).json()).toMatchObject({ code: 'disallowed_login_method', error: 'Login with Google not allowed' })
    const noClient = await h.createApp({ loginMethods: { email: true, github: true } })
    expect((await init(noClient, PAGE, 'github')).json()).toMatchObject({ code: 'disallowed_login_method' })
    const appId = await googleApp()
    expect((await init(appId, 'https://evil.example/steal')).json()).toMatchObject({
      code: 'invalid_data',
      error: 'redirect_to is not an allowed origin of this app',
    })
    expect((await h.get('/api/v1/oauth/callback?code=x&state=unknown-state-0123456789')).statusCode).toBe(400)
  })

  it('error: a provider that is down answers invalid_credentials, not 500, and a made-up state never reaches it', async () => {
    let hits = 0
    const down = createServer((_req, res) => {
      hits++
      res.writeHead(503).end()
    })
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve))
    try {
      const issuer = `http://127.0.0.1:${(down.address() as AddressInfo).port}`
      const appId = await h.createApp({ loginMethods: { email: true, google: true }, oauth: { google: { clientId: 'c', clientSecret: 's', issuer } } })
      const p = pkce()
      const made = { authorization_code: 'code', state_code: p.state, code_verifier: p.verifier, provider: 'google' }
      const auth = await h.post('/api/v1/oauth/authenticate', made, { appId })
      expect(auth.json()).toMatchObject({ code: 'invalid_credentials', error: 'Invalid code during OAuth flow.' })
      expect(hits).toBe(0)
      const init = await h.post('/api/v1/oauth/init', { provider: 'google', redirect_to: PAGE, code_challenge: p.challenge, state_code: p.state }, { appId })
      expect(init.statusCode).toBe(401)
      expect(init.json()).toMatchObject({ code: 'invalid_credentials', error: 'Could not reach Google. Please try again.' })
      expect(hits).toBe(1)
    } finally {
      await new Promise((resolve) => down.close(resolve))
    }
  })

  it('presets: github builds its authorization URL from the preset with the configured client', async () => {
    const appId = await h.createApp({ loginMethods: { email: true, github: true }, oauth: { github: { clientId: 'gh-client', clientSecret: 'gh-secret' } } })
    const p = pkce()
    const init = await h.post('/api/v1/oauth/init', { provider: 'github', redirect_to: PAGE, code_challenge: p.challenge, state_code: p.state }, { appId })
    const url = new URL(init.json().url)
    expect(url.origin + url.pathname).toBe('https://github.com/login/oauth/authorize')
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'gh-client',
      redirect_uri: CALLBACK,
      code_challenge_method: 'S256',
      state: p.state,
      scope: 'read:user user:email',
    })
  })

  it('links, refuses a second account of the type, transfers from another user and unlinks', async () => {
    const appId = await googleApp()
    const me = await h.login(appId, 'linker@example.com')
    const linked = await h.post('/api/v1/oauth/link', (await consent(appId, 'dave')).body, { appId, token: me.token })
    expect(linked.statusCode).toBe(200)
    expect(
      linked
        .json()
        .linked_accounts.map((a: { type: string }) => a.type)
        .sort(),
    ).toEqual(['email', 'google_oauth'])
    const second = await h.post('/api/v1/oauth/link', (await consent(appId, 'erin')).body, { appId, token: me.token })
    expect(second.json()).toMatchObject({ code: 'cannot_link_more_of_type', error: 'User already has an account of type google_oauth linked.' })
    // erin belongs to someone else: linking her answers a transfer nonce; the transfer moves her.
    const other = await h.post('/api/v1/oauth/authenticate', (await consent(appId, 'erin')).body, { appId })
    const you = await h.login(appId, 'you@example.com')
    const needs = await h.post('/api/v1/oauth/link', (await consent(appId, 'erin')).body, { appId, token: you.token })
    expect(needs.json()).toMatchObject({ code: 'account_transfer_required', data: { nonce: expect.any(String), display_name: 'erin@idp.local' } })
    const moved = await h.post('/api/v1/oauth/transfer', { nonce: needs.json().data.nonce, provider: 'google' }, { appId, token: you.token })
    expect(moved.statusCode).toBe(200)
    expect(moved.json().linked_accounts.find((a: { type: string }) => a.type === 'google_oauth')).toMatchObject({ subject: 'erin' })
    expect((await h.get('/api/v1/users/me', { appId, token: other.json().token })).statusCode).toBe(401)
    const unlinked = await h.post('/api/v1/oauth/unlink', { provider: 'google', subject: 'dave' }, { appId, token: me.token })
    expect(unlinked.json().linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email'])
  })
})
