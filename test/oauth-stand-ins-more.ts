/**
 * Stand-ins for the OAuth providers the presets name that cannot run here, each speaking its
 * provider's documented wire format on loopback (test/oauth-stand-ins.ts has Apple and TikTok):
 *
 * - Discord: form token request, client credentials by HTTP Basic or in the body; `/users/@me`.
 * - GitHub: `client_id` / `client_secret` in the body; the token answers form-encoded unless the
 *   request accepts JSON; the REST API refuses requests without a User-Agent; `/user`.
 * - Spotify: the client authenticates by HTTP Basic only (the Authorization Code flow); `/v1/me`.
 * - Instagram (API with Instagram Login): credentials in the body; the token answer is
 *   `{ access_token, user_id, permissions }` (no `token_type`); Graph `/me?fields=…`.
 * - X (Twitter): a confidential client authenticates by HTTP Basic; PKCE is mandatory;
 *   `/2/users/me` answers `{ data: { id, name, username } }`.
 * - LinkedIn and LINE: OpenID Connect providers (discovery under the issuer, credentials in the
 *   body, ID token: RS256 from LinkedIn, ES256 from LINE; the UserInfo endpoint).
 *
 * The consent page is the provider's own UI: a test plays it by asking for a code with the
 * authorization URL our server built (its PKCE challenge is kept for the token request).
 */
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SignJWT, exportJWK, generateKeyPair } from 'jose'

export interface TokenRequest {
  params: Record<string, string>
  headers: IncomingMessage['headers']
  /** How the client authenticated: HTTP Basic, in the body, or not at all. */
  clientAuth: 'client_secret_basic' | 'client_secret_post' | 'none'
}

export interface ProviderUser {
  id: string
  name: string
  username?: string
  email?: string
}

export interface ProviderStandIn {
  base: string
  close(): Promise<void>
  tokenRequests: TokenRequest[]
  /** Preset endpoints pointing here (plain OAuth providers) or the issuer (OpenID Connect). */
  presets: { authorizationEndpoint: string; tokenEndpoint: string; profileEndpoint: string } | { issuer: string }
  /** The path of the provider's authorization page (what the authorization URL must point at). */
  authorizationEndpoint: string
  /** The user agreed on the provider's page reached by `authorizationUrl`: the code sent back. */
  consent(user: ProviderUser, authorizationUrl: URL): string
}

export type StandInProvider = 'discord' | 'github' | 'spotify' | 'instagram' | 'twitter' | 'linkedin' | 'line'

const json = (res: ServerResponse, status: number, value: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value))
}

