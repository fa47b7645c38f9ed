/**
 * The funding config of one flow (spec part 3 §3 'Funding config'), built from the host's options
 * and the app funding settings, with the §5 rules. Pure: no DOM, no network.
 */
import type { AppConfig, AppFundingConfig, ChainConfig } from '../api/types.ts'
import type { FundingConfig, FundingMethod, MoonpayConfigOverride } from '../stores/funding.ts'
import { FUNDING_MESSAGES, FundingError } from '../errors/funding.ts'
import { PUBLIC_CLUSTERS } from '../wallets/solana/cluster.ts'

export type { FundingConfig, FundingMethod }

export type FundingAsset = 'native-currency' | 'USDC' | { erc20: string }

/** What a host passes to `fundWallet(address, options)` and `<fund-button>`'s attributes. */
export interface FundWalletOptions {
  /** Chain id (8453, '0x2105', 'eip155:8453'), or 'solana' (the app's Solana cluster) / 'solana:<cluster>'. Default: the app's Solana cluster for a Solana address, else the app's recommended chain, else its default chain. */
  chain?: number | string
  /** 'native-currency' (default), 'USDC', or `{ erc20: address }`. */
  asset?: FundingAsset
  /** Decimal amount in the asset's units ('0.05'); default: the app's recommended amount. */
  amount?: string
  /** Starts that flow directly instead of the chooser. */
  defaultFundingMethod?: FundingMethod
  card?: { preferredProvider?: 'moonpay' | 'coinbase' }
  /** The card provider's settings (paymentMethod, currencyCode, quoteCurrencyAmount, uiConfig), over the widget's own. */
  moonpayConfigOverride?: MoonpayConfigOverride
  /** Receive screen texts; an empty string hides them. */
  uiConfig?: { receiveFundsTitle?: string; receiveFundsSubtitle?: string }
  /** Set by the transaction screen's 'Add funds'. */
  comingFromSendTransactionScreen?: boolean
}

/** Spec §9: the chains with a known USDC contract. Elsewhere funding by external wallet is disabled for USDC. */
export const USDC_ADDRESSES: Record<number, string> = {
  1: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  11155111: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238',
  10: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
  11155420: '0x5fd84259d66Cd46123540766Be93DFE6D43130D7',
  137: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
  80002: '0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582',
  8453: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  84532: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
  43114: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E',
  43113: '0x5425890298aed601595a70AB815c96711a31Bc65',
  42161: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  421614: '0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d',
}
/** USDC on an Ethereum chain: the spec's known address (§9), else the one the app names for the chain. */
export const usdcAddressOf = (chain: { id: number; usdcAddress?: string | null }): string | null => USDC_ADDRESSES[chain.id] ?? chain.usdcAddress ?? null
export const SOLANA_USDC_MINTS: Record<string, string> = {
  'mainnet-beta': 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  devnet: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
}
/** Spec §9: Coinbase chain names; §5: the Coinbase-style on-ramp supports these chains and Solana. */
export const COINBASE_CHAIN_NAMES: Record<number, string> = { 1: 'ethereum', 8453: 'base', 10: 'optimism', 137: 'polygon', 42161: 'arbitrum' }
/** A base58 Solana address (an Ethereum address is 0x-hex). */
export const isSolanaAddress = (address: string) => /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)

/**
 * 'solana' is the app's cluster; 'solana:<name>' the app's cluster by its name (its rpcUrl, or
 * the named public cluster when it has none) or a named public cluster.
 */
function solanaCluster(app: AppConfig | null, name: string | undefined): NonNullable<FundingConfig['cluster']> | null {
  const configured = app?.solanaCluster ?? { name: 'mainnet-beta', rpcUrl: null }
  const wanted = name || configured.name
  const known = PUBLIC_CLUSTERS[wanted]
  const own = wanted === configured.name
  const rpcUrl = own ? (configured.rpcUrl ?? known?.rpcUrl) : known?.rpcUrl
  // The USDC mint: the spec's known ones (§9), else the one the app names for its own cluster.
  const usdcMint = SOLANA_USDC_MINTS[wanted] ?? (own ? configured.usdcMint : null) ?? null
  return rpcUrl ? { name: wanted, rpcUrl, label: known?.label ?? `Solana (${wanted})`, usdcMint } : null
}

function parseChain(
  app: AppConfig | null,
  value: number | string,
): { kind: 'ethereum'; id: number } | { kind: 'solana'; cluster: NonNullable<FundingConfig['cluster']> } | null {
  if (typeof value === 'string' && /^solana(:|$)/.test(value)) {
    const cluster = solanaCluster(app, value.split(':')[1])
    return cluster ? { kind: 'solana', cluster } : null
  }
  const text = typeof value === 'string' && value.startsWith('eip155:') ? value.slice(7) : value
  const id = typeof text === 'number' ? text : /^0x[0-9a-f]+$/i.test(text) ? parseInt(text, 16) : /^\d+$/.test(text) ? Number(text) : NaN
  return Number.isSafeInteger(id) && id > 0 ? { kind: 'ethereum', id } : null
}

