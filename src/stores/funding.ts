import { atom } from 'nanostores'
import type { AppFundingConfig, ChainConfig } from '../api/types.ts'

export type FundingMethod = 'card' | 'exchange' | 'wallet' | 'manual'

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
  crossChainBridgingEnabled: boolean
  uiConfig: { receiveFundsTitle?: string; receiveFundsSubtitle?: string }
  errorMessage: string | null
  showAlternateFundingMethod: boolean
  useSandbox: boolean
  connectedWalletAddress: string | null
}

/** The funding flow in progress; null when none (src/funding/session.ts runs it). */
export const $funding = atom<FundingConfig | null>(null)
