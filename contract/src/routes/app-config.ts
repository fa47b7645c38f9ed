/**
 * The app configuration, described once (spec part 1 §1 field names): what the admin API accepts
 * (`appInputSchema`), which part of it is public, and what `GET /apps/:app_id` serves
 * (`publicAppConfigSchema`: the stored fields with the server's defaults filled in, plus what it
 * derives from server-only settings). The server's `PublicAppConfig` and `AppInput` and the
 * widget's `AppConfig` are all derived from these schemas (the widget imports the types only).
 *
 * What is stored: the owner's public fields as given (defaults merge on read, so improving a
 * default reaches existing apps) and the server-only settings, secrets sealed
 * (server/services/apps.ts, app-secrets.ts).
 */
import type { FromSchema } from 'json-schema-to-ts'

export const LOGIN_METHODS = [
  'email',
  'sms',
  'google',
  'twitter',
  'discord',
  'github',
  'spotify',
  'instagram',
  'tiktok',
  'line',
  'linkedin',
  'apple',
  'farcaster',
  'telegram',
  'wallet',
  'passkey',
  // Guest login (a browser-held credential, no identity): off unless the owner turns it on.
  'guest',
] as const
export type LoginMethod = (typeof LOGIN_METHODS)[number]

/** The OAuth providers an app may configure a client for (server/services/oauth-providers.ts holds their presets). */
export const OAUTH_PROVIDERS = ['google', 'apple', 'discord', 'github', 'linkedin', 'spotify', 'instagram', 'twitter', 'tiktok', 'line'] as const
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number]

export const FUNDING_METHODS = ['card', 'exchange', 'wallets'] as const

/** `{ a: schema, b: schema }` for every key, with the literal type kept (so the derived types name each key). */
function each<const K extends readonly string[], const S>(keys: K, schema: S): { [P in K[number]]: S } {
  return Object.fromEntries(keys.map((k) => [k, schema])) as { [P in K[number]]: S }
}

const nullableString = { type: ['string', 'null'], maxLength: 2048 } as const
const strings = { type: 'array', items: { type: 'string', maxLength: 2048 }, maxItems: 1000 } as const
const httpUrl = { type: ['string', 'null'], pattern: '^https?://', maxLength: 2048 } as const
const secretKey = { type: ['string', 'null'], maxLength: 4096 } as const
const createOnLogin = { type: 'string', enum: ['all-users', 'users-without-wallets', 'off'] } as const
const mfaMethods = { type: 'array', uniqueItems: true, items: { type: 'string', enum: ['sms', 'totp', 'passkey'] } } as const
const smsChannels = { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: ['sms', 'whatsapp'] } } as const
const recoveryOptions = { type: 'array', uniqueItems: true, maxItems: 3, items: { type: 'string', enum: ['user-passcode', 'google-drive', 'icloud'] } } as const
const nativeCurrency = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'symbol', 'decimals'],
  properties: {
    name: { type: 'string', maxLength: 60 },
    symbol: { type: 'string', maxLength: 20 },
    decimals: { type: 'integer', minimum: 0, maximum: 36 },
  },
} as const
const fundingOption = {
  type: 'object',
  additionalProperties: false,
  required: ['method'],
  properties: { method: { type: 'string', enum: FUNDING_METHODS }, provider: { type: 'string', enum: ['moonpay', 'coinbase'] } },
} as const
const recommendedCurrency = {
  anyOf: [
    { type: 'null' },
    {
      type: 'object',
      additionalProperties: false,
      required: ['chain'],
      properties: {
        /** CAIP-2 chain ('eip155:8453', 'solana:mainnet-beta') and asset. */
        chain: { type: 'string', pattern: '^(eip155:[0-9]{1,12}|solana:(mainnet-beta|devnet|testnet))$' },
        asset: { type: 'string', enum: ['native-currency', 'USDC'] },
      },
    },
  ],
} as const
const fundingFields = {
  /** Spec §5: funding needs this and at least one option, else 'Wallet funding is not enabled'. */
  enabled: { type: 'boolean' },
  options: { type: 'array', maxItems: 4, items: fundingOption },
  defaultRecommendedCurrency: recommendedCurrency,
  /** A decimal string in the asset's units ('0.05'). */
  defaultRecommendedAmount: { type: ['string', 'null'], maxLength: 40 },
  crossChainBridgingEnabled: { type: 'boolean' },
  /** Spec §2: started directly when set. */
  defaultFundingMethod: { type: ['string', 'null'], enum: ['card', 'exchange', 'wallet', 'manual', null] },
  preferredCardProvider: { type: ['string', 'null'], enum: ['moonpay', 'coinbase', null] },
  /** Shows 'Having trouble or facing location restrictions? Try a different provider.' when a second card provider exists. */
  showAlternateFundingMethod: { type: 'boolean' },
  /** The card provider's sandbox switch (spec §1): test keys and the sandbox widget. */
  useSandbox: { type: 'boolean' },
} as const