/** Spec §5: without a known USDC address, funding by external wallet is disabled and a warning is logged. */
function warnNoUsdc(network: string) {
  console.warn(`No known USDC address on ${network}: funding by external wallet is disabled.`)
}

/**
 * The funding config for `address`, or a FundingError with the spec's text: funding off or without
 * options ('Wallet funding is not enabled'), a chain the app does not list ('Funding chain <id> is
 * not in PrivyProvider chains list'), USDC on the Solana testnet ('USDC funding is not supported on
 * the Solana testnet'). USDC where no address is known (spec §9, or the app's `solanaCluster.usdcMint`)
 * only warns: the chooser then leaves out 'Transfer from wallet' and balances read as unknown.
 */
export function buildFundingConfig(app: AppConfig | null, address: string, options: FundWalletOptions = {}): FundingConfig {
  const funding = app?.funding
  if (!funding || !funding.enabled || funding.options.length === 0) throw new FundingError(FUNDING_MESSAGES.notEnabled, { code: 'FUNDING_NOT_ENABLED' })
  const chains = app?.chains ?? []
  const recommended = funding.defaultRecommendedCurrency
  const solanaDefault = isSolanaAddress(address) && !String(recommended?.chain ?? '').startsWith('solana') ? 'solana' : undefined
  const chainInput = options.chain ?? solanaDefault ?? recommended?.chain ?? app?.defaultChain ?? chains[0]?.id ?? 1
  const parsed = parseChain(app, chainInput)
  if (!parsed) throw new FundingError(FUNDING_MESSAGES.chainNotConfigured(String(chainInput)), { code: 'UNSUPPORTED_CHAIN_ID' })
  const asset: FundingAsset = options.asset ?? (options.chain === undefined && !solanaDefault ? recommended?.asset : undefined) ?? 'native-currency'
  const amount = options.amount ?? funding.defaultRecommendedAmount ?? null
  const common = {
    address,
    amount,
    amountGiven: options.amount !== undefined,
    supportedOptions: funding.options,
    comingFromSendTransactionScreen: Boolean(options.comingFromSendTransactionScreen),
    defaultFundingMethod: options.defaultFundingMethod ?? funding.defaultFundingMethod ?? null,
    usingDefaultFundingMethod: Boolean(options.defaultFundingMethod ?? funding.defaultFundingMethod),
    preferredCardProvider: options.card?.preferredProvider ?? funding.preferredCardProvider ?? null,
    moonpayConfigOverride: options.moonpayConfigOverride ?? null,
    crossChainBridgingEnabled: funding.crossChainBridgingEnabled,
    uiConfig: options.uiConfig ?? {},
    errorMessage: null,
    showAlternateFundingMethod: funding.showAlternateFundingMethod,
    useSandbox: funding.useSandbox,
    connectedWalletAddress: null,
  }
  if (parsed.kind === 'solana') {
    const isUSDC = asset === 'USDC'
    if (isUSDC && parsed.cluster.name === 'testnet') throw new FundingError(FUNDING_MESSAGES.usdcSolanaTestnet, { code: 'UNSUPPORTED_CHAIN_ID' })
    if (isUSDC && !parsed.cluster.usdcMint) warnNoUsdc(parsed.cluster.label)
    return {
      ...common,
      chainType: 'solana',
      chain: null,
      cluster: parsed.cluster,
      erc20Address: isUSDC ? (parsed.cluster.usdcMint ?? null) : null,
      isUSDC,
      symbol: isUSDC ? 'USDC' : 'SOL',
      decimals: isUSDC ? 6 : 9,
    }
  }
  const chain = chains.find((c) => c.id === parsed.id)
  if (!chain) throw new FundingError(FUNDING_MESSAGES.chainNotConfigured(parsed.id), { code: 'UNSUPPORTED_CHAIN_ID' })
  const isUSDC = asset === 'USDC'
  const erc20Address = typeof asset === 'object' ? asset.erc20 : isUSDC ? usdcAddressOf(chain) : null
  if (isUSDC && !erc20Address) warnNoUsdc(chain.name)
  return {
    ...common,
    chainType: 'ethereum',
    chain,
    cluster: null,
    erc20Address,
    isUSDC,
    symbol: isUSDC ? 'USDC' : typeof asset === 'object' ? '' : chain.nativeCurrency.symbol,
    decimals: isUSDC ? 6 : typeof asset === 'object' ? null : chain.nativeCurrency.decimals,
  }
}

