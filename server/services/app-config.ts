/**
 * App configuration: the public part (read by the widget, field names from spec part 1 §1; its
 * schema and type are the contract's, contract/src/routes/app-config.ts) and the server-only settings. The database stores only what the owner set; defaults are
 * merged on read so that improving a default reaches existing apps.
 */
import { LOGIN_METHODS, type LoginMethod, type PublicAppConfig } from '@gatehouse/contract/routes'
import type { GasSponsorshipSettings } from './gas-sponsorship-config.js'
import { isTrustedFetchUrl } from './trusted-url.js'
import { DEFAULT_FUNDING, type FundingProviderSettings } from './funding-config.js'
import { DEFAULT_SMART_WALLETS } from './smart-wallets-config.js'

export { LOGIN_METHODS, type LoginMethod, type PublicAppConfig } from '@gatehouse/contract/routes'

/** External wallet connectors (WalletConnect v2, Coinbase Wallet): public by design. */
export type ExternalWalletsConfig = PublicAppConfig['externalWallets']

export interface AppSettings {
  /** Browser origins allowed to call the API for this app (exact `scheme://host[:port]`). */
  allowedOrigins: string[]
  /**
   * Who may log in, when not empty: e-mail addresses, `@domain` entries, E.164 phone numbers and
   * wallet addresses. How each login method is matched: `login-gate.ts`.
   */
  allowlist: string[]
  /** Maximum number of users; new sign-ups beyond it are refused. null means no limit. */
  userLimit: number | null
  /** RPC URL per CAIP-2 chain id ('eip155:1'): SIWE checks smart-contract wallets (EIP-1271/6492) there. */
  rpcUrls: Record<string, string>
  /**
   * SIWE: the wallet factories whose EIP-6492 wrapped signatures (undeployed smart wallets) are
   * checked on chain. Any other wrapped signature is refused: the RPC alone cannot tell such a
   * wallet from an ordinary account, so a lying one could otherwise vouch for any address.
   */
  erc6492Factories: string[]
  /** Custom-token login: how to verify the host's JWTs. null = not enabled. */
  customAuth: CustomAuthSettings | null
  /** OAuth clients by provider; a provider also needs its login method switched on. */
  oauth: Partial<Record<string, OAuthClientSettings>>
  /** Telegram login: the bot whose token signs login results. null = not configured. */
  telegram: TelegramSettings | null
  /** Captcha: the provider secret that verifies widget tokens (siteverify). Never sent to browsers. */
  captchaSecretKey: string | null
  /**
   * Transaction scanning: a service speaking Blockaid's EVM JSON-RPC scan format
   * (`POST {url}` with `X-API-KEY`). null = off; the confirmation screen shows the basic view.
   */
  transactionScan: TransactionScanSettings | null
  /**
   * Gas sponsorship for the chains marked `sponsored` (services/gas-sponsorship.ts): the sponsor
   * account's key (sealed at rest) and the budgets. null = no chain is sponsored.
   */
  gasSponsorship: GasSponsorshipSettings | null
  /** The funding providers' keys (MoonPay-style, Coinbase-style) and the bridge API; secrets sealed at rest. */
  fundingProviders: FundingProviderSettings
  /** This app as a cross-app provider (services/cross-app.ts); null = not a provider. */
  crossAppProvider: CrossAppProviderSettings | null
  /** Providers on other servers this app connects to as a requester. */
  crossAppConnections: CrossAppRemoteConnection[]
  /** Cloud recovery (services/recovery-oauth.ts): the Google Drive client and the iCloud container; null = not offered. */
  recoveryOAuth: RecoveryOAuthSettings
  /**
   * The app's Farcaster account for 'Add a signer to Farcaster' (services/farcaster-signer.ts): its
   * fid and custody key (sealed at rest) sign users' signed-key requests. null = not offered.
   */
  farcasterSigner: FarcasterSignerSettings | null
}

