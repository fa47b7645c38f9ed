import { atom } from 'nanostores'
import type { AppFundingConfig, ChainConfig } from '../api/types.ts'

export type FundingMethod = 'card' | 'exchange' | 'wallet' | 'manual'

/**
 * Spec part 3 §3 `moonpayConfigOverride`: what the host sets of the card provider's signed widget
 * URL (the sign call's `config`), over the widget's own choices (asset code, amount, theme, accent).
 */
export interface MoonpayConfigOverride {
  /** The provider's payment method id, e.g. 'credit_debit_card', 'apple_pay', 'sepa_bank_transfer'. */
  paymentMethod?: string
  currencyCode?: string
  quoteCurrencyAmount?: number
  uiConfig?: { accentColor?: string; theme?: 'light' | 'dark' }
}

/** The funding flow in progress: what the screens render (built by src/funding/config.ts). */
export interface FundingConfig {
  chainType: 'ethereum' | 'solana'
  address: string
  amount: string | null
  /** The host gave the amount (fundWallet's `amount`); else a card or exchange purchase asks for it first (the amount step). */
  amountGiven: boolean
  /** Ethereum: the chain funded. */
  chain: ChainConfig | null
  /** Solana: the cluster funded (the app's `solanaCluster`; spec §9 default mainnet-beta), its RPC URL and the network name shown. */
  cluster: { name: string; rpcUrl: string; label: string; usdcMint?: string | null } | null
  erc20Address: string | null
  isUSDC: boolean
  /** Symbol and decimals of what is funded (native: the chain's currency; USDC 6; other ERC-20s read from the chain). */
  symbol: string
  decimals: number | null
  supportedOptions: AppFundingConfig['options']
  comingFromSendTransactionScreen: boolean
  defaultFundingMethod: FundingMethod | null
  usingDefaultFundingMethod: boolean
  preferredCardProvider: 'moonpay' | 'coinbase' | null
  /** The host's settings for the card provider's sign call (spec part 3 §3); null when none. */
  moonpayConfigOverride?: MoonpayConfigOverride | null
  crossChainBridgingEnabled: boolean
  uiConfig: { receiveFundsTitle?: string; receiveFundsSubtitle?: string }
  errorMessage: string | null
  showAlternateFundingMethod: boolean
  useSandbox: boolean
  connectedWalletAddress: string | null
}

/** The funding flow in progress; null when none (src/funding/session.ts runs it). */
export const $funding = atom<FundingConfig | null>(null)
