/**
 * App funding settings (spec part 3 §3 'App funding settings', §5, §9): the public part the widget
 * reads (`funding` in GET /apps/:app_id) and the on-ramp providers' keys, which are server-only
 * settings whose secret halves are sealed at rest (`app-secrets.ts`).
 */
import type { ChainConfig, FundingOption, PublicFundingConfig } from '@gatehouse/contract/routes'
import { isTrustedFetchUrl } from './trusted-url.js'

export { FUNDING_METHODS, type FundingOption, type PublicFundingConfig } from '@gatehouse/contract/routes'

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