export interface RecoveryOAuthSettings {
  /** A Google OAuth client asking for the Drive app-data scope (`issuer`: an OpenID provider replacing Google, tests). */
  'google-drive': { clientId: string; clientSecret: string | null; issuer?: string | null } | null
  /** The CloudKit container (`iCloud.…`), its environment and the API token of its web sign-in. */
  icloud: { containerId: string; environment?: 'development' | 'production'; apiToken: string } | null
}

export interface FarcasterSignerSettings {
  fid: number
  /** The custody address's private key (0x and 64 hex digits). Never sent to browsers. */
  custodyPrivateKey: string
  /** The signed-key-request service (Warpcast's API). Default https://api.warpcast.com. */
  apiUrl?: string
}

export interface CrossAppProviderSettings {
  allowedRequesterAppIds: string[]
  /** Page origins of requesters on other servers, which this server cannot look up. */
  requesterOrigins?: string[]
  readOnly?: boolean
  name?: string | null
  iconUrl?: string | null
}

export interface CrossAppRemoteConnection {
  providerAppId: string
  apiUrl: string
  name: string
  iconUrl?: string | null
  readOnly?: boolean
}

export interface TransactionScanSettings {
  url: string
  apiKey: string | null
}

export interface OAuthClientSettings {
  clientId: string
  clientSecret: string | null
  /** An OpenID Connect issuer replacing the provider's preset (self-hosted or test identity providers). */
  issuer?: string | null
  /**
   * Sign in with Apple: Apple's client secret is a short-lived ES256 JWT signed with a key of the
   * owner's developer account (team id, key id, the .p8 PKCS#8 PEM). With these set the server
   * signs it itself and `clientSecret` may stay empty.
   */
  teamId?: string | null
  keyId?: string | null
  privateKey?: string | null
}

export interface TelegramSettings {
  /** BotFather's token; keys the HMAC of every login result. Never sent to browsers. */
  botToken: string
  /** The bot's username, for the login widget script. */
  botUsername: string
}

export interface CustomAuthSettings {
  /** Required `iss` of the host's tokens. */
  issuer: string
  /** Required `aud`, when set. */
  audience: string | null
  /** Where the host publishes its public keys… */
  jwksUrl: string | null
  /** …or one public key: a JWK (JSON) or an SPKI PEM. */
  publicKey: string | null
}

export interface App {
  id: string
  name: string
  config: PublicAppConfig
  settings: AppSettings
  createdAt: number
}

export function defaultPublicConfig(id: string, name: string): PublicAppConfig {
  const loginMethods = Object.fromEntries(LOGIN_METHODS.map((m) => [m, m === 'email'])) as Record<LoginMethod, boolean>
  return {
    id,
    name,
    logo: null,
    accentColor: '#676FFF',
    theme: 'light',
    landingHeader: 'Log in or sign up',
    loginMessage: null,
    walletList: ['detected_wallets', 'metamask', 'coinbase_wallet', 'rainbow', 'wallet_connect'],
    walletChainType: 'ethereum-only',
    loginGroupPriority: 'web2-first',
    hideDirectWeb2Inputs: false,
    loginMethods,
    loginMethodsAndOrder: null,
    legal: { termsAndConditionsUrl: null, privacyPolicyUrl: null, requireUsersAcceptTerms: false, alwaysShowConsent: false },
    allowlistConfig: { errorTitle: null, errorDetail: null, errorCtaText: null, errorCtaLink: null },
    captcha: { enabled: false, siteKey: null },
    intl: { defaultCountry: 'US' },
    smsChannels: ['sms'],
    passkeysForSignupEnabled: false,
    mfa: { methods: ['sms', 'totp', 'passkey'] },
    disablePlusEmails: false,
    disableSignup: false,
    embeddedWallets: {
      createOnLogin: 'off',
      ethereum: { createOnLogin: 'off' },
      solana: { createOnLogin: 'off' },
      requireUserOwnedRecoveryOnCreate: false,
      userOwnedRecoveryOptions: ['user-passcode'],
    },
    customAuth: { enabled: false },
    oauthProviderLabels: {},
    telegramAuth: { botUsername: null },
    externalWallets: {
      walletConnect: { enabled: true, projectId: null, relayUrl: null, listingUrl: null },
      coinbaseWallet: { options: 'all', keysUrl: null },
    },
    transactionScan: { enabled: false },
    chains: [],
    defaultChain: null,
    funding: DEFAULT_FUNDING,
    solanaCluster: { name: 'mainnet-beta', rpcUrl: null },
    smartWallets: DEFAULT_SMART_WALLETS,
  }
}

