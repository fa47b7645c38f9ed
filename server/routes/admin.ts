import { bearerToken } from '../services/bearer.js'
import { OAUTH_PROVIDERS } from '../services/oauth-providers.js'
import type { FastifyRequest } from 'fastify'
import { NO_APP, type ApiInstance } from '../context.js'
import { constantTimeEqual } from '../crypto/hash.js'
import { isUniqueViolation } from '../db/connect.js'
import { ApiError } from '../errors.js'
import { LOGIN_METHODS, type App } from '../services/app-config.js'
import { maskSettings } from '../services/app-secrets.js'
import type { AppInput } from '../services/apps.js'
import { fundingAdminFields } from '../services/funding-config.js'
import { logAdminChange } from './admin-log.js'

const nullableString = { type: ['string', 'null'], maxLength: 2048 } as const
const strings = { type: 'array', items: { type: 'string', maxLength: 2048 }, maxItems: 1000 } as const

const createOnLogin = { type: 'string', enum: ['all-users', 'users-without-wallets', 'off'] } as const

/** Every field an owner may set; unknown fields are refused so typos do not pass silently. */
const appFields = {
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
  loginMethods: {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(LOGIN_METHODS.map((m) => [m, { type: 'boolean' }])),
  },
  loginMethodsAndOrder: {
    anyOf: [{ type: 'null' }, { type: 'object', additionalProperties: false, required: ['primary'], properties: { primary: strings, overflow: strings } }],
  },
  legal: {
    type: 'object',
    additionalProperties: false,
    properties: { termsAndConditionsUrl: nullableString, privacyPolicyUrl: nullableString, requireUsersAcceptTerms: { type: 'boolean' } },
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
  // Server-only: the captcha provider's secret for siteverify. Secrets are sealed at rest and read
  // back masked ('****' + last 4); writing the masked form back keeps the stored secret.
  captchaSecretKey: nullableString,
  intl: { type: 'object', additionalProperties: false, properties: { defaultCountry: { type: 'string', pattern: '^[A-Z]{2}$' } } },
  passkeysForSignupEnabled: { type: 'boolean' },
  /** MFA methods users may enroll (spec part 2 §6: the host chooses); [] offers none ('Add more security'). */
  mfa: {
    type: 'object',
    additionalProperties: false,
    properties: { methods: { type: 'array', uniqueItems: true, items: { type: 'string', enum: ['sms', 'totp', 'passkey'] } } },
  },
  disablePlusEmails: { type: 'boolean' },
  disableSignup: { type: 'boolean' },
  embeddedWallets: {
    type: 'object',
    additionalProperties: false,
    properties: {
      createOnLogin: createOnLogin,
      ethereum: { type: 'object', additionalProperties: false, properties: { createOnLogin } },
      solana: { type: 'object', additionalProperties: false, properties: { createOnLogin } },
      requireUserOwnedRecoveryOnCreate: { type: 'boolean' },
      userOwnedRecoveryOptions: {
        type: 'array',
        uniqueItems: true,
        maxItems: 3,
        items: { type: 'string', enum: ['user-passcode', 'google-drive', 'icloud'] },
      },
    },
  },
  allowedOrigins: { type: 'array', maxItems: 100, items: { type: 'string', pattern: '^https?://[^/\\s]+/?$' } },
  allowlist: { type: 'array', maxItems: 10000, items: { type: 'string', minLength: 2, maxLength: 320 } },
  userLimit: { type: ['integer', 'null'], minimum: 0 },
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
        blockExplorerUrl: { type: ['string', 'null'], pattern: '^https?://', maxLength: 2048 },
        nativeCurrency: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'symbol', 'decimals'],
          properties: {
            name: { type: 'string', maxLength: 60 },
            symbol: { type: 'string', maxLength: 20 },
            decimals: { type: 'integer', minimum: 0, maximum: 36 },
          },
        },
        testnet: { type: 'boolean' },
        sponsored: { type: 'boolean' },
        // USDC on a chain the spec lists no address for (a local chain): the bridge's origin token.
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
      rpcUrl: { type: ['string', 'null'], pattern: '^https?://', maxLength: 2048 },
      usdcMint: { type: ['string', 'null'], pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$' },
    },
  },
  // Server-only: RPC endpoints by CAIP-2 chain id, used to verify smart-contract wallet signatures (SIWE).
  rpcUrls: {
    type: 'object',
    maxProperties: 100,
    propertyNames: { pattern: '^eip155:[0-9]+$' },
    additionalProperties: { type: 'string', pattern: '^https?://', maxLength: 2048 },
  },
  // Server-only: the smart-wallet factories whose EIP-6492 wrapped SIWE signatures are accepted.
  erc6492Factories: { type: 'array', maxItems: 100, uniqueItems: true, items: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' } },
  // Server-only: the transaction scanning service (Blockaid's EVM scan format); the key is sealed at rest.
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
  // Server-only: the gas sponsor of the chains marked `sponsored`; the key is sealed at rest.
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
  // Server-only: the Telegram bot; its token verifies login results.
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
          jwksUrl: { type: ['string', 'null'], pattern: '^https?://', maxLength: 2048 },
          publicKey: { type: ['string', 'null'], maxLength: 8192 },
        },
      },
    ],
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
        issuer: { type: ['string', 'null'], pattern: '^https?://', maxLength: 2048 },
        // Sign in with Apple: the server signs the client secret (an ES256 JWT) with the owner's key.
        teamId: { type: ['string', 'null'], minLength: 1, maxLength: 64 },
        keyId: { type: ['string', 'null'], minLength: 1, maxLength: 64 },
        privateKey: { type: ['string', 'null'], pattern: 'BEGIN PRIVATE KEY|^\\*{4}', maxLength: 4096 },
      },
    },
  ],
} as const
Object.assign(appFields, {
  // Funding (spec part 3 §3): public `funding`, server-only `fundingProviders` (secret keys sealed).
  ...fundingAdminFields,
  oauthProviderLabels: { type: 'object', maxProperties: 20, additionalProperties: { type: 'string', maxLength: 60 } },
  smsChannels: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: ['sms', 'whatsapp'] } },
  // WalletConnect v2 and Coinbase Wallet. All public (see ExternalWalletsConfig).
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
          listingUrl: { type: ['string', 'null'], pattern: '^https?://', maxLength: 2048 },
        },
      },
      coinbaseWallet: {
        type: 'object',
        additionalProperties: false,
        properties: {
          options: { type: 'string', enum: ['all', 'smartWalletOnly', 'eoaOnly'] },
          keysUrl: { type: ['string', 'null'], pattern: '^https?://', maxLength: 2048 },
        },
      },
    },
  },
  // Server-only: OAuth clients by provider.
  oauth: {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(OAUTH_PROVIDERS.map((p) => [p, oauthClient])),
  },
})

