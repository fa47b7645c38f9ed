/**
 * OAuth provider presets: endpoints, scopes and how each provider's profile maps to
 * the `{provider}_oauth` account (subject, email, name, username). Client ids and secrets come
 * from the app's server-only settings (`settings.oauth[provider]`); an `issuer` there replaces
 * the preset by OpenID Connect discovery, which is how tests and the development identity
 * provider plug in a local `oidc-provider`.
 */
import { OAUTH_PROVIDERS, type OAuthProvider } from '@gatehouse/contract/routes'

// The provider list is part of the app configuration's schema (contract/src/routes/app-config.ts).
export { OAUTH_PROVIDERS, type OAuthProvider } from '@gatehouse/contract/routes'

export const isOAuthProvider = (value: string): value is OAuthProvider => (OAUTH_PROVIDERS as readonly string[]).includes(value)

/** What we keep of a provider's profile; the four fields the spec names for OAuth accounts. */
export interface OAuthProfile {
  subject: string
  email: string | null
  name: string | null
  username: string | null
  /**
   * The provider vouches that the user controls `email` (OIDC `email_verified`, Discord's
   * `verified`). Only such an e-mail can admit the user through the app's allowlist.
   */
  emailVerified?: boolean
}

export interface ProviderPreset {
  /** OpenID Connect issuer: metadata by discovery and the ID token's claims are used. */
  issuer?: string
  authorizationEndpoint?: string
  tokenEndpoint?: string
  /** Profile endpoint for providers without an ID token (or with a thin one). */
  profileEndpoint?: string
  scopes: string[]
  /** How the client authenticates at the token endpoint. */
  clientAuth: 'client_secret_post' | 'client_secret_basic'
  /** Extra authorization request parameters some providers need. */
  extraParams?: Record<string, string>
  /** The name of the client id parameter where it is not `client_id` (TikTok: `client_key`). */
  clientIdParam?: string
  /** How scopes are joined in the authorization request (RFC 6749: space; TikTok: comma). */
  scopeSeparator?: string
  /**
   * How the provider's redirect reaches the callback: 'query' (GET, the default) or 'form_post'
   * (an auto-submitted POST form; Apple requires it whenever scopes are requested).
   */
  responseMode?: 'query' | 'form_post'
  /**
   * Rewrites a successful token answer that departs from RFC 6749 §5.1 into its shape before it is
   * processed (Instagram sends no `token_type`).
   */
  tokenResponse?: (body: Record<string, any>) => Record<string, unknown>
  /** `claims` also carries `provider_user`: what the provider posted to the callback about the user (Apple's `user`). */
  profile: (claims: Record<string, any>) => OAuthProfile
}

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null)
// Apple has sent `email_verified` as the string 'true'.
const isTrue = (value: unknown) => value === true || value === 'true'

/** Standard OpenID Connect claims. */
export const oidcProfile = (c: Record<string, any>): OAuthProfile => ({
  subject: String(c.sub),
  email: str(c.email),
  name: str(c.name),
  username: str(c.preferred_username) ?? str(c.nickname),
  emailVerified: isTrue(c.email_verified),
})

