/**
 * The app's smart-wallet setting (public: `smartWallets`, contract/src/routes/app-config.ts) and
 * what it means: defaults, the served form (per chain the EntryPoint version and this server's
 * paymaster endpoint), the owner-facing check. ARCHITECTURE.md 'Smart wallets'.
 */
import type { PublicSmartWalletsConfig } from '@gatehouse/contract/routes'
import { API_PREFIX } from '@gatehouse/contract/routes/prefix'

export interface SmartWalletChainInput {
  id: number
  bundlerUrl: string
  entryPoint: string
  factory: string
  paymaster?: string | null
}

export interface SmartWalletsInput {
  enabled?: boolean
  accountType?: 'solady'
  chains?: SmartWalletChainInput[]
}

export const DEFAULT_SMART_WALLETS: PublicSmartWalletsConfig = { enabled: false, accountType: 'solady', chains: [] }

/** The path of the ERC-7677 paymaster endpoint (routes/smart-wallets.ts). */
export const PAYMASTER_PATH = `${API_PREFIX}/smart_wallets/paymaster`

/**
 * The served form. `paymasterBase`: this server's public URL when it holds a paymaster key
 * (GATEHOUSE_PAYMASTER_SIGNER_KEY), else null (no chain is sponsored through it).
 */
export function publicSmartWallets(input: SmartWalletsInput | undefined, paymasterBase: string | null): PublicSmartWalletsConfig {
  return {
    enabled: input?.enabled ?? DEFAULT_SMART_WALLETS.enabled,
    accountType: input?.accountType ?? DEFAULT_SMART_WALLETS.accountType,
    chains: (input?.chains ?? []).map((c) => ({
      id: c.id,
      bundlerUrl: c.bundlerUrl,
      entryPoint: c.entryPoint,
      entryPointVersion: '0.7' as const,
      factory: c.factory,
      paymaster: c.paymaster ?? null,
      paymasterUrl: c.paymaster && paymasterBase ? `${paymasterBase}${PAYMASTER_PATH}` : null,
    })),
  }
}

/** Owner-facing problem: each smart-wallet chain must be one of the app's chains, named once, over https outside development. */
export function smartWalletsProblem(input: SmartWalletsInput | undefined, chainIds: number[], dev: boolean): string | null {
  const seen = new Set<number>()
  for (const c of input?.chains ?? []) {
    if (!chainIds.includes(c.id)) return `smartWallets.chains: chain ${c.id} is not one of the app's chains`
    if (seen.has(c.id)) return `smartWallets.chains: chain ${c.id} is listed twice`
    seen.add(c.id)
    if (!dev && !c.bundlerUrl.startsWith('https://')) return `smartWallets.chains: chain ${c.id}'s bundlerUrl must use https`
  }
  return null
}
