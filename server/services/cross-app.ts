/**
 * Cross-app accounts (spec part 3 §1, §5): a requester app's users log in with a provider app's
 * account and use its embedded wallet through the provider's popup pages.
 *
 * Provider side: the popup's signed-in user approves a requester (`authorize` → a one-time code
 * bound to the requester's PKCE challenge); the requester's server trades the code and verifier for
 * a provider token (`token`: an ES256 JWT of type `cross-app+jwt`, audience the requester app,
 * subject the provider's user) and the user's wallets. The transact popup checks the token the
 * requester hands it against its own signed-in user (`verify`).
 *
 * Requester side: `authenticate` and `link` trade the code (in process for a provider on this
 * server, over HTTP to `provider_app_custom_api_url` otherwise), verify the token with the
 * provider's JWKS, and hold a `cross_app` linked account (subject, provider app, wallets).
 */
import { createHash } from 'node:crypto'
import { createLocalJWKSet, createRemoteJWKSet, customFetch, jwtVerify, type JWTVerifyGetKey } from 'jose'
import { insertCrossAppCode, spendCrossAppCode, sweepCrossAppCodes } from '../db/cross-app.js'
import { findLinkedAccount, listLinkedAccounts, setLinkedAccountDetails } from '../db/linked-accounts.js'
import type { Db } from '../db/schema.js'
import { randomToken, sha256 } from '../crypto/hash.js'
import { CROSS_APP_TOKEN_TTL_SECONDS, CROSS_APP_TYP, type KeyRing } from '../crypto/tokens.js'
import { ApiError } from '../errors.js'
import type { AccountService } from './accounts.js'
import type { AuthResponse } from './sessions.js'
import type { App } from './app-config.js'
import type { AppStore } from './apps.js'
import type { WireUser } from './users.js'

export const CROSS_APP_CODE_TTL_MS = 5 * 60 * 1000
export const CROSS_APP_ACCOUNT_TYPE = 'cross_app'
/** §8: what a requester hears about a provider it may not use. */
export const INVALID_CONNECTED_APP = 'Invalid connected app'

export interface CrossAppWallet {
  address: string
  chain_type?: string
}

export interface CrossAppConnection {
  provider_app_id: string
  provider_app_name: string
  provider_app_icon_url: string | null
  provider_app_custom_api_url: string | null
  read_only: boolean
}

export interface ProviderTokenAnswer {
  access_token: string
  expires_in: number
  subject: string
  embedded_wallets: CrossAppWallet[]
  smart_wallets: CrossAppWallet[]
  read_only: boolean
}

export interface CrossAppTokens {
  provider: string
  provider_app_id: string
  access_token: string
  access_token_expires_in_seconds: number
}

export interface CrossAppDeps {
  db: Db
  apps: AppStore
  keys: KeyRing
  accounts: AccountService
  now: () => number
  /** Calls to providers on other servers (tests replace it). */
  fetch?: typeof fetch
  /** Development: any localhost page may be a requester's page (as for the API's CORS). */
  originAllowed: (app: App, origin: string) => boolean
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

export class CrossAppService {
  private readonly remoteKeys = new Map<string, JWTVerifyGetKey>()

  constructor(private readonly deps: CrossAppDeps) {}

  /** The provider's settings, or 'Invalid connected app' when the app is not a provider. */
  private provider(app: App) {
    const settings = app.settings.crossAppProvider
    if (!settings) throw new ApiError('invalid_data', INVALID_CONNECTED_APP)
    return settings
  }

  details(app: App): { name: string; icon_url: string | null } {
    const settings = this.provider(app)
    return { name: settings.name ?? app.name, icon_url: settings.iconUrl ?? app.config.logo ?? null }
  }

  /** The providers on this server that allow `requester`, then the ones on other servers it names. */
  async connections(requester: App): Promise<CrossAppConnection[]> {
    const local: CrossAppConnection[] = []
    for (const app of await this.deps.apps.list()) {
      const settings = app.settings.crossAppProvider
      if (!settings?.allowedRequesterAppIds.includes(requester.id)) continue
      local.push({ ...this.connectionOf(app), provider_app_custom_api_url: null })
    }
    const remote = requester.settings.crossAppConnections.map((c) => ({
      provider_app_id: c.providerAppId,
      provider_app_name: c.name,
      provider_app_icon_url: c.iconUrl ?? null,
      provider_app_custom_api_url: c.apiUrl,
      read_only: c.readOnly ?? false,
    }))
    return [...local, ...remote.filter((r) => !local.some((l) => l.provider_app_id === r.provider_app_id))]
  }

  private connectionOf(app: App): Omit<CrossAppConnection, 'provider_app_custom_api_url'> {
    const { name, icon_url } = this.details(app)
    return { provider_app_id: app.id, provider_app_name: name, provider_app_icon_url: icon_url, read_only: this.provider(app).readOnly ?? false }
  }

