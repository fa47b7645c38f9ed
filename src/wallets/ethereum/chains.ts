/**
 * The app's configured Ethereum chains and plain JSON-RPC to them. No viem here: the provider
 * object that uses this is on every page, and reads need only fetch.
 */
import type { ChainConfig } from '../../api/types.ts'
import { TRANSACTION_MESSAGES, TransactionError } from '../../errors/transaction.ts'
import { $config } from '../../stores/config.ts'

export type { ChainConfig }

/** Mainnet's explorer: the chain used when an app configured none. */
export const DEFAULT_BLOCK_EXPLORER = 'https://etherscan.io'

/** Chain 1 with its public RPC, when an app configured no chain at all (signing still works). */
const MAINNET: ChainConfig = {
  id: 1,
  name: 'Ethereum',
  rpcUrl: null,
  blockExplorerUrl: DEFAULT_BLOCK_EXPLORER,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  testnet: false,
  sponsored: false,
}

export function configuredChains(): ChainConfig[] {
  const chains = $config.get().app?.chains
  return chains && chains.length ? chains : [MAINNET]
}

export function defaultChainId(): number {
  const app = $config.get().app
  const chains = configuredChains()
  return chains.find((c) => c.id === app?.defaultChain)?.id ?? chains[0]!.id
}

/**
 * Accepts 1, '1', '0x1' (EIP-1193's hex) or 'eip155:1'. A CAIP-2 reference is decimal ('eip155:0x1'
 * is no chain id), as the server reads it.
 */
export function parseChainId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null
  if (typeof value !== 'string') return null
  const caip2 = value.startsWith('eip155:')
  const text = caip2 ? value.slice(7) : value
  const id = !caip2 && /^0x[0-9a-f]+$/i.test(text) ? parseInt(text, 16) : /^\d+$/.test(text) ? Number(text) : NaN
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

/** Spec part 3 §5: a transaction's chain must be among the configured ones (UNSUPPORTED_CHAIN_ID). */
export function requireChain(chainId: unknown): ChainConfig {
  const id = parseChainId(chainId)
  const chain = id === null ? undefined : configuredChains().find((c) => c.id === id)
  if (!chain) throw new TransactionError(TRANSACTION_MESSAGES.unsupportedChain(String(chainId)), { code: 'UNSUPPORTED_CHAIN_ID' })
  return chain
}

/**
 * The chain's block explorer, or null when it has none: no link then (a local chain's transaction is
 * not on mainnet Etherscan). Spec part 3 §9's default explorer is filled in by the server, which gives
 * every chain it knows its own explorer (server/services/chains.ts).
 */
export function explorerUrl(chain: ChainConfig): string | null {
  return chain.blockExplorerUrl ? chain.blockExplorerUrl.replace(/\/+$/, '') : null
}

/** An address's or a transaction's page on the chain's explorer; null without one. */
export function explorerLink(chain: ChainConfig, kind: 'address' | 'tx', id: string): string | null {
  const base = explorerUrl(chain)
  return base ? `${base}/${kind}/${id}` : null
}

/** An error the chain's RPC answered, with its JSON-RPC code and data (revert reasons). */
export class RpcResponseError extends Error {
  override name = 'RpcResponseError'
  constructor(
    message: string,
    readonly code: number,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

let rpcId = 0
/** An RPC that does not answer must not leave the confirmation screen preparing forever. */
const RPC_TIMEOUT_MS = 20_000

/** One JSON-RPC call to the chain's RPC URL. */
export async function chainRpc(chain: ChainConfig, method: string, params: unknown[] = []): Promise<unknown> {
  if (!chain.rpcUrl) throw new RpcResponseError(`No RPC URL configured for chain ${chain.id}`, 4900)
  const response = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
    signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
  })
  if (!response.ok) throw new RpcResponseError(`RPC answered HTTP ${response.status}`, -32603)
  const reply = (await response.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } }
  if (reply.error) throw new RpcResponseError(reply.error.message, reply.error.code, reply.error.data)
  return reply.result
}
