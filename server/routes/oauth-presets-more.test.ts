/**
 * Login through each social provider preset not covered elsewhere (spec part 1 §9: Discord,
 * GitHub, Spotify, Instagram, X/Twitter, and the OpenID Connect issuers LinkedIn and LINE; Google
 * runs against the local OIDC provider, Apple and TikTok in oauth-presets.test.ts): init → the
 * provider's redirect to our callback → authenticate, against stand-ins speaking each provider's
 * documented token and profile format (test/oauth-stand-ins-more.ts). Each checks the authorization
 * URL, the `<provider>_oauth` account's subject / name / username, and the client authentication
 * the provider requires (HTTP Basic or the request body).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { pkce } from '../../test/idp-driver.js'
import { startProviderStandIn, type ProviderStandIn, type ProviderUser, type StandInProvider } from '../../test/oauth-stand-ins-more.js'
import { PROVIDER_PRESETS } from '../services/oauth-providers.js'
import { forEachDatabase, startHarness, type Harness } from '../testing.js'

const PAGE = 'http://localhost:5173/demo/'

interface Case {
  provider: StandInProvider
  scope: string
  clientAuth: 'client_secret_basic' | 'client_secret_post'
  user: ProviderUser
  /** The linked account as the provider's profile maps to it. */
  account: { subject: string; name: string | null; username: string | null; email: string | null }
}

const CASES: Case[] = [
  {
    provider: 'discord',
    scope: 'identify email',
    clientAuth: 'client_secret_post',
    user: { id: '80351110224678912', name: 'Nelly', username: 'nelly', email: 'nelly@example.com' },
    account: { subject: '80351110224678912', name: 'Nelly', username: 'nelly', email: 'nelly@example.com' },
  },
  {
    provider: 'github',
    scope: 'read:user user:email',
    clientAuth: 'client_secret_post',
    user: { id: '583231', name: 'The Octocat', username: 'octocat', email: 'octocat@example.com' },
    account: { subject: '583231', name: 'The Octocat', username: 'octocat', email: 'octocat@example.com' },
  },
  {
    provider: 'spotify',
    scope: 'user-read-email',
    clientAuth: 'client_secret_basic',
    user: { id: 'wizzler', name: 'JM Wizzler', email: 'wizzler@example.com' },
    account: { subject: 'wizzler', name: 'JM Wizzler', username: 'wizzler', email: 'wizzler@example.com' },
  },
  {
    provider: 'instagram',
    scope: 'instagram_business_basic',
    clientAuth: 'client_secret_post',
    user: { id: '17841405793187218', name: 'Jane Doe', username: 'jane.doe' },
    account: { subject: '17841405793187218', name: 'Jane Doe', username: 'jane.doe', email: null },
  },
  {
    provider: 'twitter',
    scope: 'users.read tweet.read offline.access',
    clientAuth: 'client_secret_basic',
    user: { id: '2244994945', name: 'X Developers', username: 'XDevelopers' },
    account: { subject: '2244994945', name: 'X Developers', username: 'XDevelopers', email: null },
  },
  {
    provider: 'linkedin',
    scope: 'openid email profile',
    clientAuth: 'client_secret_post',
    user: { id: 'yrZCpj2Z12', name: 'John Doe', email: 'john.doe@example.com' },
    account: { subject: 'yrZCpj2Z12', name: 'John Doe', username: null, email: 'john.doe@example.com' },
  },
  {
    provider: 'line',
    scope: 'openid email profile',
    clientAuth: 'client_secret_post',
    user: { id: 'U4af4980629b8a7f3b2d4e4b8c1d2e3f4', name: 'Taro Line', email: 'taro@example.com' },
    account: { subject: 'U4af4980629b8a7f3b2d4e4b8c1d2e3f4', name: 'Taro Line', username: null, email: 'taro@example.com' },
  },
]

// Client ids with characters that HTTP Basic must form-encode (RFC 6749 §2.3.1).
const client = (provider: string) => ({ clientId: `${provider}-client id`, clientSecret: `${provider}:secret/+` })

