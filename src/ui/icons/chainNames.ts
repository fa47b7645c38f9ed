/** The spec's chain icon names by chain id (spec part 3 §9); 'solana' for any Solana cluster. */
export const CHAIN_ICON_IDS: Record<number, string> = {
  1: 'mainnet',
  10: 'optimism',
  137: 'polygon',
  8453: 'base',
  42161: 'arbitrum',
  42220: 'celo',
  43114: 'avalanche',
  59144: 'linea',
  7777777: 'zora',
}

/** The icon name for a chain (an EVM chain id, or 'solana'), or null when the set has none. */
export const chainIconName = (chain: number | 'solana'): string | null => (chain === 'solana' ? 'solana' : (CHAIN_ICON_IDS[chain] ?? null))