/**
 * The public fields an owner sets, as the admin API accepts them (objects merge key by key on
 * update, other values replace). What `GET /apps/:app_id` serves of each is below
 * (`publicAppConfigSchema`): the same field with the defaults filled in.
 */
/** The smart account implementations an app may pick (`smartWallets.accountType`). */
export const SMART_ACCOUNT_TYPES = ['solady'] as const

const publicInputFields = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  logo: nullableString,
  accentColor: { type: 'string', pattern: '^#[0-9a-fA-F]{3,8}$' },
  theme: { type: 'string', maxLength: 64 },
  landingHeader: { type: 'string', maxLength: 200 },
  loginMessage: nullableString,
  walletList: strings,
  walletChainType: { type: 'string', enum: ['ethereum-only', 'solana-only', 'ethereum-and-solana'] },
  loginGroupPriority: { type: 'string', enum: ['web2-first', 'web3-first'] },
  hideDirectWeb2Inputs: { type: 'boolean' },
  loginMethods: { type: 'object', additionalProperties: false, properties: each(LOGIN_METHODS, { type: 'boolean' } as const) },
  loginMethodsAndOrder: {
    anyOf: [{ type: 'null' }, { type: 'object', additionalProperties: false, required: ['primary'], properties: { primary: strings, overflow: strings } }],
  },
  legal: {
    type: 'object',
    additionalProperties: false,
    properties: {
      termsAndConditionsUrl: nullableString,
      privacyPolicyUrl: nullableString,
      requireUsersAcceptTerms: { type: 'boolean' },
      // Part 1 §2: the consent line shows 'when users are not required to accept terms, or when forced'.
      alwaysShowConsent: { type: 'boolean' },
    },
  },
  allowlistConfig: {
    type: 'object',
    additionalProperties: false,
    properties: { errorTitle: nullableString, errorDetail: nullableString, errorCtaText: nullableString, errorCtaLink: nullableString },
  },
  captcha: {
    type: 'object',
    additionalProperties: false,
    // Turnstile's own limit for an action name.
    properties: { enabled: { type: 'boolean' }, siteKey: nullableString, action: { type: ['string', 'null'], pattern: '^[A-Za-z0-9_-]{1,32}$' } },
  },
  intl: { type: 'object', additionalProperties: false, properties: { defaultCountry: { type: 'string', pattern: '^[A-Z]{2}$' } } },
  smsChannels,
  passkeysForSignupEnabled: { type: 'boolean' },
  /** MFA methods users may enroll (spec part 2 §6: the host chooses); [] offers none ('Add more security'). */
  mfa: { type: 'object', additionalProperties: false, properties: { methods: mfaMethods } },
  disablePlusEmails: { type: 'boolean' },
  disableSignup: { type: 'boolean' },
  embeddedWallets: {
    type: 'object',
    additionalProperties: false,
    properties: {
      createOnLogin,
      ethereum: { type: 'object', additionalProperties: false, properties: { createOnLogin } },
      solana: { type: 'object', additionalProperties: false, properties: { createOnLogin } },
      requireUserOwnedRecoveryOnCreate: { type: 'boolean' },
      userOwnedRecoveryOptions: recoveryOptions,
      /**
       * Spec part 2 §3, §5, part 3 §5: absent is the default; 'user-controlled-server-wallets-only'
       * refuses importing keys (import is on-device only); 'legacy-embedded-wallets-only' skips wallet
       * migration (this server has none to skip).
       */
      mode: { type: 'string', enum: ['legacy-embedded-wallets-only', 'user-controlled-server-wallets-only'] },
    },
  },
  oauthProviderLabels: { type: 'object', maxProperties: 20, additionalProperties: { type: 'string', maxLength: 60 } },
  // WalletConnect v2 and Coinbase Wallet. All public (a WalletConnect project id reaches the relay from every browser anyway).
  externalWallets: {
    type: 'object',
    additionalProperties: false,
    properties: {
      walletConnect: {
        type: 'object',
        additionalProperties: false,
        properties: {
          enabled: { type: 'boolean' },
          projectId: { type: ['string', 'null'], pattern: '^[A-Za-z0-9_-]{1,64}$' },
          relayUrl: { type: ['string', 'null'], pattern: '^wss?://', maxLength: 2048 },
          listingUrl: httpUrl,
        },
      },
      coinbaseWallet: {
        type: 'object',
        additionalProperties: false,
        properties: { options: { type: 'string', enum: ['all', 'smartWalletOnly', 'eoaOnly'] }, keysUrl: httpUrl },
      },
    },
  },
  // Ethereum chains for transactions: an id viem knows may come alone; public (the browser reaches the RPC).
  chains: {
    type: 'array',
    maxItems: 100,
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['id'],
      properties: {
        id: { type: 'integer', minimum: 1 },
        name: { type: 'string', minLength: 1, maxLength: 100 },
        rpcUrl: { type: 'string', pattern: '^https?://', maxLength: 2048 },
        blockExplorerUrl: httpUrl,
        nativeCurrency,
        testnet: { type: 'boolean' },
        sponsored: { type: 'boolean' },
        // USDC on a chain the spec lists no address for (a local chain): the bridge's origin token. null = none.
        usdcAddress: { type: ['string', 'null'], pattern: '^0x[0-9a-fA-F]{40}$' },
      },
    },
  },
  defaultChain: { type: ['integer', 'null'], minimum: 1 },
  // The Solana cluster: mainnet-beta (default), devnet, testnet, or any name with its RPC URL; public (the browser reaches the RPC).
  solanaCluster: {
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: {
      name: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,39}$' },
      rpcUrl: httpUrl,
      usdcMint: { type: ['string', 'null'], pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$' },
    },
  },
  // Funding (spec part 3 §3 'App funding settings').
  funding: { type: 'object', additionalProperties: false, properties: fundingFields },
  // Smart wallets (ERC-4337; ARCHITECTURE.md 'Smart wallets'): each embedded wallet's signer owns a counterfactual smart account.
  smartWallets: {
    type: 'object',
    additionalProperties: false,
    properties: {
      enabled: { type: 'boolean' },
      /** 'solady': Solady's ERC-4337 account (viem's `toSoladySmartAccount`), the one this server deploys locally. */
      accountType: { type: 'string', enum: SMART_ACCOUNT_TYPES },
      chains: {
        type: 'array',
        maxItems: 100,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'bundlerUrl', 'entryPoint', 'factory'],
          properties: {
            id: { type: 'integer', minimum: 1 },
            bundlerUrl: { type: 'string', pattern: '^https?://', maxLength: 2048 },
            /** EntryPoint v0.7. */
            entryPoint: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
            factory: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
            /** The verifying paymaster whose signer is this server's GATEHOUSE_PAYMASTER_SIGNER_KEY; null: no sponsorship on this chain. */
            paymaster: { type: ['string', 'null'], pattern: '^0x[0-9a-fA-F]{40}$' },
          },
        },
      },
    },
  },
} as const

