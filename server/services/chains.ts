/**
 * The Ethereum chains an app transacts on. The owner names chains by id and may override any
 * field; viem's chain definitions fill in what a known id leaves out (name, public RPC, explorer,
 * native currency), so `{ id: 8453 }` is enough for Base.
 */
import * as viemChains from 'viem/chains'
import type { AppInput, ChainConfig } from '@gatehouse/contract/routes'
import { isTrustedFetchUrl } from './trusted-url.js'

/** A chain as the owner gives it (the admin schema's `chains` items). */
export type ChainInput = NonNullable<AppInput['chains']>[number]

/** What the browser needs of a chain (public app config: the contract's chainConfigSchema). */
export type { ChainConfig }

interface ViemChainLike {
  id: number
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[] } }
  blockExplorers?: { default: { url: string } }
  testnet?: boolean
}

let known: Map<number, ViemChainLike> | null = null

/** viem's definition of a chain id; the first one listed wins where several share an id. */
export function knownChain(id: number): ViemChainLike | undefined {
  if (!known) {
    known = new Map()
    for (const chain of Object.values(viemChains) as ViemChainLike[]) {
      if (chain && typeof chain.id === 'number' && !known.has(chain.id)) known.set(chain.id, chain)
    }
  }
  return known.get(id)
}

export function resolveChain(input: ChainInput): ChainConfig {
  const base = knownChain(input.id)
  return {
    id: input.id,
    name: input.name ?? base?.name ?? `Chain ${input.id}`,
    rpcUrl: input.rpcUrl ?? base?.rpcUrls.default.http[0] ?? null,
    blockExplorerUrl: input.blockExplorerUrl !== undefined ? input.blockExplorerUrl : (base?.blockExplorers?.default.url ?? null),
    nativeCurrency: input.nativeCurrency ?? base?.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
    testnet: input.testnet ?? base?.testnet ?? false,
    sponsored: input.sponsored ?? false,
    ...(input.usdcAddress ? { usdcAddress: input.usdcAddress } : {}),
  }
}

/** The app's chains filled in, and its default chain: the one named, else the first listed. */
export function resolveChains(inputs: ChainInput[] | undefined, defaultChain: number | null | undefined) {
  const chains = (inputs ?? []).map(resolveChain)
  const fallback = chains[0]?.id ?? null
  return { chains, defaultChain: defaultChain != null && chains.some((c) => c.id === defaultChain) ? defaultChain : fallback }
}

/** Owner-facing problem with a chain list, or null. */
export function chainsProblem(inputs: ChainInput[] | undefined, defaultChain: number | null | undefined, dev: boolean): string | null {
  const ids = new Set<number>()
  for (const chain of inputs ?? []) {
    if (ids.has(chain.id)) return `chains lists chain ${chain.id} twice`
    ids.add(chain.id)
    if (!chain.rpcUrl && !knownChain(chain.id)) return `chains: chain ${chain.id} is not known; give its rpcUrl`
    // Browsers send signed transactions there; plain http only in development (a local chain).
    if (chain.rpcUrl && !isTrustedFetchUrl(chain.rpcUrl, dev)) return `chains: the rpcUrl of chain ${chain.id} must be an https URL`
  }
  if (defaultChain != null && !ids.has(defaultChain)) return `defaultChain ${defaultChain} is not in chains`
  return null
}