/** The card provider's (MoonPay-style) currency codes by chain: native, USDC. */
const MOONPAY_CODES: Record<number, [string, string]> = {
  1: ['eth', 'usdc'],
  8453: ['eth_base', 'usdc_base'],
  10: ['eth_optimism', 'usdc_optimism'],
  42161: ['eth_arbitrum', 'usdc_arbitrum'],
  137: ['pol_polygon', 'usdc_polygon'],
  43114: ['avax_cchain', 'usdc_cchain'],
}

/**
 * The `config` of the card provider's sign call (spec part 3 §3 signMoonpayOnRampUrl: uiConfig,
 * paymentMethod, currencyCode, quoteCurrencyAmount): the widget's choices, then the host's
 * `moonpayConfigOverride` over them, field by field.
 */
export function moonpaySignConfig(config: FundingConfig, theme: { theme: 'light' | 'dark'; accentColor?: string }): MoonpayConfigOverride {
  const override = config.moonpayConfigOverride ?? {}
  return {
    currencyCode: override.currencyCode ?? moonpayCurrencyCode(config) ?? undefined,
    quoteCurrencyAmount: override.quoteCurrencyAmount ?? (config.amount ? Number(config.amount) : undefined),
    paymentMethod: override.paymentMethod,
    uiConfig: { ...theme, ...override.uiConfig },
  }
}

/**
 * Spec §5: card provider availability per chain and asset: the provider's currency code, or null
 * where it sells nothing. In sandbox mode any Ethereum chain buys test 'eth' / 'usdc' (the sandbox
 * settles on testnets), which is how a local chain is funded in development.
 */
export function moonpayCurrencyCode(config: FundingConfig): string | null {
  if (config.chainType === 'solana') return config.isUSDC ? 'usdc_sol' : config.erc20Address ? null : 'sol'
  if (config.erc20Address && !config.isUSDC) return null
  const codes = MOONPAY_CODES[config.chain!.id] ?? (config.useSandbox ? (['eth', 'usdc'] as [string, string]) : null)
  return codes ? codes[config.isUSDC ? 1 : 0] : null
}

/** Which buttons the chooser offers (spec §2, §5): a card provider needs its option and a supported chain. */
export function availableMethods(config: FundingConfig) {
  const options = config.supportedOptions
  const cardProviders = options.flatMap((o) => (o.method === 'card' && o.provider ? [o.provider] : []))
  const coinbaseChain = config.chainType === 'solana' || (config.chain !== null && config.chain.id in COINBASE_CHAIN_NAMES)
  const coinbaseAsset = config.chainType === 'solana' ? true : !config.erc20Address || config.isUSDC
  const coinbaseOk = coinbaseChain && coinbaseAsset
  const cards = cardProviders.filter((p) => (p === 'coinbase' ? coinbaseOk : moonpayCurrencyCode(config) !== null))
  const preferred = config.preferredCardProvider && cards.includes(config.preferredCardProvider) ? config.preferredCardProvider : cards[0]
  const ordered = preferred ? [preferred, ...cards.filter((p) => p !== preferred)] : []
  // Spec §5: USDC without a known contract disables funding by external wallet.
  const walletOk = options.some((o) => o.method === 'wallets') && (!config.isUSDC || Boolean(config.erc20Address))
  return {
    cardProviders: ordered,
    exchange: options.some((o) => o.method === 'exchange') && coinbaseOk,
    wallets: walletOk,
    manual: true,
  }
}

/** Spec §5: the Coinbase-style on-ramp's chain name, or the error 'Unsupported chainId: <id> for Coinbase Onramp'. */
export function coinbaseBlockchain(config: FundingConfig): string {
  if (config.chainType === 'solana') return 'solana'
  const name = COINBASE_CHAIN_NAMES[config.chain!.id]
  if (!name) throw new FundingError(FUNDING_MESSAGES.coinbaseUnsupportedChain(config.chain!.id), { code: 'UNSUPPORTED_CHAIN_ID' })
  return name
}

/** Spec §5: digits and at most one decimal point; Continue needs more than 0. */
export function isValidFundingAmount(text: string): boolean {
  return /^\d*\.?\d*$/.test(text) && text !== '.' && text !== '' && Number(text) > 0
}

/** Spec §2: the receive QR encodes the address; USDC on Solana adds the token parameter (Solana Pay's `spl-token`). */
export function receiveQrText(config: FundingConfig): string {
  return config.chainType === 'solana' && config.isUSDC ? `solana:${config.address}?spl-token=${config.erc20Address}` : config.address
}