export const PROVIDER_PRESETS: Record<OAuthProvider, ProviderPreset> = {
  google: { issuer: 'https://accounts.google.com', scopes: ['openid', 'email', 'profile'], clientAuth: 'client_secret_post', profile: oidcProfile },
  // Apple: the client secret is an ES256 JWT (see apple-client-secret.ts); with scopes requested
  // Apple only answers by form_post, and it sends the user's name once, on the first consent, in
  // that form's `user` field (the ID token never carries it).
  apple: {
    issuer: 'https://appleid.apple.com',
    scopes: ['name', 'email'],
    clientAuth: 'client_secret_post',
    responseMode: 'form_post',
    extraParams: { response_mode: 'form_post' },
    profile: (c) => {
      const name = c.provider_user?.name
      const full = [name?.firstName, name?.lastName].filter((part) => typeof part === 'string' && part).join(' ')
      return { subject: String(c.sub), email: str(c.email), name: full || null, username: null, emailVerified: isTrue(c.email_verified) }
    },
  },
  linkedin: { issuer: 'https://www.linkedin.com/oauth', scopes: ['openid', 'email', 'profile'], clientAuth: 'client_secret_post', profile: oidcProfile },
  line: { issuer: 'https://access.line.me', scopes: ['openid', 'email', 'profile'], clientAuth: 'client_secret_post', profile: oidcProfile },
  discord: {
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    profileEndpoint: 'https://discord.com/api/users/@me',
    scopes: ['identify', 'email'],
    clientAuth: 'client_secret_post',
    profile: (c) => ({ subject: String(c.id), email: str(c.email), name: str(c.global_name), username: str(c.username), emailVerified: isTrue(c.verified) }),
  },
  github: {
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    profileEndpoint: 'https://api.github.com/user',
    scopes: ['read:user', 'user:email'],
    clientAuth: 'client_secret_post',
    // The profile's e-mail is the user's public one, which GitHub only lets them pick among verified addresses.
    profile: (c) => ({ subject: String(c.id), email: str(c.email), name: str(c.name), username: str(c.login), emailVerified: str(c.email) !== null }),
  },
  spotify: {
    authorizationEndpoint: 'https://accounts.spotify.com/authorize',
    tokenEndpoint: 'https://accounts.spotify.com/api/token',
    profileEndpoint: 'https://api.spotify.com/v1/me',
    scopes: ['user-read-email'],
    clientAuth: 'client_secret_basic',
    profile: (c) => ({ subject: String(c.id), email: str(c.email), name: str(c.display_name), username: str(c.id) }),
  },
  instagram: {
    authorizationEndpoint: 'https://www.instagram.com/oauth/authorize',
    tokenEndpoint: 'https://api.instagram.com/oauth/access_token',
    profileEndpoint: 'https://graph.instagram.com/me?fields=user_id,username,name',
    scopes: ['instagram_business_basic'],
    clientAuth: 'client_secret_post',
    // Its token answer is `{ access_token, user_id, permissions }` (documented also wrapped in
    // `data: [ … ]`), without a `token_type`: the token is a bearer token, the permissions its scopes.
    tokenResponse: (body) => {
      const { permissions, ...answer } = (Array.isArray(body.data) ? body.data[0] : body) ?? {}
      const scope = Array.isArray(permissions) ? permissions.join(',') : typeof permissions === 'string' ? permissions : undefined
      return { ...answer, token_type: answer.token_type ?? 'bearer', ...(scope ? { scope } : {}) }
    },
    profile: (c) => ({ subject: String(c.user_id ?? c.id), email: null, name: str(c.name), username: str(c.username) }),
  },
  twitter: {
    authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.x.com/2/oauth2/token',
    profileEndpoint: 'https://api.x.com/2/users/me',
    scopes: ['users.read', 'tweet.read', 'offline.access'],
    clientAuth: 'client_secret_basic',
    profile: (c) => ({ subject: String(c.data?.id), email: null, name: str(c.data?.name), username: str(c.data?.username) }),
  },
  // TikTok (Login Kit v2) names the client id `client_key`, in the authorization URL and in the
  // token request, and joins scopes with commas. Configure the client key as `clientId`.
  tiktok: {
    authorizationEndpoint: 'https://www.tiktok.com/v2/auth/authorize/',
    tokenEndpoint: 'https://open.tiktokapis.com/v2/oauth/token/',
    profileEndpoint: 'https://open.tiktokapis.com/v2/user/info/?fields=open_id,display_name,username',
    scopes: ['user.info.basic', 'user.info.profile'],
    clientAuth: 'client_secret_post',
    clientIdParam: 'client_key',
    scopeSeparator: ',',
    profile: (c) => ({ subject: String(c.data?.user?.open_id), email: null, name: str(c.data?.user?.display_name), username: str(c.data?.user?.username) }),
  },
}

/** Display names for texts such as 'Verifying connection to {provider}'. */
export const PROVIDER_LABELS: Record<OAuthProvider, string> = {
  google: 'Google',
  apple: 'Apple',
  discord: 'Discord',
  github: 'GitHub',
  linkedin: 'LinkedIn',
  spotify: 'Spotify',
  instagram: 'Instagram',
  twitter: 'Twitter',
  tiktok: 'TikTok',
  line: 'LINE',
}
