/**
 * OAuth login. The server is the OAuth 2.0 / OpenID Connect client (oauth4webapi):
 * init stores the browser's state code (as SHA-256) with its PKCE challenge and builds the
 * provider's authorization URL; the provider redirects to our fixed callback, which sends the
 * browser back to the page (`redirect_to`) with code, state and provider; authenticate spends the
 * state, checks the verifier against the stored challenge, redeems the code and reads the profile.
 * One fixed callback URL per deployment is what providers ask owners to register.
 */
import * as oauth from 'oauth4webapi'
import { API_PREFIX } from '@gatehouse/contract/routes'
import { sha256 } from '../crypto/hash.js'
import { isUniqueViolation } from '../db/connect.js'
import { findOAuthState, insertOAuthState, setOAuthProviderUser, takeOAuthState } from '../db/oauth-states.js'
import type { Db } from '../db/schema.js'
import { ApiError } from '../errors.js'
import type { AccountService, AuthMode, ProvenAccount } from './accounts.js'
import type { App, OAuthClientSettings } from './app-config.js'
import { isMethodEnabled } from './app-config.js'
import { appleClientSecret, hasAppleKey } from './apple-client-secret.js'
import type { CaptchaService } from './captcha.js'
import type { AuthResponse } from './sessions.js'
import type { Throttle } from './throttle.js'
import type { WireUser } from './users.js'
import {
  PROVIDER_LABELS,
  PROVIDER_PRESETS,
  isOAuthProvider,
  oidcProfile,
  type OAuthProfile,
  type OAuthProvider,
  type ProviderPreset,
} from './oauth-providers.js'

export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000
/** The providers' redirect URI, relative to the API prefix (the route) and in full (what providers are told). */
export const CALLBACK_ROUTE = '/oauth/callback'
export const CALLBACK_PATH = `${API_PREFIX}${CALLBACK_ROUTE}`
const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])$/

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname
  } catch {
    return ''
  }
}

export interface OAuthTokens {
  provider: string
  access_token: string
  access_token_expires_in_seconds: number | null
  refresh_token: string | null
  refresh_token_expires_in_seconds: number | null
  scopes: string[]
}

export interface Resolved {
  as: oauth.AuthorizationServer
  client: oauth.Client
  auth: oauth.ClientAuth
  preset: ProviderPreset
  settings: OAuthClientSettings
  options: { [oauth.allowInsecureRequests]?: boolean }
}

/** What the browser brings back from the provider (authenticate and link). */
export interface CodeExchange {
  authorization_code: string
  state_code: string
  code_verifier: string
  provider: string
}

export interface OAuthDeps {
  db: Db
  accounts: AccountService
  throttle: Throttle
  captcha: CaptchaService
  now: () => number
  publicUrl: string
  /** Whether `origin` may receive the browser back for this app (the app's allowed origins). */
  originAllowed: (app: App, origin: string) => boolean
  /**
   * Replaces parts of a provider's preset (its endpoints, in tests: a stand-in speaking that
   * provider's wire format on loopback). Not an app setting: presets are the deployment's code.
   */
  presets?: Partial<Record<OAuthProvider, Partial<ProviderPreset>>>
}

const providerRateLimited = (provider: OAuthProvider) =>
  new ApiError('too_many_requests', `Request limit reached for ${PROVIDER_LABELS[provider]}.`, { provider_rate_limited: true })

/** A profile answer that is the provider refusing: 429 (its rate limit) or 403 saying the account is suspended. */
async function checkProviderRefusal(response: Response, provider: OAuthProvider): Promise<void> {
  if (response.status === 429) throw providerRateLimited(provider)
  // Providers answer 403 for suspended accounts (X/Twitter says so in the body).
  if (response.status === 403 && /suspend/i.test(await response.clone().text())) {
    throw new ApiError('oauth_account_suspended', `Your ${PROVIDER_LABELS[provider]} account is suspended.`)
  }
}

export class OAuthService {
  private readonly discovered = new Map<string, Promise<oauth.AuthorizationServer>>()
  constructor(private readonly deps: OAuthDeps) {}

  get redirectUri(): string {
    return this.deps.publicUrl + CALLBACK_PATH
  }

  /** The provider of a request, when the app enabled it and configured its client. */
  private settingsFor(app: App, provider: string): { provider: OAuthProvider; settings: OAuthClientSettings } {
    if (!isOAuthProvider(provider)) throw new ApiError('invalid_data', `Unknown OAuth provider: ${provider}`)
    const settings = app.settings.oauth?.[provider]
    if (!isMethodEnabled(app.config, provider) || !settings?.clientId) {
      throw new ApiError('disallowed_login_method', `Login with ${PROVIDER_LABELS[provider]} not allowed`)
    }
    return { provider, settings }
  }