async function serve(handler: (req: IncomingMessage, url: URL, body: string, res: ServerResponse) => Promise<void> | void) {
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      Promise.resolve(handler(req, new URL(req.url!, 'http://stand-in'), body, res)).catch((error) => res.writeHead(500).end(String(error)))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** The client's credentials as the request carried them (RFC 6749 §2.3.1: Basic is form-urlencoded id:secret). */
function clientCredentials(req: IncomingMessage, params: Record<string, string>): { auth: TokenRequest['clientAuth']; id?: string; secret?: string } {
  const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1]
  if (basic) {
    const [id = '', secret = ''] = Buffer.from(basic, 'base64').toString().split(':')
    return { auth: 'client_secret_basic', id: decodeURIComponent(id.replace(/\+/g, ' ')), secret: decodeURIComponent(secret.replace(/\+/g, ' ')) }
  }
  if (params.client_secret !== undefined) return { auth: 'client_secret_post', id: params.client_id, secret: params.client_secret }
  return { auth: 'none', id: params.client_id }
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

interface Pending {
  user: ProviderUser
  challenge: string | null
  redirectUri: string | null
  scope: string
}

/** Per provider: where it listens, how its client must authenticate, and how it answers. */
interface Dialect {
  authorize: string
  token: string
  profile: string
  /** Client authentication methods the provider accepts at its token endpoint. */
  accepts: TokenRequest['clientAuth'][]
  pkceRequired?: boolean
  tokenAnswer(accessToken: string, pending: Pending, req: IncomingMessage, res: ServerResponse): void
  profileAnswer(user: ProviderUser, req: IncomingMessage, url: URL, res: ServerResponse): void
  /** Its answer to a refused token request. */
  tokenError(res: ServerResponse, error: 'invalid_client' | 'invalid_grant'): void
  /** Its answer to a profile request without a valid token. */
  unauthorized(res: ServerResponse): void
}

const bearerAnswer = (accessToken: string, pending: Pending, extra: Record<string, unknown> = {}) => ({
  access_token: accessToken,
  token_type: 'Bearer',
  expires_in: 3600,
  refresh_token: `r${randomBytes(12).toString('hex')}`,
  scope: pending.scope,
  ...extra,
})
const oauthError = (res: ServerResponse, error: string, status = 400) => json(res, status, { error, error_description: error })

const DIALECTS: Record<Exclude<StandInProvider, 'linkedin' | 'line'>, Dialect> = {
  discord: {
    authorize: '/oauth2/authorize',
    token: '/api/oauth2/token',
    profile: '/api/users/@me',
    accepts: ['client_secret_basic', 'client_secret_post'],
    tokenAnswer: (token, pending, _req, res) => json(res, 200, bearerAnswer(token, pending, { expires_in: 604800 })),
    profileAnswer: (user, _req, _url, res) =>
      json(res, 200, {
        id: user.id,
        username: user.username,
        discriminator: '0',
        global_name: user.name,
        avatar: null,
        bot: false,
        mfa_enabled: false,
        locale: 'en-US',
        verified: true,
        email: user.email ?? null,
        flags: 0,
        premium_type: 0,
        public_flags: 0,
      }),
    tokenError: (res, error) => oauthError(res, error, error === 'invalid_client' ? 401 : 400),
    unauthorized: (res) => json(res, 401, { message: '401: Unauthorized', code: 0 }),
  },
  github: {
    authorize: '/login/oauth/authorize',
    token: '/login/oauth/access_token',
    profile: '/user',
    accepts: ['client_secret_post'],
    tokenAnswer: (token, pending, req, res) => {
      const answer = { access_token: token, scope: pending.scope.split(' ').join(','), token_type: 'bearer' }
      // GitHub answers form-encoded unless the request accepts JSON.
      if (/application\/json/.test(req.headers.accept ?? '')) return json(res, 200, answer)
      res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }).end(new URLSearchParams(answer).toString())
    },
    profileAnswer: (user, req, _url, res) => {
      // The REST API refuses requests without a User-Agent header.
      if (!req.headers['user-agent'])
        return void res
          .writeHead(403, { 'content-type': 'text/plain' })
          .end('Request forbidden by administrative rules. Please make sure your request has a User-Agent header.')
      json(res, 200, {
        login: user.username,
        id: Number(user.id),
        node_id: 'MDQ6VXNlcjE=',
        type: 'User',
        site_admin: false,
        name: user.name,
        company: null,
        email: user.email ?? null,
        created_at: '2008-01-14T04:33:35Z',
      })
    },
    // GitHub answers a bad code or client with 200 and an error body.
    tokenError: (res, error) =>
      json(res, 200, {
        error: error === 'invalid_client' ? 'incorrect_client_credentials' : 'bad_verification_code',
        error_description: error === 'invalid_client' ? 'The client_id and/or client_secret passed are incorrect.' : 'The code passed is incorrect or expired.',
      }),
    unauthorized: (res) => json(res, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' }),
  },
  spotify: {
    authorize: '/authorize',
    token: '/api/token',
    profile: '/v1/me',
    accepts: ['client_secret_basic'],
    tokenAnswer: (token, pending, _req, res) => json(res, 200, bearerAnswer(token, pending)),
    profileAnswer: (user, _req, _url, res) =>
      json(res, 200, {
        country: 'SE',
        display_name: user.name,
        email: user.email ?? null,
        external_urls: { spotify: `https://open.spotify.com/user/${user.id}` },
        followers: { href: null, total: 0 },
        href: `https://api.spotify.com/v1/users/${user.id}`,
        id: user.id,
        images: [],
        product: 'premium',
        type: 'user',
        uri: `spotify:user:${user.id}`,
      }),
    tokenError: (res, error) => oauthError(res, error),
    unauthorized: (res) => json(res, 401, { error: { status: 401, message: 'Invalid access token' } }),
  },
  instagram: {
    authorize: '/oauth/authorize',
    token: '/oauth/access_token',
    profile: '/me',
    accepts: ['client_secret_post'],
    // The documented answer: no token_type, no expiry (a short-lived token is good for an hour).
    tokenAnswer: (token, pending, _req, res) =>
      json(res, 200, { access_token: token, user_id: Number(pending.user.id), permissions: pending.scope.split(/[ ,]/) }),
    profileAnswer: (user, _req, url, res) => {
      const fields = (url.searchParams.get('fields') ?? 'id').split(',')
      const all: Record<string, string> = { id: user.id, user_id: user.id, username: user.username ?? '', name: user.name }
      json(res, 200, Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]])))
    },
    tokenError: (res, error) =>
      json(res, 400, {
        error_type: 'OAuthException',
        code: 400,
        error_message: error === 'invalid_client' ? 'Invalid Client Secret' : 'Invalid authorization code',
      }),
    unauthorized: (res) => json(res, 400, { error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190 } }),
  },
  twitter: {
    authorize: '/i/oauth2/authorize',
    token: '/2/oauth2/token',
    profile: '/2/users/me',
    accepts: ['client_secret_basic'],
    pkceRequired: true,
    tokenAnswer: (token, pending, _req, res) => json(res, 200, { ...bearerAnswer(token, pending, { expires_in: 7200 }), token_type: 'bearer' }),
    profileAnswer: (user, _req, _url, res) => json(res, 200, { data: { id: user.id, name: user.name, username: user.username } }),
    tokenError: (res, error) => oauthError(res, error === 'invalid_client' ? 'unauthorized_client' : 'invalid_request', error === 'invalid_client' ? 401 : 400),
    unauthorized: (res) => json(res, 401, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' }),
  },
}