const appParams = { type: 'object', required: ['app_id'], properties: { app_id: { type: 'string' } } } as const

const createSchema = {
  summary: 'Create an app (admin)',
  body: {
    type: 'object',
    additionalProperties: false,
    properties: { id: { type: 'string', pattern: '^[a-z0-9]{25}$' }, ...appFields },
  },
} as const
const readSchema = { summary: 'Read an app with its server-only settings (admin)', params: appParams } as const
const updateSchema = {
  summary: 'Change an app (admin); objects merge, other values replace',
  params: appParams,
  body: { type: 'object', additionalProperties: false, properties: appFields },
} as const

/** What the admin API shows: the public configuration plus the server-only settings, secrets masked. */
function adminView(app: App) {
  return { ...app.config, ...maskSettings(app.settings), createdAt: new Date(app.createdAt).toISOString() }
}

export default async function adminRoutes(app: ApiInstance) {
  const expected = app.gatehouse.config.adminToken

  function authorize(request: FastifyRequest) {
    const token = bearerToken(request)
    if (!expected || !token || !constantTimeEqual(token, expected)) {
      throw new ApiError('missing_or_invalid_token', 'Missing or invalid admin token')
    }
  }

  // Checked before parsing and validation, so strangers learn nothing about the schema.
  app.addHook('onRequest', async (request) => authorize(request))

  // The body's type is the app store's input (AppInput): part of the schema is built at run time
  // (login methods, OAuth providers), which a schema-derived type cannot follow.
  app.post<{ Body: AppInput }>('/admin/apps', { schema: createSchema, config: NO_APP }, async (request, reply) => {
    try {
      const created = await app.gatehouse.apps.create(request.body ?? {})
      logAdminChange(request, 'app.create', null, created)
      return reply.code(201).send(adminView(created))
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('invalid_data', 'An app with this id already exists')
      throw error
    }
  })

  app.get('/admin/apps/:app_id', { schema: readSchema, config: NO_APP }, async (request) => {
    const found = await app.gatehouse.apps.get(request.params.app_id)
    if (!found) throw new ApiError('not_found', 'App not found')
    return adminView(found)
  })

  app.patch<{ Params: { app_id: string }; Body: AppInput }>('/admin/apps/:app_id', { schema: updateSchema, config: NO_APP }, async (request) => {
    app.gatehouse.apps.invalidate(request.params.app_id) // the log compares with the stored row, not a cached one
    const before = await app.gatehouse.apps.get(request.params.app_id)
    const updated = before && (await app.gatehouse.apps.update(request.params.app_id, request.body ?? {}))
    if (!updated) throw new ApiError('not_found', 'App not found')
    logAdminChange(request, 'app.update', before, updated)
    return adminView(updated)
  })
}
