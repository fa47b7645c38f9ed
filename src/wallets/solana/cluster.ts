/**
 * The app's Solana cluster (public app config `solanaCluster`; spec part 3 §9: mainnet-beta by
 * default): the RPC URL the widget reads and sends through, and the name the Network row shows.
 */
import { $config } from '../../stores/config.ts'

export const PUBLIC_CLUSTERS: Record<string, { rpcUrl: string; label: string }> = {
  'mainnet-beta': { rpcUrl: 'https://api.mainnet-beta.solana.com', label: 'Solana' },
  devnet: { rpcUrl: 'https://api.devnet.solana.com', label: 'Solana Devnet' },
  testnet: { rpcUrl: 'https://api.testnet.solana.com', label: 'Solana Testnet' },
}

export interface SolanaCluster {
  name: string
  rpcUrl: string
  /** For the Network row. */
  label: string
}

/** The app's cluster with its RPC URL filled in. */
export function appCluster(): SolanaCluster {
  const configured = $config.get().app?.solanaCluster ?? { name: 'mainnet-beta', rpcUrl: null }
  const known = PUBLIC_CLUSTERS[configured.name]
  return {
    name: configured.name,
    rpcUrl: configured.rpcUrl ?? known?.rpcUrl ?? PUBLIC_CLUSTERS['mainnet-beta']!.rpcUrl,
    label: known?.label ?? `Solana (${configured.name})`,
  }
}

/** Spec part 3 §9: SOL has 9 decimals, USDC 6. */
export const SOL_DECIMALS = 9
export const USDC_DECIMALS = 6
/** Spec part 3 §7: SOL's price is asked on chain id 0. */
export const SOL_PRICE_CHAIN_ID = 0