/** A plain OAuth 2.0 provider (no OpenID Connect): Discord, GitHub, Spotify, Instagram, X. */
async function startPlainProvider(provider: keyof typeof DIALECTS, app: { clientId: string; clientSecret: string }): Promise<ProviderStandIn> {
  const dialect = DIALECTS[provider]
  const codes = new Map<string, Pending>()
  const tokens = new Map<string, ProviderUser>()
  const tokenRequests: TokenRequest[] = []
  const started = await serve((req, url, body, res) => {
    if (req.method === 'POST' && url.pathname === dialect.token) {
      const params = Object.fromEntries(new URLSearchParams(body))
      const credentials = clientCredentials(req, params)
      tokenRequests.push({ params, headers: req.headers, clientAuth: credentials.auth })
      if (!dialect.accepts.includes(credentials.auth) || credentials.id !== app.clientId || credentials.secret !== app.clientSecret) {
        return dialect.tokenError(res, 'invalid_client')
      }
      const pending = codes.get(params.code ?? '')
      codes.delete(params.code ?? '')
      if (params.grant_type !== 'authorization_code' || !pending || params.redirect_uri !== pending.redirectUri) return dialect.tokenError(res, 'invalid_grant')
      if ((dialect.pkceRequired || params.code_verifier) && (!pending.challenge || s256(params.code_verifier ?? '') !== pending.challenge)) {
        return dialect.tokenError(res, 'invalid_grant')
      }
      const accessToken = `${provider}-${randomBytes(16).toString('hex')}`
      tokens.set(accessToken, pending.user)
      return dialect.tokenAnswer(accessToken, pending, req, res)
    }
    if (req.method === 'GET' && url.pathname === dialect.profile) {
      const user = tokens.get(/^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? url.searchParams.get('access_token') ?? '')
      if (!user) return dialect.unauthorized(res)
      return dialect.profileAnswer(user, req, url, res)
    }
    json(res, 404, { error: 'not_found' })
  })
  const profileQuery = provider === 'instagram' ? '?fields=user_id,username,name' : ''
  return {
    ...started,
    tokenRequests,
    authorizationEndpoint: `${started.base}${dialect.authorize}`,
    presets: {
      authorizationEndpoint: `${started.base}${dialect.authorize}`,
      tokenEndpoint: `${started.base}${dialect.token}`,
      profileEndpoint: `${started.base}${dialect.profile}${profileQuery}`,
    },
    consent(user, authorizationUrl) {
      const code = randomBytes(12).toString('hex')
      codes.set(code, pendingFrom(user, authorizationUrl))
      return code
    },
  }
}

const pendingFrom = (user: ProviderUser, url: URL): Pending => ({
  user,
  challenge: url.searchParams.get('code_challenge_method') === 'S256' ? url.searchParams.get('code_challenge') : null,
  redirectUri: url.searchParams.get('redirect_uri'),
  scope: url.searchParams.get('scope') ?? '',
})