  async connection(requester: App, providerAppId: string): Promise<CrossAppConnection> {
    const found = (await this.connections(requester)).find((c) => c.provider_app_id === providerAppId)
    if (!found) throw new ApiError('invalid_data', INVALID_CONNECTED_APP)
    return found
  }

  /**
   * The popup answers the page at `origin` only if it is the requester's: an origin the requester
   * app allows (an app of this server), or one the provider lists for requesters of other servers.
   * Otherwise any page could open the popup for a known requester and catch the user's code.
   */
  private async checkRequesterOrigin(provider: App, requesterAppId: string, origin: string) {
    const requester = await this.deps.apps.get(requesterAppId)
    const allowed = requester
      ? this.deps.originAllowed(requester, origin)
      : (provider.settings.crossAppProvider?.requesterOrigins ?? []).includes(origin) || this.deps.originAllowed(provider, origin)
    if (!allowed) throw new ApiError('forbidden_origin', `Origin ${origin} is not allowed for this app`)
  }

  /** Provider side: the signed-in user approves `requester_app_id` → a code the requester's server spends once. */
  async authorize(provider: App, userId: string, body: { requester_app_id: string; code_challenge: string; origin: string }): Promise<{ code: string }> {
    const settings = this.provider(provider)
    if (!settings.allowedRequesterAppIds.includes(body.requester_app_id)) throw new ApiError('invalid_data', INVALID_CONNECTED_APP)
    await this.checkRequesterOrigin(provider, body.requester_app_id, body.origin)
    const code = randomToken()
    const t = this.deps.now()
    await sweepCrossAppCodes(this.deps.db, t)
    await insertCrossAppCode(this.deps.db, {
      code_hash: sha256(code),
      provider_app_id: provider.id,
      user_id: userId,
      requester_app_id: body.requester_app_id,
      code_challenge: body.code_challenge,
      created_at: t,
      expires_at: t + CROSS_APP_CODE_TTL_MS,
    })
    return { code }
  }

  /** Provider side, called by the requester's server: code + PKCE verifier → the provider token and the user's wallets. */
  async token(provider: App, body: { code: string; code_verifier: string; requester_app_id: string }): Promise<ProviderTokenAnswer> {
    const settings = this.provider(provider)
    const row = await spendCrossAppCode(this.deps.db, sha256(body.code))
    const invalid = () => new ApiError('invalid_credentials', 'Invalid or expired authorization code')
    if (!row || row.provider_app_id !== provider.id || row.requester_app_id !== body.requester_app_id) throw invalid()
    if (Number(row.expires_at) <= this.deps.now() || s256(body.code_verifier) !== row.code_challenge) throw invalid()
    if (!settings.allowedRequesterAppIds.includes(body.requester_app_id)) throw new ApiError('invalid_data', INVALID_CONNECTED_APP)
    return {
      access_token: await this.deps.keys.signCrossAppToken(provider.id, row.user_id, body.requester_app_id),
      expires_in: CROSS_APP_TOKEN_TTL_SECONDS,
      subject: row.user_id,
      embedded_wallets: await this.walletsOf(row.user_id),
      smart_wallets: await this.smartWalletsOf(row.user_id),
      read_only: settings.readOnly ?? false,
    }
  }

  /** Provider side, for its transact popup: the token must be this provider's, for an allowed requester, about the signed-in user. */
  async verify(provider: App, userId: string, token: string, origin: string) {
    const settings = this.provider(provider)
    let claims: { sub: string; aud: string }
    try {
      claims = await this.deps.keys.verifyCrossAppToken(token, provider.id)
    } catch {
      throw new ApiError('missing_or_invalid_token', 'Transactions require a valid token')
    }
    if (claims.sub !== userId) throw new ApiError('missing_or_invalid_token', 'Transactions require a valid token')
    if (!settings.allowedRequesterAppIds.includes(claims.aud)) throw new ApiError('invalid_data', INVALID_CONNECTED_APP)
    await this.checkRequesterOrigin(provider, claims.aud, origin)
    return { requester_app_id: claims.aud, read_only: settings.readOnly ?? false, embedded_wallets: await this.walletsOf(userId) }
  }

  /** The user's linked smart wallets (services/smart-wallet-link.ts). */
  private async smartWalletsOf(userId: string): Promise<CrossAppWallet[]> {
    return (await listLinkedAccounts(this.deps.db, userId))
      .filter((a) => a.type === 'smart_wallet')
      .map((a) => ({ address: a.address, chain_type: 'ethereum' }))
  }

  private async walletsOf(userId: string): Promise<CrossAppWallet[]> {
    const wallets: CrossAppWallet[] = []
    for (const a of await listLinkedAccounts(this.deps.db, userId)) {
      if (a.type !== 'wallet' || !a.details) continue
      const d = JSON.parse(a.details) as { wallet_client_type?: string; chain_type?: string }
      if (d.wallet_client_type === 'privy') wallets.push({ address: a.address, chain_type: d.chain_type ?? 'ethereum' })
    }
    return wallets
  }

