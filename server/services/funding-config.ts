/**
 * App funding settings (spec part 3 §3 'App funding settings', §5, §9): the public part the widget
 * reads (`funding` in GET /apps/:app_id) and the on-ramp providers' keys, which are server-only
 * settings whose secret halves are sealed at rest (`app-secrets.ts`).
 */
import { isTrustedFetchUrl } from './trusted-url.js'
import type { ChainConfig } from './chains.js'

export const FUNDING_METHODS = ['card', 'exchange', 'wallets'] as const
export type FundingOption = { method: 'card'; provider: 'moonpay' | 'coinbase' } | { method: 'exchange'; provider: 'coinbase' } | { method: 'wallets' }

/** The public funding configuration (spec §3 'App funding settings'). */
export interface PublicFundingConfig {
  /** Spec §5: funding needs this and at least one option, else 'Wallet funding is not enabled'. */
  enabled: boolean
  options: FundingOption[]
  /** CAIP-2 chain ('eip155:8453', 'solana:mainnet-beta') and asset ('native-currency' or 'USDC'). */
  defaultRecommendedCurrency: { chain: string; asset: 'native-currency' | 'USDC' } | null
  /** A decimal string in the asset's units ('0.05'). */
  defaultRecommendedAmount: string | null
  crossChainBridgingEnabled: boolean
  /** Spec §2: started directly when set (card, exchange, wallet or manual). */
  defaultFundingMethod: 'card' | 'exchange' | 'wallet' | 'manual' | null
  preferredCardProvider: 'moonpay' | 'coinbase' | null
  /** Shows 'Having trouble or facing location restrictions? Try a different provider.' when a second card provider exists. */
  showAlternateFundingMethod: boolean
  /** The card provider's sandbox switch (spec §1): test keys and the sandbox widget. */
  useSandbox: boolean
  /** Derived: the MoonPay-style provider's publishable key for this mode and its API origin (the widget polls transactions there). */
  moonpay?: { publishableKey: string | null; apiUrl: string }
  /** Derived: the relay-style bridge API origin (testnet variant when the sandbox switch is on). */
  bridgeApiUrl?: string
}

export const DEFAULT_FUNDING: PublicFundingConfig = {
  enabled: false,
  options: [],
  defaultRecommendedCurrency: null,
  defaultRecommendedAmount: null,
  crossChainBridgingEnabled: false,
  defaultFundingMethod: null,
  preferredCardProvider: null,
  showAlternateFundingMethod: false,
  useSandbox: false,
}

/** Server-only: the on-ramp providers. Secret keys are sealed at rest and masked in the admin API. */
export interface FundingProviderSettings {
  moonpay: {
    publishableKey: string | null
    secretKey: string | null
    sandboxPublishableKey: string | null
    sandboxSecretKey: string | null
    /** Defaults: https://buy.moonpay.com, https://buy-sandbox.moonpay.com; https://api.moonpay.com. */
    widgetUrl?: string | null
    sandboxWidgetUrl?: string | null
    apiUrl?: string | null
  } | null
  coinbase: {
    /** CDP API key name (`organizations/…/apiKeys/…` or a key id) and its EC private key (PEM): signs the bearer JWT. */
    apiKeyName: string
    apiKeySecret: string | null
    /** Defaults: https://api.developer.coinbase.com, https://pay.coinbase.com. */
    apiUrl?: string | null
    payUrl?: string | null
  } | null
  /** Defaults: https://api.relay.link, testnet https://api.testnets.relay.link. */
  bridge?: { apiUrl?: string | null; testnetApiUrl?: string | null } | null
}

export const MOONPAY_DEFAULTS = { widgetUrl: 'https://buy.moonpay.com', sandboxWidgetUrl: 'https://buy-sandbox.moonpay.com', apiUrl: 'https://api.moonpay.com' }
export const COINBASE_DEFAULTS = { apiUrl: 'https://api.developer.coinbase.com', payUrl: 'https://pay.coinbase.com' }
export const BRIDGE_DEFAULTS = { apiUrl: 'https://api.relay.link', testnetApiUrl: 'https://api.testnets.relay.link' }