export const DEFAULT_SETTINGS: AppSettings = {
  allowedOrigins: [],
  allowlist: [],
  userLimit: null,
  rpcUrls: {},
  erc6492Factories: [],
  customAuth: null,
  oauth: {},
  telegram: null,
  captchaSecretKey: null,
  transactionScan: null,
  gasSponsorship: null,
  fundingProviders: { moonpay: null, coinbase: null },
  crossAppProvider: null,
  crossAppConnections: [],
  recoveryOAuth: { 'google-drive': null, icloud: null },
  farcasterSigner: null,
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Objects merge key by key; arrays, scalars and null replace. */
export function deepMerge<T>(base: T, patch: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(patch)) return (patch === undefined ? base : patch) as T
  const out: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue
    out[key] = isPlainObject(out[key]) && isPlainObject(value) ? deepMerge(out[key], value) : value
  }
  return out as T
}

export function buildPublicConfig(id: string, name: string, overrides: Record<string, unknown>): PublicAppConfig {
  return { ...deepMerge(defaultPublicConfig(id, name), overrides), id, name }
}

/**
 * Whether the app allows `method`: its switch is on, or it is listed in loginMethodsAndOrder
 * (layout B is the list of methods when set, as the widget's landing screen reads it).
 */
export function isMethodEnabled(config: PublicAppConfig, method: string): boolean {
  if (config.loginMethods[method as LoginMethod]) return true
  const order = config.loginMethodsAndOrder
  return Boolean(order && (order.primary.includes(method) || (order.overflow ?? []).includes(method)))
}

/**
 * Spec §5: a captcha site key carries the 't:' (Turnstile) prefix, and an enabled captcha needs
 * its server-side secret too. Returns the owner-facing problem, or null.
 */
export function captchaProblem(config: PublicAppConfig, settings: AppSettings): string | null {
  const { enabled, siteKey } = config.captcha ?? { enabled: false, siteKey: null }
  if (siteKey != null && !siteKey.startsWith('t:')) return 'Unsupported captcha site key'
  if (enabled && !siteKey) return 'Captcha needs a site key (captcha.siteKey)'
  if (enabled && !settings.captchaSecretKey) return 'Captcha needs a secret key (captchaSecretKey)'
  return null
}

/**
 * What the server fetches to decide who logs in (RPC answers for contract wallets, the host's
 * JWKS) must come over https outside development: on plain http anyone on the path could answer.
 * Returns the owner-facing problem, or null.
 */
export function settingsProblem(settings: AppSettings, dev: boolean): string | null {
  for (const [chain, url] of Object.entries(settings.rpcUrls ?? {})) {
    if (!isTrustedFetchUrl(url, dev)) return `rpcUrls.${chain} must be an https URL`
  }
  const scanUrl = settings.transactionScan?.url
  if (scanUrl && !isTrustedFetchUrl(scanUrl, dev)) return 'transactionScan.url must be an https URL'
  const jwksUrl = settings.customAuth?.jwksUrl
  if (jwksUrl && !isTrustedFetchUrl(jwksUrl, dev)) return 'customAuth.jwksUrl must be an https URL'
  // The requester's server trades codes for tokens and reads the provider's JWKS there.
  for (const c of settings.crossAppConnections ?? []) if (!isTrustedFetchUrl(c.apiUrl, dev)) return 'crossAppConnections.apiUrl must be an https URL'
  const signerApi = settings.farcasterSigner?.apiUrl
  if (signerApi && !isTrustedFetchUrl(signerApi, dev)) return 'farcasterSigner.apiUrl must be an https URL'
  return null
}