const oauthClient = {
  anyOf: [
    { type: 'null' },
    {
      type: 'object',
      additionalProperties: false,
      required: ['clientId'],
      properties: {
        clientId: { type: 'string', minLength: 1, maxLength: 512 },
        clientSecret: { type: ['string', 'null'], maxLength: 4096 },
        issuer: httpUrl,
        // Sign in with Apple: the server signs the client secret (an ES256 JWT) with the owner's key.
        teamId: { type: ['string', 'null'], minLength: 1, maxLength: 64 },
        keyId: { type: ['string', 'null'], minLength: 1, maxLength: 64 },
        privateKey: { type: ['string', 'null'], pattern: 'BEGIN PRIVATE KEY|^\\*{4}', maxLength: 4096 },
      },
    },
  ],
} as const

/**
 * Server-only settings: never in `GET /apps/:app_id`. Secrets are sealed at rest and read back
 * masked ('****' + last 4) by the admin API; writing the masked form back keeps the stored secret.
 */
const settingsInputFields = {
  allowedOrigins: { type: 'array', maxItems: 100, items: { type: 'string', pattern: '^https?://[^/\\s]+/?$' } },
  allowlist: { type: 'array', maxItems: 10000, items: { type: 'string', minLength: 2, maxLength: 320 } },
  userLimit: { type: ['integer', 'null'], minimum: 0 },
  // The captcha provider's secret for siteverify.
  captchaSecretKey: nullableString,
  // RPC endpoints by CAIP-2 chain id, used to verify smart-contract wallet signatures (SIWE).
  rpcUrls: {
    type: 'object',
    maxProperties: 100,
    propertyNames: { pattern: '^eip155:[0-9]+$' },
    additionalProperties: { type: 'string', pattern: '^https?://', maxLength: 2048 },
  },
  // The smart-wallet factories whose EIP-6492 wrapped SIWE signatures are accepted.
  erc6492Factories: { type: 'array', maxItems: 100, uniqueItems: true, items: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' } },
  // The transaction scanning service (Blockaid's EVM scan format); the key is sealed at rest.
  transactionScan: {
    anyOf: [
      { type: 'null' },
      {
        type: 'object',
        additionalProperties: false,
        required: ['url'],
        properties: { url: { type: 'string', pattern: '^https?://', maxLength: 2048 }, apiKey: { type: ['string', 'null'], maxLength: 512 } },
      },
    ],
  },
  // The gas sponsor of the chains marked `sponsored`; the key is sealed at rest.
  gasSponsorship: {
    anyOf: [
      { type: 'null' },
      {
        type: 'object',
        additionalProperties: false,
        required: ['privateKey', 'maxWeiPerTransaction', 'dailyWeiPerUser'],
        properties: {
          privateKey: { type: 'string', pattern: '^(0x[0-9a-fA-F]{64}|\\*{4}[0-9a-fA-F]{0,4})$' },
          maxWeiPerTransaction: { type: 'string', pattern: '^[0-9]{1,40}$' },
          dailyWeiPerUser: { type: 'string', pattern: '^[0-9]{1,40}$' },
          dailyWeiPerApp: { type: 'string', pattern: '^[0-9]{1,40}$' },
          dailyWeiPerIp: { type: 'string', pattern: '^[0-9]{1,40}$' },
          minAccountAgeMinutes: { type: 'integer', minimum: 0, maximum: 525600 },
          allowGuests: { type: 'boolean' },
          allowedContracts: { type: 'array', maxItems: 100, items: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' } },
          mode: { type: 'string', enum: ['SPONSORED'] },
          calculateGasLimits: { type: 'boolean' },
          expirySeconds: { type: 'integer', minimum: 10, maximum: 3600 },
        },
      },
    ],
  },
  // Cross-app provider (spec part 3 §1): other apps' users may log in with this app's account and use its wallet.
  crossAppProvider: {
    anyOf: [
      { type: 'null' },
      {
        type: 'object',
        additionalProperties: false,
        required: ['allowedRequesterAppIds'],
        properties: {
          /** The requester apps that may connect (app ids, on this server or another). */
          allowedRequesterAppIds: { type: 'array', maxItems: 100, uniqueItems: true, items: { type: 'string', pattern: '^[a-z0-9]{25}$' } },
          /** Page origins of requesters on other servers (this server knows its own apps' allowed origins). */
          requesterOrigins: { type: 'array', maxItems: 100, items: { type: 'string', pattern: '^https?://[^/\\s]+$' } },
          /** Requesters may read the account and wallets but never sign or transact. */
          readOnly: { type: 'boolean' },
          /** The name and icon the requester's screens show; default: the app's name and logo. */
          name: { type: ['string', 'null'], maxLength: 100 },
          iconUrl: httpUrl,
        },
      },
    ],
  },
  // The app's Farcaster account (spec part 3 'Farcaster signer'): its fid and custody key sign each
  // user's signed-key request; the key is sealed at rest. apiUrl: the signed-key-request service
  // (Warpcast's `POST /v2/signed-key-requests`, default https://api.warpcast.com).
  farcasterSigner: {
    anyOf: [
      { type: 'null' },
      {
        type: 'object',
        additionalProperties: false,
        required: ['fid', 'custodyPrivateKey'],
        properties: {
          fid: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
          custodyPrivateKey: { type: 'string', pattern: '^(0x[0-9a-fA-F]{64}|\\*{4}[0-9a-fA-F]{0,4})$' },
          apiUrl: { type: 'string', pattern: '^https?://[^\\s]+$', maxLength: 2048 },
        },
      },
    ],
  },
  // Cross-app providers on other Gatehouse servers this app connects to (the provider must allow this app too).
  crossAppConnections: {
    type: 'array',
    maxItems: 20,
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['providerAppId', 'apiUrl', 'name'],
      properties: {
        providerAppId: { type: 'string', pattern: '^[a-z0-9]{25}$' },
        /** The provider server's public origin (its API and popup pages). */
        apiUrl: { type: 'string', pattern: '^https?://[^/\\s]+$', maxLength: 2048 },
        name: { type: 'string', minLength: 1, maxLength: 100 },
        iconUrl: httpUrl,
        readOnly: { type: 'boolean' },
      },
    },
  },
  // The Telegram bot; its token verifies login results.
  telegram: {
    anyOf: [
      { type: 'null' },
      {
        type: 'object',
        additionalProperties: false,
        required: ['botToken', 'botUsername'],
        properties: {
          botToken: { type: 'string', pattern: '^([0-9]+:[A-Za-z0-9_-]+|\\*{4}[A-Za-z0-9_-]{0,4})$', maxLength: 200 },
          botUsername: { type: 'string', pattern: '^[A-Za-z0-9_]{3,64}$' },
        },
      },
    ],
  },
  // Custom-token login: how the host's JWTs are verified.
  customAuth: {
    anyOf: [
      { type: 'null' },
      {
        type: 'object',
        additionalProperties: false,
        required: ['issuer'],
        properties: {
          issuer: { type: 'string', minLength: 1, maxLength: 2048 },
          audience: nullableString,
          jwksUrl: httpUrl,
          publicKey: { type: ['string', 'null'], maxLength: 8192 },
        },
      },
    ],
  },
  // OAuth clients by provider.
  oauth: { type: 'object', additionalProperties: false, properties: each(OAUTH_PROVIDERS, oauthClient) },
  // Cloud recovery (spec part 2 §2): the Google client asking for Drive's app-data folder, and the
  // iCloud container whose private database holds the share; secrets sealed at rest.
  recoveryOAuth: {
    type: 'object',
    additionalProperties: false,
    properties: {
      'google-drive': {
        anyOf: [
          { type: 'null' },
          {
            type: 'object',
            additionalProperties: false,
            required: ['clientId'],
            properties: { clientId: { type: 'string', minLength: 1, maxLength: 512 }, clientSecret: secretKey, issuer: httpUrl },
          },
        ],
      },
      icloud: {
        anyOf: [
          { type: 'null' },
          {
            type: 'object',
            additionalProperties: false,
            required: ['containerId', 'apiToken'],
            properties: {
              containerId: { type: 'string', pattern: '^iCloud\\.[A-Za-z0-9.-]{1,200}$' },
              environment: { type: 'string', enum: ['development', 'production'] },
              apiToken: { type: 'string', minLength: 4, maxLength: 512 },
            },
          },
        ],
      },
    },
  },
  // The on-ramp providers (secret keys sealed) and the bridge API.
  fundingProviders: {
    type: 'object',
    additionalProperties: false,
    properties: {
      moonpay: {
        anyOf: [
          { type: 'null' },
          {
            type: 'object',
            additionalProperties: false,
            properties: {
              publishableKey: secretKey,
              secretKey,
              sandboxPublishableKey: secretKey,
              sandboxSecretKey: secretKey,
              widgetUrl: httpUrl,
              sandboxWidgetUrl: httpUrl,
              apiUrl: httpUrl,
            },
          },
        ],
      },
      coinbase: {
        anyOf: [
          { type: 'null' },
          {
            type: 'object',
            additionalProperties: false,
            required: ['apiKeyName'],
            properties: { apiKeyName: { type: 'string', minLength: 1, maxLength: 512 }, apiKeySecret: secretKey, apiUrl: httpUrl, payUrl: httpUrl },
          },
        ],
      },
      bridge: { anyOf: [{ type: 'null' }, { type: 'object', additionalProperties: false, properties: { apiUrl: httpUrl, testnetApiUrl: httpUrl } }] },
    },
  },
} as const

/** The keys of the server-only settings (everything else an owner sets is public). */
export const SETTING_KEYS = Object.keys(settingsInputFields) as (keyof typeof settingsInputFields)[]

/** `POST /admin/apps`: every field an owner may set; unknown fields are refused so typos do not pass silently. */
export const appInputSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { id: { type: 'string', pattern: '^[a-z0-9]{25}$' }, ...publicInputFields, ...settingsInputFields },
} as const