/** The public config with what the providers' settings let the widget know. */
export function publicFunding(funding: PublicFundingConfig, providers: FundingProviderSettings | undefined): PublicFundingConfig {
  const moonpay = providers?.moonpay
  const out: PublicFundingConfig = { ...DEFAULT_FUNDING, ...funding }
  if (moonpay) {
    out.moonpay = {
      publishableKey: (funding.useSandbox ? moonpay.sandboxPublishableKey : moonpay.publishableKey) ?? null,
      apiUrl: moonpay.apiUrl ?? MOONPAY_DEFAULTS.apiUrl,
    }
  }
  out.bridgeApiUrl =
    (funding.useSandbox ? providers?.bridge?.testnetApiUrl : providers?.bridge?.apiUrl) ??
    (funding.useSandbox ? BRIDGE_DEFAULTS.testnetApiUrl : BRIDGE_DEFAULTS.apiUrl)
  return out
}

/** Spec §5 rules an owner can break: returns the owner-facing problem, or null. */
export function fundingProblem(
  funding: PublicFundingConfig,
  chains: ChainConfig[],
  providers: FundingProviderSettings | undefined,
  dev: boolean,
): string | null {
  if (funding.enabled && funding.options.length === 0) return 'Wallet funding is not enabled: funding.options needs at least one option'
  const chain = funding.defaultRecommendedCurrency?.chain
  if (chain?.startsWith('eip155:')) {
    const id = Number(chain.slice(7))
    if (!chains.some((c) => c.id === id)) return `Funding chain ${id} is not in PrivyProvider chains list`
  }
  if (funding.defaultRecommendedAmount != null && !/^\d+(\.\d+)?$/.test(funding.defaultRecommendedAmount))
    return 'funding.defaultRecommendedAmount must be a decimal number'
  for (const option of funding.options) {
    const provider = 'provider' in option ? option.provider : null
    if (provider === 'moonpay' && !providers?.moonpay) return 'Card funding with moonpay needs fundingProviders.moonpay'
    if (provider === 'coinbase' && !providers?.coinbase) return 'Coinbase funding needs fundingProviders.coinbase'
  }
  const urls = [
    providers?.moonpay?.widgetUrl,
    providers?.moonpay?.sandboxWidgetUrl,
    providers?.moonpay?.apiUrl,
    providers?.coinbase?.apiUrl,
    providers?.coinbase?.payUrl,
  ]
  for (const url of [...urls, providers?.bridge?.apiUrl, providers?.bridge?.testnetApiUrl]) {
    if (url && !isTrustedFetchUrl(url, dev)) return 'fundingProviders URLs must be https URLs'
  }
  return null
}

const url = { type: ['string', 'null'], pattern: '^https?://', maxLength: 2048 } as const
const key = { type: ['string', 'null'], maxLength: 4096 } as const

/** Admin schema of `funding` (public) and `fundingProviders` (server-only). */
export const fundingAdminFields = {
  funding: {
    type: 'object',
    additionalProperties: false,
    properties: {
      enabled: { type: 'boolean' },
      options: {
        type: 'array',
        maxItems: 4,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['method'],
          properties: { method: { type: 'string', enum: FUNDING_METHODS }, provider: { type: 'string', enum: ['moonpay', 'coinbase'] } },
        },
      },
      defaultRecommendedCurrency: {
        anyOf: [
          { type: 'null' },
          {
            type: 'object',
            additionalProperties: false,
            required: ['chain'],
            properties: {
              chain: { type: 'string', pattern: '^(eip155:[0-9]{1,12}|solana:(mainnet-beta|devnet|testnet))$' },
              asset: { type: 'string', enum: ['native-currency', 'USDC'] },
            },
          },
        ],
      },
      defaultRecommendedAmount: { type: ['string', 'null'], maxLength: 40 },
      crossChainBridgingEnabled: { type: 'boolean' },
      defaultFundingMethod: { type: ['string', 'null'], enum: ['card', 'exchange', 'wallet', 'manual', null] },
      preferredCardProvider: { type: ['string', 'null'], enum: ['moonpay', 'coinbase', null] },
      showAlternateFundingMethod: { type: 'boolean' },
      useSandbox: { type: 'boolean' },
    },
  },
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
              publishableKey: key,
              secretKey: key,
              sandboxPublishableKey: key,
              sandboxSecretKey: key,
              widgetUrl: url,
              sandboxWidgetUrl: url,
              apiUrl: url,
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
            properties: { apiKeyName: { type: 'string', minLength: 1, maxLength: 512 }, apiKeySecret: key, apiUrl: url, payUrl: url },
          },
        ],
      },
      bridge: { anyOf: [{ type: 'null' }, { type: 'object', additionalProperties: false, properties: { apiUrl: url, testnetApiUrl: url } }] },
    },
  },
} as const