  private async resolve(app: App, name: string): Promise<Resolved & { provider: OAuthProvider }> {
    const { provider, settings } = this.settingsFor(app, name)
    const base = { ...PROVIDER_PRESETS[provider], ...this.deps.presets?.[provider] }
    return { provider, ...(await this.client(PROVIDER_LABELS[provider], settings, base)) }
  }

  /**
   * The client and its authorization server for a provider configuration: a login provider's, or
   * a cloud-recovery client (services/recovery-oauth.ts). A configured issuer (a self-hosted or
   * test identity provider) speaks plain OpenID Connect and is asked for `issuerScopes`.
   */
  async client(label: string, settings: OAuthClientSettings, base: ProviderPreset, issuerScopes = ['openid', 'email', 'profile']): Promise<Resolved> {
    const preset: ProviderPreset = settings.issuer
      ? {
          ...base,
          issuer: settings.issuer,
          scopes: issuerScopes,
          profileEndpoint: undefined,
          clientAuth: 'client_secret_post',
          extraParams: undefined,
          tokenResponse: undefined,
          profile: oidcProfile,
        }
      : base
    const issuer = preset.issuer
    // Plain http only for an identity provider on this machine (tests, the development IdP).
    const options = LOOPBACK.test(hostnameOf(issuer ?? preset.authorizationEndpoint!)) ? { [oauth.allowInsecureRequests]: true } : {}
    let as: oauth.AuthorizationServer
    if (issuer) {
      let pending = this.discovered.get(issuer)
      if (!pending) {
        pending = (async () => {
          const url = new URL(issuer)
          return oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, { algorithm: 'oidc', ...options }))
        })()
        pending.catch(() => this.discovered.delete(issuer))
        this.discovered.set(issuer, pending)
      }
      try {
        as = await pending
      } catch {
        // The provider is down or answers nonsense: the widget shows its retryable failure.
        throw new ApiError('invalid_credentials', `Could not reach ${label}. Please try again.`)
      }
    } else {
      as = { issuer: new URL(preset.authorizationEndpoint!).origin, authorization_endpoint: preset.authorizationEndpoint, token_endpoint: preset.tokenEndpoint }
    }
    const client: oauth.Client = { client_id: settings.clientId }
    const secret = !settings.clientSecret && hasAppleKey(settings) ? await appleClientSecret(settings, this.deps.now()) : (settings.clientSecret ?? '')
    const auth = preset.clientAuth === 'client_secret_basic' ? oauth.ClientSecretBasic(secret) : oauth.ClientSecretPost(secret)
    return { as, client, auth, preset, settings, options }
  }

  /**
   * OAuth init: remembers the flow and answers the provider's authorization URL. Counted as a
   * login attempt and captcha-checked (`token`) before anything else.
   */
  async init(
    app: App,
    body: { provider: string; redirect_to: string; code_challenge: string; state_code: string; token?: string },
    ip: string,
  ): Promise<{ url: string }> {
    await this.deps.throttle.loginAttempt(ip)
    await this.deps.captcha.check(app, body.token, ip)
    const r = await this.resolve(app, body.provider)
    return this.beginFlow(app, r, r.provider, body)
  }

  /**
   * Remembers a flow (its state code as SHA-256, PKCE challenge, the page to return to and, for a
   * signed-in user's flow, the user) and answers the provider's authorization URL for `r`.
   */
  async beginFlow(
    app: App,
    r: Resolved,
    provider: string,
    body: { redirect_to: string; code_challenge: string; state_code: string },
    userId?: string,
  ): Promise<{ url: string }> {
    await this.rememberFlow(app, provider, body, userId)
    const { as, client, preset } = r
    const url = new URL(as.authorization_endpoint!)
    url.searchParams.set(preset.clientIdParam ?? 'client_id', client.client_id)
    url.searchParams.set('redirect_uri', this.redirectUri)
    url.searchParams.set('response_type', 'code')
    url.searchParams.set('scope', preset.scopes.join(preset.scopeSeparator ?? ' '))
    url.searchParams.set('state', body.state_code)
    url.searchParams.set('code_challenge', body.code_challenge)
    url.searchParams.set('code_challenge_method', 'S256')
    for (const [k, v] of Object.entries(preset.extraParams ?? {})) url.searchParams.set(k, v)
    return { url: url.href }
  }

  /** Stores a flow after checking its page is one of the app's origins; a state code works once. */
  async rememberFlow(app: App, provider: string, body: { redirect_to: string; code_challenge: string; state_code: string }, userId?: string): Promise<void> {
    let target: URL
    try {
      target = new URL(body.redirect_to)
    } catch {
      throw new ApiError('invalid_data', 'redirect_to must be an absolute URL')
    }
    if (!this.deps.originAllowed(app, target.origin)) throw new ApiError('invalid_data', 'redirect_to is not an allowed origin of this app')
    const t = this.deps.now()
    try {
      await insertOAuthState(this.deps.db, {
        state_hash: sha256(body.state_code),
        app_id: app.id,
        provider,
        redirect_to: target.href,
        code_challenge: body.code_challenge,
        created_at: t,
        expires_at: t + OAUTH_STATE_TTL_MS,
        ...(userId ? { user_id: userId } : {}),
      })
    } catch (error) {
      // The flow already started with this state keeps its challenge and page: a second init
      // (a replay, or someone who learnt the state) must not take it over. The widget's Retry makes a new state.
      if (isUniqueViolation(error)) throw new ApiError('invalid_credentials', 'This OAuth state code was already used.')
      throw error
    }
  }

  /**
   * Spends a flow: it must exist for this app, be unexpired, be of `provider` (and of `userId` when
   * the flow was a signed-in user's) and match the PKCE verifier. Checked before any provider is contacted.
   */
  async takeFlow(app: App, provider: string, body: { state_code: string; code_verifier: string }, userId?: string) {
    const flow = await takeOAuthState(this.deps.db, app.id, sha256(body.state_code))
    if (!flow || flow.expires_at < this.deps.now() || flow.provider !== provider || (flow.user_id ?? undefined) !== userId) {
      throw new ApiError('invalid_credentials', 'Invalid code during OAuth flow.')
    }
    if ((await oauth.calculatePKCECodeChallenge(body.code_verifier)) !== flow.code_challenge) {
      throw new ApiError('invalid_credentials', 'Invalid code during OAuth flow.')
    }
    return flow
  }

  /** Redeems the code at the provider's token endpoint (the callback parameters as the provider sent them). */
  async redeem(
    r: Resolved,
    label: string,
    body: { authorization_code: string; state_code: string; code_verifier: string },
  ): Promise<oauth.TokenEndpointResponse> {
    const params = new URLSearchParams({ code: body.authorization_code, state: body.state_code })
    // The issuer echo (RFC 9207), when the provider sends one.
    if (r.as.authorization_response_iss_parameter_supported) params.set('iss', r.as.issuer)
    try {
      const validated = oauth.validateAuthResponse(r.as, r.client, params, body.state_code)
      const extra = r.preset.clientIdParam ? { additionalParameters: { [r.preset.clientIdParam]: r.client.client_id } } : {}
      let response = await oauth.authorizationCodeGrantRequest(r.as, r.client, r.auth, validated, this.redirectUri, body.code_verifier, {
        ...r.options,
        ...extra,
      })
      if (r.preset.tokenResponse && response.ok) {
        const answer = r.preset.tokenResponse((await response.json()) as Record<string, any>)
        response = new Response(JSON.stringify(answer), { status: response.status, headers: { 'content-type': 'application/json' } })
      }
      return await oauth.processAuthorizationCodeResponse(r.as, r.client, response)
    } catch (error) {
      if (error instanceof oauth.ResponseBodyError && error.status === 429) {
        throw new ApiError('too_many_requests', `Request limit reached for ${label}.`, { provider_rate_limited: true })
      }
      throw new ApiError('invalid_credentials', 'Invalid code during OAuth flow.')
    }
  }

  /**
   * The provider's redirect: sends the browser back to the page that started the flow with
   * `code`, `state` and `provider`. A denial (or any provider error) arrives without a code; the
   * page then reads code 'undefined', the spec's sign of a user denial.
   */
  async callback(query: Record<string, string | undefined>): Promise<string | null> {
    const state = query.state
    if (!state) return null
    const flow = await findOAuthState(this.deps.db, sha256(state))
    if (!flow || flow.expires_at < this.deps.now()) return null
    // Apple posts the user's name once, beside the code; it is kept with the flow for prove().
    if (query.user && !query.error) await setOAuthProviderUser(this.deps.db, flow.state_hash, query.user.slice(0, 2048))
    const back = new URL(flow.redirect_to)
    for (const key of ['code', 'state', 'provider']) back.searchParams.delete(key)
    back.searchParams.set('code', query.error || !query.code ? 'undefined' : query.code)
    back.searchParams.set('state', state)
    back.searchParams.set('provider', flow.provider)
    return back.href
  }

  /** OAuth login: the proven account's session plus the provider's tokens (`oauth_tokens`). */
  async authenticate(app: App, body: CodeExchange & { mode?: AuthMode }, ip: string): Promise<AuthResponse> {
    await this.deps.throttle.loginAttempt(ip)
    const { proven, tokens } = await this.prove(app, body)
    const response = await this.deps.accounts.loginOrSignUp(app, proven, { mode: body.mode })
    return { ...response, oauth_tokens: { ...tokens } }
  }

  /** Links the proven OAuth account to the signed-in user. */
  async link(app: App, userId: string, body: CodeExchange): Promise<WireUser> {
    const { proven } = await this.prove(app, body)
    return this.deps.accounts.link(app, userId, proven)
  }

  /** OAuth authenticate / link: proves the `{provider}_oauth` account and returns the provider's tokens. */
  async prove(app: App, body: CodeExchange): Promise<{ proven: ProvenAccount; tokens: OAuthTokens }> {
    const { provider } = this.settingsFor(app, body.provider)
    if (body.authorization_code === 'undefined') throw new ApiError('invalid_credentials', 'User denied confirmation during OAuth flow')
    // The flow is checked before the provider is contacted: a made-up state costs no outbound call.
    const flow = await this.takeFlow(app, provider, body)
    const r = await this.resolve(app, body.provider)
    const result = await this.redeem(r, PROVIDER_LABELS[r.provider], body)
    const profile = await this.profile(r, result, parseProviderUser(flow.provider_user))
    if (!profile.subject || profile.subject === 'undefined') throw new ApiError('invalid_credentials', 'The provider returned no user id')
    const type = `${r.provider}_oauth`
    const details = { subject: profile.subject, email: profile.email, name: profile.name, username: profile.username }
    return {
      proven: {
        type,
        address: profile.subject,
        details,
        displayName: profile.email ?? profile.username ?? profile.name ?? profile.subject,
        // An unverified e-mail is only what the user typed at the provider: it admits no one.
        identifier: profile.email && profile.emailVerified ? { kind: 'email', value: profile.email.toLowerCase() } : null,
      },
      tokens: {
        provider: r.provider,
        access_token: result.access_token,
        access_token_expires_in_seconds: result.expires_in ?? null,
        refresh_token: result.refresh_token ?? null,
        refresh_token_expires_in_seconds: typeof result.refresh_token_expires_in === 'number' ? result.refresh_token_expires_in : null,
        scopes: (result.scope ?? r.preset.scopes.join(' ')).split(/[\s,]+/).filter(Boolean),
      },
    }
  }

  private async profile(r: Resolved & { provider: OAuthProvider }, result: oauth.TokenEndpointResponse, providerUser: unknown): Promise<OAuthProfile> {
    const idClaims = oauth.getValidatedIdTokenClaims(result)
    const claims = idClaims && providerUser ? { ...idClaims, provider_user: providerUser } : idClaims
    try {
      if (r.as.userinfo_endpoint && !r.preset.profileEndpoint) {
        const response = await oauth.userInfoRequest(r.as, r.client, result.access_token, r.options)
        await checkProviderRefusal(response, r.provider)
        const info = await oauth.processUserInfoResponse(r.as, r.client, claims?.sub ?? oauth.skipSubjectCheck, response)
        return r.preset.profile({ ...claims, ...info })
      }
      if (r.preset.profileEndpoint) {
        const response = await oauth.protectedResourceRequest(
          result.access_token,
          'GET',
          new URL(r.preset.profileEndpoint),
          new Headers({ accept: 'application/json' }),
          null,
          r.options,
        )
        await checkProviderRefusal(response, r.provider)
        if (!response.ok) throw new Error(`profile ${response.status}`)
        return r.preset.profile((await response.json()) as Record<string, unknown>)
      }
    } catch (error) {
      if (error instanceof ApiError) throw error
      if (!claims) throw new ApiError('invalid_credentials', 'Could not read the user profile from the provider')
    }
    if (!claims) throw new ApiError('invalid_credentials', 'The provider returned no user profile')
    return r.preset.profile(claims)
  }
}

/** Apple's `user` form field is JSON ({ name: { firstName, lastName }, email }); anything else is ignored. */
function parseProviderUser(value: string | null | undefined): unknown {
  if (!value) return null
  try {
    const parsed = JSON.parse(value)
    return parsed && typeof parsed === 'object' ? parsed : null
  } catch {
    return null
  }
}