/** Spec §5: a configuration must leave at least one way in. */
export function hasLoginMethod(config: PublicAppConfig): boolean {
  return Object.values(config.loginMethods).some(Boolean) || LOGIN_METHODS.some((m) => isMethodEnabled(config, m))
}

export function normalizeSettings(patch: Partial<AppSettings>, base: AppSettings = DEFAULT_SETTINGS): AppSettings {
  return {
    allowedOrigins: (patch.allowedOrigins ?? base.allowedOrigins).map((o) => o.replace(/\/+$/, '')),
    allowlist: (patch.allowlist ?? base.allowlist).map(normalizeAllowlistEntry),
    userLimit: patch.userLimit === undefined ? base.userLimit : patch.userLimit,
    rpcUrls: patch.rpcUrls ?? base.rpcUrls ?? {},
    erc6492Factories: patch.erc6492Factories ?? base.erc6492Factories ?? [],
    customAuth: patch.customAuth === undefined ? (base.customAuth ?? null) : patch.customAuth,
    // Per provider: a patch replaces that provider's client; null removes it.
    oauth: Object.fromEntries(Object.entries({ ...(base.oauth ?? {}), ...(patch.oauth ?? {}) }).filter(([, v]) => v !== null && v !== undefined)),
    telegram: patch.telegram === undefined ? (base.telegram ?? null) : patch.telegram,
    captchaSecretKey: patch.captchaSecretKey === undefined ? (base.captchaSecretKey ?? null) : patch.captchaSecretKey,
    transactionScan: patch.transactionScan === undefined ? (base.transactionScan ?? null) : patch.transactionScan,
    gasSponsorship: patch.gasSponsorship === undefined ? (base.gasSponsorship ?? null) : patch.gasSponsorship,
    // Per provider: a patch replaces that provider's settings; null removes it.
    fundingProviders: { ...{ moonpay: null, coinbase: null }, ...(base.fundingProviders ?? {}), ...(patch.fundingProviders ?? {}) },
    crossAppProvider: patch.crossAppProvider === undefined ? (base.crossAppProvider ?? null) : patch.crossAppProvider,
    crossAppConnections: (patch.crossAppConnections ?? base.crossAppConnections ?? []).map((c) => ({ ...c, apiUrl: c.apiUrl.replace(/\/+$/, '') })),
    // Per provider: a patch replaces that provider's settings; null removes it.
    recoveryOAuth: { ...DEFAULT_SETTINGS.recoveryOAuth, ...(base.recoveryOAuth ?? {}), ...(patch.recoveryOAuth ?? {}) },
    farcasterSigner: patch.farcasterSigner === undefined ? (base.farcasterSigner ?? null) : patch.farcasterSigner,
  }
}

/** What an allowlist entry can name: a login method's e-mail, phone number or wallet address. */
export interface Identifier {
  kind: 'email' | 'phone' | 'wallet'
  /** Normalised as the method stores it: lower-case e-mail, E.164 phone, the wallet's address. */
  value: string
}

/** A phone entry keeps only '+' and digits ('+1 (415) 555-0100' → '+14155550100'); the rest is lower-cased. */
export function normalizeAllowlistEntry(entry: string): string {
  const trimmed = entry.trim()
  if (/^\+[\d\s().-]+$/.test(trimmed)) return `+${trimmed.replace(/\D/g, '')}`
  return trimmed.toLowerCase()
}

/**
 * Whether the allowlist names `id` (an empty list names everyone). Wallet addresses compare
 * without case: Ethereum's checksum is only case, and entries are stored lower-case.
 */
export function isAllowlisted(settings: AppSettings, id: Identifier): boolean {
  if (settings.allowlist.length === 0) return true
  const value = id.value.toLowerCase()
  const domain = id.kind === 'email' ? value.slice(value.lastIndexOf('@')) : null
  return settings.allowlist.some((entry) => entry === value || (domain !== null && entry.startsWith('@') && entry === domain))
}
