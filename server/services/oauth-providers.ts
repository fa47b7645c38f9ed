/**
 * OAuth provider presets (issue #4): endpoints, scopes and how each provider's profile maps to
 * the `{provider}_oauth` account (subject, email, name, username). Client ids and secrets come
 * from the app's server-only settings (`settings.oauth[provider]`); an `issuer` there replaces
 * the preset by OpenID Connect discovery, which is how tests and the development identity
 * provider plug in a local `oidc-provider`.
 */

export const OAUTH_PROVIDERS = ['google', 'apple', 'discord', 'github', 'linkedin', 'spotify', 'instagram', 'twitter', 'tiktok', 'line'] as const
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number]

export const isOAuthProvider = (value: string): value is OAuthProvider => (OAUTH_PROVIDERS as readonly string[]).includes(value)

/** What we keep of a provider's profile; the four fields the spec names for OAuth accounts. */
export interface OAuthProfile {
  subject: string
  email: string | null
  name: string | null
  username: string | null
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
  profile: (claims: Record<string, any>) => OAuthProfile
}

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null)

/** Standard OpenID Connect claims. */
export const oidcProfile = (c: Record<string, any>): OAuthProfile => ({
  subject: String(c.sub),
  email: str(c.email),
  name: str(c.name),
  username: str(c.preferred_username) ?? str(c.nickname),
})

export const PROVIDER_PRESETS: Record<OAuthProvider, ProviderPreset> = {
  google: { issuer: 'https://accounts.google.com', scopes: ['openid', 'email', 'profile'], clientAuth: 'client_secret_post', profile: oidcProfile },
  // Apple's client secret is a JWT the owner signs with their Apple key; it is configured as the secret.
  apple: {
    issuer: 'https://appleid.apple.com',
    scopes: ['openid', 'email', 'name'],
    clientAuth: 'client_secret_post',
    extraParams: { response_mode: 'query' },
    profile: oidcProfile,
  },
  linkedin: { issuer: 'https://www.linkedin.com/oauth', scopes: ['openid', 'email', 'profile'], clientAuth: 'client_secret_post', profile: oidcProfile },
  line: { issuer: 'https://access.line.me', scopes: ['openid', 'email', 'profile'], clientAuth: 'client_secret_post', profile: oidcProfile },
  discord: {
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    profileEndpoint: 'https://discord.com/api/users/@me',
    scopes: ['identify', 'email'],
    clientAuth: 'client_secret_post',
    profile: (c) => ({ subject: String(c.id), email: str(c.email), name: str(c.global_name), username: str(c.username) }),
  },
  github: {
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    profileEndpoint: 'https://api.github.com/user',
    scopes: ['read:user', 'user:email'],
    clientAuth: 'client_secret_post',
    profile: (c) => ({ subject: String(c.id), email: str(c.email), name: str(c.name), username: str(c.login) }),
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
  // TikTok names the client id `client_key`; configure it as the client id.
  tiktok: {
    authorizationEndpoint: 'https://www.tiktok.com/v2/auth/authorize/',
    tokenEndpoint: 'https://open.tiktokapis.com/v2/oauth/token/',
    profileEndpoint: 'https://open.tiktokapis.com/v2/user/info/?fields=open_id,display_name,username',
    scopes: ['user.info.basic', 'user.info.profile'],
    clientAuth: 'client_secret_post',
    profile: (c) => ({ subject: String(c.data?.user?.open_id), email: null, name: str(c.data?.user?.display_name), username: str(c.data?.user?.username) }),
  },
}

/** Display names for texts such as 'Verifying connection to {provider}'. */
export const PROVIDER_LABELS: Record<OAuthProvider, string> = {
  google: 'Google', apple: 'Apple', discord: 'Discord', github: 'GitHub', linkedin: 'LinkedIn',
  spotify: 'Spotify', instagram: 'Instagram', twitter: 'Twitter', tiktok: 'TikTok', line: 'LINE',
}
