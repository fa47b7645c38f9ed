import type { RouteResponse, Routes } from '@gatehouse/contract/routes'

export type SessionUpdateAction = 'set' | 'clear' | 'ignore'

/** Auth response (spec part 1 §3), as every login and refresh of this server answers it. `token` is the access token. */
export type WireAuthResponse = RouteResponse<Routes['POST /sessions']>

/**
 * The auth response the session store handles: the contract's, widened to the spec's (part 1 §3):
 * a session_update_action of clear or ignore, or no access token. This server always answers
 * `set` with a token; the store still follows the spec for the others.
 */
export type AuthResponse = Omit<WireAuthResponse, 'session_update_action' | 'token'> & {
  session_update_action: SessionUpdateAction
  token: string | null
}

export type LoginMethodKey =
  | 'email'
  | 'sms'
  | 'google'
  | 'twitter'
  | 'discord'
  | 'github'
  | 'spotify'
  | 'instagram'
  | 'tiktok'
  | 'line'
  | 'linkedin'
  | 'apple'
  | 'farcaster'
  | 'telegram'
  | 'wallet'
  | 'passkey'
  /** Host-started only (`loginAsGuest()`): never an entry on the landing screen. */
  | 'guest'

/**
 * App configuration as served by `GET /apps/:app_id` (spec part 1 §1 field names). Written out here
 * because it is public (types/api.d.ts must need no other package); its schema is the contract's
 * (contract/src/routes/app-config.ts) and src/api/types.test.ts holds this type to it.
 */
export interface AppConfig {
  id: string
  name: string
  /** The server binds sessions to the wallet frame's device key: logins and refreshes carry its proof. */
  deviceBoundSessions?: boolean
  logo?: string | null
  accentColor?: string | null
  theme?: 'light' | 'dark' | string | null
  landingHeader?: string | null
  loginMessage?: string | null
  walletList?: string[]
  walletChainType?: string
  loginGroupPriority?: 'web2-first' | 'web3-first'
  hideDirectWeb2Inputs?: boolean
  loginMethods?: Partial<Record<LoginMethodKey, boolean>>
  /** overflow is absent when the owner listed only primary methods. */
  loginMethodsAndOrder?: { primary: string[]; overflow?: string[] } | null
  legal?: {
    termsAndConditionsUrl?: string | null
    privacyPolicyUrl?: string | null
    requireUsersAcceptTerms?: boolean
    /** Shows the consent line even when users must accept terms (spec part 1 §2 'or when forced'). */
    alwaysShowConsent?: boolean
  }
  allowlistConfig?: {
    errorTitle?: string | null
    errorDetail?: string | null
    errorCtaText?: string | null
    errorCtaLink?: string | null
  }
  /** Captcha: 't:' Turnstile site key; scriptUrl is the widget script the server publishes; action, when set, is the only action the server accepts. */
  captcha?: { enabled: boolean; siteKey?: string | null; scriptUrl?: string; action?: string | null }
  intl?: { defaultCountry?: string }
  /** Channels phone codes may use; both → the phone screen offers the choice (default ['sms']). */
  smsChannels?: ('sms' | 'whatsapp')[]
  passkeysForSignupEnabled?: boolean
  /** MFA methods users may enroll (default all three). */
  mfa?: { methods?: ('sms' | 'totp' | 'passkey')[] }
  disablePlusEmails?: boolean
  disableSignup?: boolean
  embeddedWallets?: Record<string, unknown>
  /** Custom-token login is accepted. */
  customAuth?: { enabled: boolean }
  /** The Telegram bot the login widget names (null when the app configured none). */
  telegramAuth?: { botUsername: string | null }
  /** Display names replacing a provider's own (e.g. 'Google (local dev)' for the development IdP). */
  oauthProviderLabels?: Record<string, string>
  /** External wallet connectors: WalletConnect v2 and Coinbase Wallet; all public. */
  externalWallets?: {
    walletConnect?: { enabled?: boolean; projectId?: string | null; relayUrl?: string | null; listingUrl?: string | null }
    coinbaseWallet?: { options?: 'all' | 'smartWalletOnly' | 'eoaOnly'; keysUrl?: string | null }
  }
  /** Transactions are scanned (the server asks the app's scanning service) before confirmation. */
  transactionScan?: { enabled: boolean }
  /** Ethereum chains the app transacts on (filled in by the server from viem's definitions). */
  chains?: ChainConfig[]
  /** The chain a provider starts on; null or absent when no chain is configured. */
  defaultChain?: number | null
  /** The Solana cluster (mainnet-beta when absent); rpcUrl null = the cluster's public RPC; usdcMint: USDC on a cluster the spec lists no mint for (a local cluster). */
  solanaCluster?: { name: string; rpcUrl: string | null; usdcMint?: string | null }
  /** App funding settings (spec part 3 §3); see src/funding/config.ts. */
  funding?: AppFundingConfig
  /** Smart wallets (ERC-4337; ARCHITECTURE.md 'Smart wallets'). */
  smartWallets?: SmartWalletsConfig
}

/** Smart wallets as served: per chain the bundler, EntryPoint (v0.7), account factory and the server's ERC-7677 paymaster endpoint. */
export interface SmartWalletsConfig {
  enabled: boolean
  /** 'solady': viem's toSoladySmartAccount. */
  accountType: 'solady'
  chains: {
    id: number
    bundlerUrl: string
    entryPoint: string
    entryPointVersion: '0.7'
    factory: string
    paymaster: string | null
    paymasterUrl: string | null
  }[]
}

/** Public app funding settings (spec part 3 §3 'App funding settings'). */
export interface AppFundingConfig {
  enabled: boolean
  /** As served: the schema lets an option name no provider (a card option without one offers no card button). */
  options: { method: 'card' | 'exchange' | 'wallets'; provider?: 'moonpay' | 'coinbase' }[]
  defaultRecommendedCurrency: { chain: string; asset?: 'native-currency' | 'USDC' } | null
  defaultRecommendedAmount: string | null
  crossChainBridgingEnabled: boolean
  defaultFundingMethod: 'card' | 'exchange' | 'wallet' | 'manual' | null
  preferredCardProvider: 'moonpay' | 'coinbase' | null
  showAlternateFundingMethod: boolean
  useSandbox: boolean
  moonpay?: { publishableKey: string | null; apiUrl: string }
  bridgeApiUrl?: string
}

/** One configured Ethereum chain, as the public app config carries it. */
export interface ChainConfig {
  id: number
  name: string
  rpcUrl: string | null
  /** null: the default block explorer is used (spec part 3 §9). */
  blockExplorerUrl: string | null
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** Always sent (viem's flag for a known chain, else false). */
  testnet: boolean
  /** The app pays the gas of embedded-wallet transactions here (the server tops the wallet up, then broadcasts). */
  sponsored: boolean
  /** USDC on a chain the spec lists no address for (a local chain), absent when none (never null); the spec's known addresses win. */
  usdcAddress?: string
}

/** The Telegram login widget's result, as its redirect appends it and as `/telegram/authenticate` takes it. */
export const TELEGRAM_RESULT_PARAMS = ['id', 'hash', 'auth_date', 'first_name', 'last_name', 'username', 'photo_url'] as const

export type TelegramAuthResult = Partial<Record<(typeof TELEGRAM_RESULT_PARAMS)[number], string>> & { id: string; hash: string; auth_date: string }
