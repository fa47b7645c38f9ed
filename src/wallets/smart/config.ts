/**
 * The app's smart-wallet settings as the public app config serves them, read without viem: the
 * provider object and the host methods are on every page, the account-abstraction code loads with
 * the first smart-wallet call (./client.ts).
 */
import { SmartWalletError, SMART_WALLET_MESSAGES } from '../../errors/smartWallet.ts'
import { $config } from '../../stores/config.ts'
import { $session } from '../../stores/session.ts'
import type { SmartWalletsConfig } from '../../api/types.ts'
import { configuredChains, defaultChainId, type ChainConfig } from '../ethereum/chains.ts'

/** One chain's ERC-4337 endpoints and contracts, as the widget uses them. */
export interface SmartWalletChainSettings {
  chain: ChainConfig
  /** The smart account implementation (the app setting's account type). */
  accountType: string
  /** The EntryPoint the accounts use, and its version ('0.7', '0.8'). */
  entryPoint: { address: `0x${string}`; version: string }
  /** The account factory (counterfactual address, deployment with the first operation). */
  factoryAddress: `0x${string}`
  /** The bundler's JSON-RPC URL (eth_sendUserOperation, eth_estimateUserOperationGas, …). */
  bundlerUrl: string
  /** Our server's ERC-7677 paymaster endpoint; null: the account pays its own gas. */
  paymasterUrl: string | null
}

const wire = (): SmartWalletsConfig | null => {
  const config = $config.get().app?.smartWallets
  return config?.enabled ? config : null
}

/** Whether the app turned smart wallets on for any chain. */
export const smartWalletsEnabled = (): boolean => (wire()?.chains?.length ?? 0) > 0

/** The settings of `chainId` (default: the app's default chain, else its first smart-wallet chain); null when off there. */
export function smartWalletSettings(chainId?: number): SmartWalletChainSettings | null {
  const config = wire()
  if (!config?.chains.length) return null
  const wanted = chainId ?? (config.chains.some((c) => c.id === defaultChainId()) ? defaultChainId() : config.chains[0]!.id)
  const entry = config.chains.find((c) => c.id === wanted)
  const chain = configuredChains().find((c) => c.id === wanted)
  if (!entry || !chain) return null
  const base = $config.get().apiUrl || location.href
  return {
    chain,
    accountType: config.accountType,
    entryPoint: { address: entry.entryPoint as `0x${string}`, version: entry.entryPointVersion },
    factoryAddress: entry.factory as `0x${string}`,
    bundlerUrl: new URL(entry.bundlerUrl, base).href,
    paymasterUrl: entry.paymasterUrl ? new URL(entry.paymasterUrl, base).href : null,
  }
}

/** The settings of `chainId`, or the reason there are none (a clear error for the host). */
export function requireSmartWalletSettings(chainId?: number): SmartWalletChainSettings {
  const settings = smartWalletSettings(chainId)
  if (!settings) {
    throw new SmartWalletError(SMART_WALLET_MESSAGES.notEnabled, { code: 'SMART_WALLETS_NOT_ENABLED', details: chainId ? `chain ${chainId}` : undefined })
  }
  return settings
}

/** The smart wallets the server lists on the user (`smart_wallet` linked accounts). */
export function linkedSmartWallets(): { address: string; smartWalletType: string | null }[] {
  const user = $session.get().user as { linkedAccounts?: { type: string; address?: unknown; smartWalletType?: unknown }[] } | null
  return (user?.linkedAccounts ?? [])
    .filter((a) => a.type === 'smart_wallet' && typeof a.address === 'string')
    .map((a) => ({ address: a.address as string, smartWalletType: typeof a.smartWalletType === 'string' ? a.smartWalletType : null }))
}

/** Smart-account addresses computed on this page, by owner (embedded signer) and chain: the provider recognises them. */
const known = new Map<string, { owner: string; chainId: number }>()

export function rememberSmartWallet(address: string, owner: string, chainId: number): void {
  known.set(address.toLowerCase(), { owner, chainId })
}

/** Whether `address` is one of the user's smart wallets (linked on the server, or computed here). */
export function isSmartWalletAddress(address: string): boolean {
  const lower = address.toLowerCase()
  return known.has(lower) || linkedSmartWallets().some((w) => w.address.toLowerCase() === lower)
}

/** The embedded signer that owns a smart wallet computed on this page; null when unknown. */
export function smartWalletOwner(address: string): { owner: string; chainId: number } | null {
  return known.get(address.toLowerCase()) ?? null
}