/** `PATCH /admin/apps/:app_id`: the same fields but the id; objects merge, other values replace. */
export const appUpdateSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { ...publicInputFields, ...settingsInputFields },
} as const

export type AppInput = FromSchema<typeof appInputSchema>

/** One Ethereum chain as served: what the owner gave, filled in from viem's definitions (server/services/chains.ts). */
export const chainConfigSchema = {
  type: 'object',
  required: ['id', 'name', 'rpcUrl', 'blockExplorerUrl', 'nativeCurrency', 'testnet', 'sponsored'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    rpcUrl: { type: ['string', 'null'] },
    /** null: the widget falls back to its default explorer (spec part 3 §9). */
    blockExplorerUrl: { type: ['string', 'null'] },
    nativeCurrency,
    testnet: { type: 'boolean' },
    /** The app pays the gas of its users' embedded-wallet transactions here (POST /wallets/:wallet_id/rpc with sponsor). */
    sponsored: { type: 'boolean' },
    /** USDC on a chain the spec lists no address for (a local chain); absent when the owner set none; the spec's known addresses win. */
    usdcAddress: { type: 'string' },
  },
  additionalProperties: false,
} as const
export type ChainConfig = FromSchema<typeof chainConfigSchema>

/** The public funding configuration as served: the owner's fields with defaults, and what the providers' settings let the widget know. */
export const publicFundingSchema = {
  type: 'object',
  required: Object.keys(fundingFields) as (keyof typeof fundingFields)[],
  properties: {
    ...fundingFields,
    /** Derived: the MoonPay-style provider's publishable key for this mode and its API origin (the widget polls transactions there). */
    moonpay: {
      type: 'object',
      required: ['publishableKey', 'apiUrl'],
      properties: { publishableKey: { type: ['string', 'null'] }, apiUrl: { type: 'string' } },
    },
    /** Derived: the relay-style bridge API origin (testnet variant when the sandbox switch is on). */
    bridgeApiUrl: { type: 'string' },
  },
  additionalProperties: false,
} as const
export type PublicFundingConfig = FromSchema<typeof publicFundingSchema>
export type FundingOption = PublicFundingConfig['options'][number]