  /** Requester side: trades the code with the provider (here or on its server) and checks the token by the provider's keys. */
  private async exchange(requester: App, body: { provider_app_id: string; code: string; code_verifier: string }) {
    const connection = await this.connection(requester, body.provider_app_id)
    const request = { code: body.code, code_verifier: body.code_verifier, requester_app_id: requester.id }
    let answer: ProviderTokenAnswer
    let keys: JWTVerifyGetKey
    if (connection.provider_app_custom_api_url === null) {
      const provider = await this.deps.apps.get(body.provider_app_id)
      if (!provider) throw new ApiError('invalid_data', INVALID_CONNECTED_APP)
      answer = await this.token(provider, request)
      keys = createLocalJWKSet(this.deps.keys.publicJwks())
    } else {
      const base = `${connection.provider_app_custom_api_url}/api/v1/apps/${body.provider_app_id}`
      answer = await this.remoteToken(`${base}/cross-app/token`, request)
      keys = this.remoteJwks(`${base}/jwks.json`)
    }
    let subject: string
    try {
      const { payload } = await jwtVerify(answer.access_token, keys, {
        audience: requester.id,
        typ: CROSS_APP_TYP,
        algorithms: ['ES256'],
        currentDate: new Date(this.deps.now()),
      })
      if (payload.provider_app_id !== body.provider_app_id || payload.sub !== answer.subject) throw new Error('token of another provider or user')
      subject = payload.sub
    } catch {
      throw new ApiError('invalid_credentials', `There was an issue connecting your ${connection.provider_app_name} account. Please try again.`)
    }
    const tokens: CrossAppTokens = {
      provider: `privy:${body.provider_app_id}`,
      provider_app_id: body.provider_app_id,
      access_token: answer.access_token,
      access_token_expires_in_seconds: answer.expires_in,
    }
    const details = {
      subject,
      provider_app: { id: body.provider_app_id, name: connection.provider_app_name, logo_url: connection.provider_app_icon_url },
      embedded_wallets: answer.embedded_wallets,
      smart_wallets: answer.smart_wallets,
    }
    const proven = { type: CROSS_APP_ACCOUNT_TYPE, address: `${body.provider_app_id}:${subject}`, details, displayName: connection.provider_app_name }
    return { proven, tokens }
  }

  private async remoteToken(url: string, body: object): Promise<ProviderTokenAnswer> {
    const res = await (this.deps.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    }).catch((error: unknown) => {
      console.warn('cross-app provider unreachable', url, error)
      return null
    })
    if (!res) throw new ApiError('upstream_unavailable', 'The provider app could not be reached')
    if (!res.ok) throw new ApiError('invalid_credentials', 'Invalid or expired authorization code')
    return (await res.json()) as ProviderTokenAnswer
  }

  private remoteJwks(url: string): JWTVerifyGetKey {
    let keys = this.remoteKeys.get(url)
    if (!keys) {
      keys = createRemoteJWKSet(new URL(url), { timeoutDuration: 10_000, ...(this.deps.fetch ? { [customFetch]: this.deps.fetch } : {}) })
      this.remoteKeys.set(url, keys)
    }
    return keys
  }

  /** The stored wallets follow the provider's answer (a wallet made there since the last login). */
  private async refreshDetails(requester: App, address: string, details: object) {
    const account = await findLinkedAccount(this.deps.db, requester.id, CROSS_APP_ACCOUNT_TYPE, address)
    if (account && account.details !== JSON.stringify(details)) await setLinkedAccountDetails(this.deps.db, account.id, JSON.stringify(details))
  }

  async authenticate(requester: App, body: { provider_app_id: string; code: string; code_verifier: string }, ip: string): Promise<AuthResponse> {
    let tokens: CrossAppTokens | null = null
    const response = await this.deps.accounts.authenticate(requester, ip, async () => {
      const exchanged = await this.exchange(requester, body)
      tokens = exchanged.tokens
      await this.refreshDetails(requester, exchanged.proven.address, exchanged.proven.details)
      return exchanged.proven
    })
    // A returning user's details were refreshed before the login read their accounts.
    return { ...response, oauth_tokens: { ...tokens! } }
  }

  async link(
    requester: App,
    userId: string,
    body: { provider_app_id: string; code: string; code_verifier: string },
  ): Promise<{ user: WireUser; oauth_tokens: CrossAppTokens }> {
    const { proven, tokens } = await this.exchange(requester, body)
    await this.refreshDetails(requester, proven.address, proven.details)
    const user = await this.deps.accounts.link(requester, userId, proven)
    return { user, oauth_tokens: tokens }
  }
}
