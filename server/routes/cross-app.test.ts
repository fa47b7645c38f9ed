import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forEachDatabase, startHarness, testDevice, type Harness } from '../testing.js'

/** The requester's page: the only origin the provider's popup answers for it. */
const DAPP = 'https://dapp.example'

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

forEachDatabase((target) => {
  let h: Harness
  let provider: string
  let readOnlyProvider: string
  let requester: string
  let stranger: string
  beforeAll(async () => {
    h = await startHarness(target)
    requester = await h.createApp({ name: 'Requester Dapp', allowedOrigins: [DAPP] })
    stranger = await h.createApp({ name: 'Stranger' })
    provider = await h.createApp({
      name: 'Provider Wallet',
      logo: 'https://provider.example/logo.png',
      crossAppProvider: { allowedRequesterAppIds: [requester] },
    })
    readOnlyProvider = await h.createApp({
      name: 'Read Only Games',
      crossAppProvider: { allowedRequesterAppIds: [requester], readOnly: true, name: 'Games', iconUrl: 'https://games.example/i.png' },
    })
  })
  afterAll(() => h?.close())

  /** A provider user with an embedded wallet approves the requester: the code and the verifier the requester's browser holds. */
  async function approve(email: string, requesterId = requester, providerId = provider, withWallet = true) {
    const device = await testDevice(h.clock.now)
    const login = await h.login(providerId, email, { device })
    const wallet = withWallet ? await h.registerEmbeddedWallet(providerId, login.token, device) : null
    const { verifier, challenge } = pkce()
    const res = await h.post(
      '/api/v1/cross-app/authorize',
      { requester_app_id: requesterId, code_challenge: challenge, origin: DAPP },
      { appId: providerId, token: login.token, device },
    )
    expect(res.statusCode).toBe(200)
    return { code: res.json().code as string, verifier, login, device, address: wallet?.key.address }
  }

  it('GET …/cross-app/details answers the name and icon (the app’s own by default)', async () => {
    expect((await h.get(`/api/v1/apps/${provider}/cross-app/details`)).json()).toEqual({
      name: 'Provider Wallet',
      icon_url: 'https://provider.example/logo.png',
    })
    expect((await h.get(`/api/v1/apps/${readOnlyProvider}/cross-app/details`)).json()).toEqual({ name: 'Games', icon_url: 'https://games.example/i.png' })
  })

  it("error: details of an app that is no provider answers 'Invalid connected app'", async () => {
    const res = await h.get(`/api/v1/apps/${requester}/cross-app/details`)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('Invalid connected app')
  })

  it('GET …/cross-app/connections lists the providers that allow the requester, and only them', async () => {
    const res = await h.get(`/api/v1/apps/${requester}/cross-app/connections`)
    expect(res.statusCode).toBe(200)
    expect(res.json().connections).toEqual([
      {
        provider_app_id: provider,
        provider_app_name: 'Provider Wallet',
        provider_app_icon_url: 'https://provider.example/logo.png',
        provider_app_custom_api_url: null,
        read_only: false,
      },
      {
        provider_app_id: readOnlyProvider,
        provider_app_name: 'Games',
        provider_app_icon_url: 'https://games.example/i.png',
        provider_app_custom_api_url: null,
        read_only: true,
      },
    ])
    expect((await h.get(`/api/v1/apps/${stranger}/cross-app/connections`)).json()).toEqual({ connections: [] })
  })

  it('the admin API sets and clears the provider settings', async () => {
    const app = await h.createApp({ name: 'Later Provider' })
    let res = await h.patchApp(app, { crossAppProvider: { allowedRequesterAppIds: [stranger], readOnly: true } })
    expect(res.statusCode).toBe(200)
    expect(res.json().crossAppProvider).toMatchObject({ allowedRequesterAppIds: [stranger], readOnly: true })
    expect((await h.get(`/api/v1/apps/${stranger}/cross-app/connections`)).json().connections).toHaveLength(1)
    res = await h.patchApp(app, { crossAppProvider: null })
    expect(res.json().crossAppProvider).toBeNull()
    expect((await h.get(`/api/v1/apps/${stranger}/cross-app/connections`)).json().connections).toHaveLength(0)
    expect((await h.patchApp(app, { crossAppProvider: { allowedRequesterAppIds: ['nope'] } })).statusCode).toBe(400)
  })

  it('login: the code and verifier give the requester a cross_app account with the provider wallet and a provider token', async () => {
    const { code, verifier, address, login: providerLogin, device } = await approve('xa-login@example.com')
    const res = await h.post('/api/v1/cross-app/authenticate', { provider_app_id: provider, code, code_verifier: verifier }, { appId: requester })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.is_new_user).toBe(true)
    const account = body.user.linked_accounts.find((a: { type: string }) => a.type === 'cross_app')
    expect(account).toMatchObject({
      subject: providerLogin.user.id,
      provider_app: { id: provider, name: 'Provider Wallet' },
      embedded_wallets: [{ address, chain_type: 'ethereum' }],
      smart_wallets: [],
    })
    expect(body.oauth_tokens).toMatchObject({ provider: `privy:${provider}`, provider_app_id: provider, access_token: expect.any(String) })

    // The provider's transact page accepts the token for its signed-in user …
    const ok = await h.post(
      '/api/v1/cross-app/verify',
      { token: body.oauth_tokens.access_token, origin: DAPP },
      { appId: provider, token: providerLogin.token, device },
    )
    expect(ok.json()).toEqual({ requester_app_id: requester, read_only: false, embedded_wallets: [{ address, chain_type: 'ethereum' }] })
    // … but it is no access token of the provider, nor of the requester.
    expect((await h.get('/api/v1/users/me', { appId: provider, token: body.oauth_tokens.access_token })).statusCode).toBe(401)
    expect((await h.get('/api/v1/users/me', { appId: requester, token: body.oauth_tokens.access_token })).statusCode).toBe(401)

    // The same provider user logs in again: the same requester user.
    const again = await approve('xa-login@example.com', requester, provider, false)
    const second = await h.post(
      '/api/v1/cross-app/authenticate',
      { provider_app_id: provider, code: again.code, code_verifier: again.verifier },
      { appId: requester },
    )
    expect(second.json().is_new_user).toBe(false)
    expect(second.json().user.id).toBe(body.user.id)
  })

  it("error: the popup answers no page but the requester's: another origin gets no code and no verification", async () => {
    const device = await testDevice(h.clock.now)
    const login = await h.login(provider, 'xa-origin@example.com', { device })
    const res = await h.post(
      '/api/v1/cross-app/authorize',
      { requester_app_id: requester, code_challenge: pkce().challenge, origin: 'https://evil.example' },
      { appId: provider, token: login.token, device },
    )
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('forbidden_origin')
    const { code, verifier, login: owner, device: ownerDevice } = await approve('xa-origin2@example.com')
    const token = (await h.post('/api/v1/cross-app/authenticate', { provider_app_id: provider, code, code_verifier: verifier }, { appId: requester })).json()
      .oauth_tokens.access_token
    const verify = await h.post(
      '/api/v1/cross-app/verify',
      { token, origin: 'https://evil.example' },
      { appId: provider, token: owner.token, device: ownerDevice },
    )
    expect(verify.statusCode).toBe(403)
  })

  it('error: a code works once, only with its verifier, only for its requester', async () => {
    const { code, verifier } = await approve('xa-once@example.com')
    const wrong = await h.post('/api/v1/cross-app/authenticate', { provider_app_id: provider, code, code_verifier: pkce().verifier }, { appId: requester })
    expect(wrong.statusCode).toBe(401)
    // The failed try spent it: a stolen code is tried once at most.
    const late = await h.post('/api/v1/cross-app/authenticate', { provider_app_id: provider, code, code_verifier: verifier }, { appId: requester })
    expect(late.statusCode).toBe(401)
  })

  it("error: an app the provider does not allow gets 'Invalid connected app' at every step", async () => {
    const device = await testDevice(h.clock.now)
    const login = await h.login(provider, 'xa-stranger@example.com', { device })
    const res = await h.post(
      '/api/v1/cross-app/authorize',
      { requester_app_id: stranger, code_challenge: pkce().challenge, origin: DAPP },
      { appId: provider, token: login.token, device },
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('Invalid connected app')
    const { code, verifier } = await approve('xa-stranger2@example.com')
    const other = await h.post('/api/v1/cross-app/authenticate', { provider_app_id: provider, code, code_verifier: verifier }, { appId: stranger })
    expect(other.json().error).toBe('Invalid connected app')
  })

  it('error: verify refuses a token of another provider user, and a forged one', async () => {
    const { code, verifier } = await approve('xa-owner@example.com')
    const token = (await h.post('/api/v1/cross-app/authenticate', { provider_app_id: provider, code, code_verifier: verifier }, { appId: requester })).json()
      .oauth_tokens.access_token
    const device = await testDevice(h.clock.now)
    const other = await h.login(provider, 'xa-other@example.com', { device })
    const res = await h.post('/api/v1/cross-app/verify', { token, origin: DAPP }, { appId: provider, token: other.token, device })
    expect(res.statusCode).toBe(401)
    expect(res.json().error).toBe('Transactions require a valid token')
    const forged = await h.post(
      '/api/v1/cross-app/verify',
      { token: token.slice(0, -4) + 'AAAA', origin: DAPP },
      { appId: provider, token: other.token, device },
    )
    expect(forged.json().error).toBe('Transactions require a valid token')
  })

  it('link and unlink: a signed-in requester user adds and removes the provider account', async () => {
    const userDevice = await testDevice(h.clock.now)
    const user = await h.login(requester, 'xa-linker@example.com', { device: userDevice })
    const { code, verifier, login: providerLogin } = await approve('xa-linked@example.com')
    const res = await h.post(
      '/api/v1/cross-app/link',
      { provider_app_id: provider, code, code_verifier: verifier },
      { appId: requester, token: user.token, device: userDevice },
    )
    expect(res.statusCode).toBe(200)
    expect(res.json().user.linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email', 'cross_app'])
    expect(res.json().oauth_tokens.provider_app_id).toBe(provider)
    const unlink = await h.post(
      '/api/v1/cross-app/unlink',
      { provider_app_id: provider, subject: providerLogin.user.id },
      { appId: requester, token: user.token, device: userDevice },
    )
    expect(unlink.statusCode).toBe(200)
    expect(unlink.json().linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email'])
  })

  it('a read-only provider says so in its token answer and in verify', async () => {
    const { code, verifier, login, device } = await approve('xa-ro@example.com', requester, readOnlyProvider)
    const res = await h.post('/api/v1/cross-app/authenticate', { provider_app_id: readOnlyProvider, code, code_verifier: verifier }, { appId: requester })
    expect(res.statusCode).toBe(200)
    const ok = await h.post(
      '/api/v1/cross-app/verify',
      { token: res.json().oauth_tokens.access_token, origin: DAPP },
      { appId: readOnlyProvider, token: login.token, device },
    )
    expect(ok.json().read_only).toBe(true)
  })

  describe('a provider on another server with its own database', () => {
    let remote: Harness
    let remoteProvider: string
    let local: Harness
    let localRequester: string
    beforeAll(async () => {
      remote = await startHarness(target)
      // The requester's server reaches the provider's only through fetch: here, the provider server's inject.
      const fetchRemote: typeof fetch = async (input, init) => {
        const url = new URL(String(input))
        const res = await remote.server.inject({
          method: (init?.method ?? 'GET') as 'GET',
          url: url.pathname,
          headers: { 'content-type': 'application/json' },
          payload: init?.body as string,
        })
        return new Response(res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') } })
      }
      local = await startHarness(target, { fetch: fetchRemote })
      localRequester = await local.createApp({ name: 'Remote Requester' })
      remoteProvider = await remote.createApp({
        name: 'Far Wallet',
        crossAppProvider: { allowedRequesterAppIds: [localRequester], requesterOrigins: ['https://far-dapp.example'] },
      })
      expect(
        (
          await local.patchApp(localRequester, {
            crossAppConnections: [{ providerAppId: remoteProvider, apiUrl: 'https://wallet.far.example', name: 'Far Wallet' }],
          })
        ).statusCode,
      ).toBe(200)
    })
    afterAll(async () => {
      await local?.close()
      await remote?.close()
    })

    it('lists the remote provider with its API URL and logs in through it', async () => {
      const conns = (await local.get(`/api/v1/apps/${localRequester}/cross-app/connections`)).json().connections
      expect(conns).toEqual([
        {
          provider_app_id: remoteProvider,
          provider_app_name: 'Far Wallet',
          provider_app_icon_url: null,
          provider_app_custom_api_url: 'https://wallet.far.example',
          read_only: false,
        },
      ])
      const device = await testDevice(remote.clock.now)
      const login = await remote.login(remoteProvider, 'xa-far@example.com', { device })
      const wallet = await remote.registerEmbeddedWallet(remoteProvider, login.token, device)
      const { verifier, challenge } = pkce()
      const { code } = (
        await remote.post(
          '/api/v1/cross-app/authorize',
          { requester_app_id: localRequester, code_challenge: challenge, origin: 'https://far-dapp.example' },
          { appId: remoteProvider, token: login.token, device },
        )
      ).json()
      const res = await local.post(
        '/api/v1/cross-app/authenticate',
        { provider_app_id: remoteProvider, code, code_verifier: verifier },
        { appId: localRequester },
      )
      expect(res.statusCode).toBe(200)
      const account = res.json().user.linked_accounts.find((a: { type: string }) => a.type === 'cross_app')
      expect(account.embedded_wallets).toEqual([{ address: wallet.key.address, chain_type: 'ethereum' }])
      // The token the requester holds is the provider server's: its own verify accepts it.
      const ok = await remote.post(
        '/api/v1/cross-app/verify',
        { token: res.json().oauth_tokens.access_token, origin: 'https://far-dapp.example' },
        { appId: remoteProvider, token: login.token, device },
      )
      expect(ok.statusCode).toBe(200)
    })
  })
})