/** An OpenID Connect provider: LinkedIn (issuer …/oauth, RS256) or LINE (ES256). */
async function startOidcProvider(provider: 'linkedin' | 'line', app: { clientId: string; clientSecret: string }): Promise<ProviderStandIn> {
  const alg = provider === 'line' ? 'ES256' : 'RS256'
  const { privateKey, publicKey } = await generateKeyPair(alg)
  const jwk = { ...(await exportJWK(publicKey)), kid: `${provider}-key-1`, use: 'sig', alg }
  const paths =
    provider === 'linkedin'
      ? { prefix: '/oauth', authorize: '/oauth/v2/authorization', token: '/oauth/v2/accessToken', userinfo: '/v2/userinfo', jwks: '/oauth/openid/jwks' }
      : { prefix: '', authorize: '/oauth2/v2.1/authorize', token: '/oauth2/v2.1/token', userinfo: '/oauth2/v2.1/userinfo', jwks: '/oauth2/v2.1/certs' }
  const codes = new Map<string, Pending>()
  const tokens = new Map<string, ProviderUser>()
  const tokenRequests: TokenRequest[] = []
  let base = ''
  const issuer = () => `${base}${paths.prefix}`
  const started = await serve(async (req, url, body, res) => {
    if (url.pathname === `${paths.prefix}/.well-known/openid-configuration`) {
      return json(res, 200, {
        issuer: issuer(),
        authorization_endpoint: `${base}${paths.authorize}`,
        token_endpoint: `${base}${paths.token}`,
        userinfo_endpoint: `${base}${paths.userinfo}`,
        jwks_uri: `${base}${paths.jwks}`,
        response_types_supported: ['code'],
        subject_types_supported: ['pairwise'],
        id_token_signing_alg_values_supported: [alg],
        scopes_supported: ['openid', 'profile', 'email'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
        code_challenge_methods_supported: ['S256'],
        claims_supported: [
          'iss',
          'aud',
          'iat',
          'exp',
          'sub',
          'name',
          'picture',
          'email',
          ...(provider === 'linkedin' ? ['given_name', 'family_name', 'email_verified', 'locale'] : ['amr']),
        ],
      })
    }
    if (url.pathname === paths.jwks) return json(res, 200, { keys: [jwk] })
    if (req.method === 'POST' && url.pathname === paths.token) {
      const params = Object.fromEntries(new URLSearchParams(body))
      const credentials = clientCredentials(req, params)
      tokenRequests.push({ params, headers: req.headers, clientAuth: credentials.auth })
      // Both take the client id and secret in the request body.
      if (credentials.auth !== 'client_secret_post' || credentials.id !== app.clientId || credentials.secret !== app.clientSecret) {
        return json(res, provider === 'line' ? 400 : 401, { error: 'invalid_client', error_description: 'Client authentication failed' })
      }
      const pending = codes.get(params.code ?? '')
      codes.delete(params.code ?? '')
      if (params.grant_type !== 'authorization_code' || !pending || params.redirect_uri !== pending.redirectUri) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'invalid authorization code' })
      }
      if (params.code_verifier && s256(params.code_verifier) !== pending.challenge)
        return json(res, 400, { error: 'invalid_grant', error_description: 'invalid code_verifier' })
      const accessToken = `${provider}-${randomBytes(16).toString('hex')}`
      tokens.set(accessToken, pending.user)
      const now = Math.floor(Date.now() / 1000)
      const claims =
        provider === 'linkedin'
          ? {
              name: pending.user.name,
              given_name: pending.user.name.split(' ')[0],
              family_name: pending.user.name.split(' ').slice(1).join(' '),
              email: pending.user.email,
              email_verified: true,
              locale: 'en_US',
            }
          : { amr: ['linesso'], name: pending.user.name, picture: 'https://profile.line-scdn.net/stand-in', email: pending.user.email }
      const idToken = await new SignJWT(claims)
        .setProtectedHeader({ alg, kid: jwk.kid, typ: 'JWT' })
        .setIssuer(issuer())
        .setAudience(app.clientId)
        .setSubject(pending.user.id)
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(privateKey)
      const scope = provider === 'linkedin' ? pending.scope.split(' ').join(',') : pending.scope
      return json(res, 200, {
        access_token: accessToken,
        expires_in: provider === 'linkedin' ? 5183999 : 2592000,
        id_token: idToken,
        ...(provider === 'line' ? { refresh_token: `r${randomBytes(12).toString('hex')}` } : {}),
        scope,
        token_type: 'Bearer',
      })
    }
    if (url.pathname === paths.userinfo) {
      const user = tokens.get(/^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '')
      if (!user) return json(res, 401, { error: 'invalid_token', error_description: 'The access token is invalid' })
      return json(
        res,
        200,
        provider === 'linkedin'
          ? {
              sub: user.id,
              email_verified: true,
              name: user.name,
              locale: { country: 'US', language: 'en' },
              given_name: user.name.split(' ')[0],
              family_name: user.name.split(' ').slice(1).join(' '),
              email: user.email,
            }
          : { sub: user.id, name: user.name, picture: 'https://profile.line-scdn.net/stand-in' },
      )
    }
    json(res, 404, { error: 'not_found' })
  })
  base = started.base
  return {
    ...started,
    tokenRequests,
    authorizationEndpoint: `${base}${paths.authorize}`,
    presets: { issuer: issuer() },
    consent(user, authorizationUrl) {
      const code = randomBytes(12).toString('hex')
      codes.set(code, pendingFrom(user, authorizationUrl))
      return code
    },
  }
}

/** A stand-in for `provider`, accepting only `app`'s client credentials, sent the way the provider requires. */
export function startProviderStandIn(provider: StandInProvider, app: { clientId: string; clientSecret: string }): Promise<ProviderStandIn> {
  return provider === 'linkedin' || provider === 'line' ? startOidcProvider(provider, app) : startPlainProvider(provider, app)
}
