/**
 * Moves an external Ethereum wallet onto a chain before it sends (spec part 3 §7 'switch and add
 * chain'): wallet_switchEthereumChain (EIP-3326), and when the wallet does not know the chain (4902),
 * wallet_addEthereumChain (EIP-3085) with the app's chain, then the switch again (a wallet that
 * switches on add answers the second switch at once).
 */
import type { ChainConfig } from '../../api/types.ts'
import { explorerUrl } from './chains.ts'

type Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> }

/** EIP-3326: 'Unrecognized chain ID'. Some wallets wrap it (MetaMask mobile: data.originalError.code). */
export const UNRECOGNIZED_CHAIN = 4902

const isUnrecognizedChain = (error: unknown): boolean => {
  const e = error as { code?: unknown; data?: { originalError?: { code?: unknown } } } | null
  return e?.code === UNRECOGNIZED_CHAIN || e?.data?.originalError?.code === UNRECOGNIZED_CHAIN
}

/** The EIP-3085 parameters of an app chain; an RPC URL is required, so a chain without one cannot be added. */
export function addChainParameters(chain: ChainConfig) {
  const explorer = explorerUrl(chain)
  return {
    chainId: `0x${chain.id.toString(16)}`,
    chainName: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: chain.rpcUrl ? [chain.rpcUrl] : [],
    ...(explorer && { blockExplorerUrls: [explorer] }),
  }
}

/** Switches `provider` to `chain` unless it is there already, adding the chain first when the wallet lacks it. */
export async function switchOrAddChain(provider: Provider, chain: ChainConfig): Promise<void> {
  const chainId = `0x${chain.id.toString(16)}`
  if ((await provider.request({ method: 'eth_chainId' })) === chainId) return
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
  } catch (error) {
    if (!isUnrecognizedChain(error) || !chain.rpcUrl) throw error
    await provider.request({ method: 'wallet_addEthereumChain', params: [addChainParameters(chain)] })
    if ((await provider.request({ method: 'eth_chainId' })) !== chainId) await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
  }
}