const { legal, allowlistConfig, captcha, intl, mfa, embeddedWallets, externalWallets, solanaCluster } = publicInputFields

/**
 * The smart-wallet configuration as served (ARCHITECTURE.md 'Smart wallets'): the owner's fields
 * with defaults, per chain the EntryPoint's version and this server's paymaster endpoint.
 */
export const publicSmartWalletsSchema = {
  type: 'object',
  required: ['enabled', 'accountType', 'chains'],
  properties: {
    enabled: { type: 'boolean' },
    accountType: { type: 'string', enum: SMART_ACCOUNT_TYPES },
    chains: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'bundlerUrl', 'entryPoint', 'entryPointVersion', 'factory', 'paymaster', 'paymasterUrl'],
        properties: {
          id: { type: 'integer' },
          bundlerUrl: { type: 'string' },
          entryPoint: { type: 'string' },
          entryPointVersion: { type: 'string', const: '0.7' },
          factory: { type: 'string' },
          paymaster: { type: ['string', 'null'] },
          /** ERC-7677 (pm_getPaymasterStubData / pm_getPaymasterData) on this server; null when the chain has no paymaster or the server no paymaster key. */
          paymasterUrl: { type: ['string', 'null'] },
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const
export type PublicSmartWalletsConfig = FromSchema<typeof publicSmartWalletsSchema>

/** The same object schema with every listed property required (a served field always carries its defaults). */
function filled<const S extends { properties: Record<string, unknown> }>(schema: S): S & { required: (keyof S['properties'])[] } {
  return { ...schema, required: Object.keys(schema.properties) as (keyof S['properties'])[] }
}

/**
 * `GET /apps/:app_id`: the public configuration (the owner's public fields over the defaults,
 * server/services/app-config.ts), with what the server derives from its server-only settings.
 * Allowed origins, the allowlist, the user limit and every secret never leave through here.
 */
export const publicAppConfigSchema = {
  description: 'The public configuration of the app (what the widget needs)',
  type: 'object',
  required: [
    'id',
    'name',
    'logo',
    'accentColor',
    'theme',
    'landingHeader',
    'loginMessage',
    'walletList',
    'walletChainType',
    'loginGroupPriority',
    'hideDirectWeb2Inputs',
    'loginMethods',
    'loginMethodsAndOrder',
    'legal',
    'allowlistConfig',
    'captcha',
    'intl',
    'smsChannels',
    'passkeysForSignupEnabled',
    'mfa',
    'disablePlusEmails',
    'disableSignup',
    'embeddedWallets',
    'customAuth',
    'oauthProviderLabels',
    'telegramAuth',
    'externalWallets',
    'transactionScan',
    'chains',
    'defaultChain',
    'funding',
    'solanaCluster',
    'smartWallets',
  ],
  properties: {
    ...publicInputFields,
    id: { type: 'string' },
    loginMethods: filled(publicInputFields.loginMethods),
    legal: filled(legal),
    allowlistConfig: filled(allowlistConfig),
    /** scriptUrl: the captcha widget script (a server setting), published only while captcha is on; action, when set, is the only action the server accepts. */
    captcha: { ...captcha, required: ['enabled', 'siteKey'], properties: { ...captcha.properties, scriptUrl: { type: 'string' } } },
    intl: filled(intl),
    mfa: filled(mfa),
    embeddedWallets: {
      ...embeddedWallets,
      required: ['createOnLogin', 'ethereum', 'solana', 'requireUserOwnedRecoveryOnCreate', 'userOwnedRecoveryOptions'],
      properties: { ...embeddedWallets.properties, ethereum: filled(embeddedWallets.properties.ethereum), solana: filled(embeddedWallets.properties.solana) },
    },
    externalWallets: {
      ...externalWallets,
      required: ['walletConnect', 'coinbaseWallet'],
      properties: {
        walletConnect: filled(externalWallets.properties.walletConnect),
        coinbaseWallet: filled(externalWallets.properties.coinbaseWallet),
      },
    },
    /** Ethereum chains the app transacts on, filled in from viem's definitions. */
    chains: { type: 'array', items: chainConfigSchema },
    /** The chain a wallet starts on: the one named, else the first listed; null when no chain is configured. */
    defaultChain: { type: ['integer', 'null'] },
    funding: publicFundingSchema,
    /** rpcUrl null = the cluster's public RPC. */
    solanaCluster: { ...solanaCluster, required: ['name', 'rpcUrl'] },
    smartWallets: publicSmartWalletsSchema,
    /** Derived from the server-only customAuth setting: whether custom-token login is on. */
    customAuth: { type: 'object', required: ['enabled'], properties: { enabled: { type: 'boolean' } }, additionalProperties: false },
    /** Derived from the server-only telegram setting: the bot the login widget names. */
    telegramAuth: { type: 'object', required: ['botUsername'], properties: { botUsername: { type: ['string', 'null'] } }, additionalProperties: false },
    /** Derived from the server-only transactionScan setting: whether the confirmation screen asks for a scan. */
    transactionScan: { type: 'object', required: ['enabled'], properties: { enabled: { type: 'boolean' } }, additionalProperties: false },
    /** The server binds sessions to the wallet frame's device key: logins and refreshes carry its proof (always true from this server). */
    deviceBoundSessions: { type: 'boolean' },
  },
  additionalProperties: false,
} as const

/** The public configuration as the server keeps and serves it. */
export type PublicAppConfig = FromSchema<typeof publicAppConfigSchema>

/**
 * What the admin API answers: the public configuration and the server-only settings (secrets
 * masked), where the settings' customAuth and transactionScan replace the public flags derived from them.
 */
export const adminAppSchema = {
  description: 'The app: its public configuration and its server-only settings, secrets masked',
  type: 'object',
  // customAuth and transactionScan are both public flags and settings: listed once.
  required: [...publicAppConfigSchema.required.filter((key) => !(SETTING_KEYS as readonly string[]).includes(key)), 'createdAt', ...SETTING_KEYS] as (
    (typeof publicAppConfigSchema.required)[number] | 'createdAt' | (typeof SETTING_KEYS)[number]
  )[],
  properties: {
    ...publicAppConfigSchema.properties,
    ...settingsInputFields,
    /** Settings merged over the defaults: every provider key is present. */
    fundingProviders: {
      ...settingsInputFields.fundingProviders,
      required: ['moonpay', 'coinbase'],
    },
    recoveryOAuth: { ...settingsInputFields.recoveryOAuth, required: ['google-drive', 'icloud'] },
    createdAt: { type: 'string', format: 'date-time' },
  },
  additionalProperties: false,
} as const