forEachDatabase((target) => {
  let h: Harness
  const standIns = new Map<StandInProvider, ProviderStandIn>()
  beforeAll(async () => {
    for (const c of CASES) standIns.set(c.provider, await startProviderStandIn(c.provider, client(c.provider)))
    h = await startHarness(target, { oauthPresets: Object.fromEntries([...standIns].map(([provider, s]) => [provider, s.presets])) })
  })
  afterAll(async () => {
    await h?.close()
    for (const s of standIns.values()) await s.close()
  })

  for (const c of CASES) {
    it(`${c.provider}: init → callback → authenticate makes a ${c.provider}_oauth account; the client authenticates by ${c.clientAuth}`, async () => {
      const standIn = standIns.get(c.provider)!
      const appId = await h.createApp({ loginMethods: { email: true, [c.provider]: true }, oauth: { [c.provider]: client(c.provider) } })
      const p = pkce()
      const init = await h.post('/api/v1/oauth/init', { provider: c.provider, redirect_to: PAGE, code_challenge: p.challenge, state_code: p.state }, { appId })
      expect(init.statusCode).toBe(200)
      const url = new URL(init.json().url)
      expect(url.origin + url.pathname).toBe(standIn.authorizationEndpoint)
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        client_id: client(c.provider).clientId,
        response_type: 'code',
        scope: c.scope,
        state: p.state,
        code_challenge_method: 'S256',
      })
      // The provider's page sends the browser to our callback, which hands the code to the page.
      const code = standIn.consent(c.user, url)
      const back = await h.get(`/api/v1/oauth/callback?code=${code}&state=${encodeURIComponent(url.searchParams.get('state')!)}`)
      expect(back.statusCode).toBe(303)
      expect(new URL(back.headers.location as string).searchParams.get('provider')).toBe(c.provider)

      const auth = await h.post(
        '/api/v1/oauth/authenticate',
        { authorization_code: code, state_code: p.state, code_verifier: p.verifier, provider: c.provider },
        { appId },
      )
      expect(auth.statusCode, auth.body).toBe(200)
      expect(auth.json().user.linked_accounts).toEqual([expect.objectContaining({ type: `${c.provider}_oauth`, ...c.account })])
      expect(auth.json().oauth_tokens).toMatchObject({ provider: c.provider, access_token: expect.stringMatching(new RegExp(`^${c.provider}-`)) })

      const sent = standIn.tokenRequests.at(-1)!
      expect(sent.clientAuth).toBe(c.clientAuth)
      expect(sent.params).toMatchObject({ grant_type: 'authorization_code', code, code_verifier: p.verifier })
      // The secret travels once: never in the body beside a Basic header.
      if (c.clientAuth === 'client_secret_basic') expect(sent.params.client_secret).toBeUndefined()
    })
  }

  it('error: a provider refusing the client (wrong secret) fails the login as "Invalid code during OAuth flow."', async () => {
    const appId = await h.createApp({ loginMethods: { email: true, spotify: true }, oauth: { spotify: { ...client('spotify'), clientSecret: 'wrong' } } })
    const p = pkce()
    const init = await h.post('/api/v1/oauth/init', { provider: 'spotify', redirect_to: PAGE, code_challenge: p.challenge, state_code: p.state }, { appId })
    const code = standIns.get('spotify')!.consent(CASES[2]!.user, new URL(init.json().url))
    const auth = await h.post(
      '/api/v1/oauth/authenticate',
      { authorization_code: code, state_code: p.state, code_verifier: p.verifier, provider: 'spotify' },
      { appId },
    )
    expect(auth.statusCode).toBe(401)
    expect(auth.json()).toMatchObject({ code: 'invalid_credentials', error: 'Invalid code during OAuth flow.' })
  })
})

it("Instagram's token answer in its documented shapes (flat, or wrapped in data: [ … ]) becomes an RFC 6749 bearer answer with its permissions as scope", () => {
  const normalize = PROVIDER_PRESETS.instagram.tokenResponse!
  const expected = {
    access_token: 'IGQVJ',
    user_id: 17841405793187218,
    token_type: 'bearer',
    scope: 'instagram_business_basic,instagram_business_manage_messages',
  }
  expect(
    normalize({ access_token: 'IGQVJ', user_id: 17841405793187218, permissions: ['instagram_business_basic', 'instagram_business_manage_messages'] }),
  ).toEqual(expected)
  expect(
    normalize({ data: [{ access_token: 'IGQVJ', user_id: 17841405793187218, permissions: 'instagram_business_basic,instagram_business_manage_messages' }] }),
  ).toEqual(expected)
})
