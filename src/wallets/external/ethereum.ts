/**
 * Ethereum wallets through @wagmi/core: EIP-6963 discovery (wagmi's multi-injected provider
 * discovery) plus the legacy `window.ethereum` when nothing announces itself. Heavy (wagmi + viem):
 * only the wallet screens import this module.
 */
import {
  connect,
  createConfig,
  disconnect,
  getConnectors,
  injected,
  reconnect,
  signMessage,
  switchChain,
  watchConnections,
  watchConnectors,
  type Config,
  type Connector,
  type CreateConnectorFn,
} from '@wagmi/core'
import { arbitrum, base, mainnet, optimism, polygon, sepolia } from '@wagmi/core/chains'
import { http } from 'viem'
import type { DetectedWallet } from './walletOptions.ts'

/** Chains a SIWE login may name; a wallet on any other is asked to switch to mainnet. */
export const SUPPORTED_CHAINS = [mainnet, base, optimism, arbitrum, polygon, sepolia] as const

export interface EthereumConnection {
  address: `0x${string}`
  chainId: number
  connector: Connector
}

interface Ethereum {
  config: Config
  /** The legacy window.ethereum connector (only offered when no EIP-6963 wallet announced). */
  legacy: Connector | null
}

let instance: Ethereum | null = null

function setup(): Ethereum {
  if (instance) return instance
  const hasLegacy = typeof window !== 'undefined' && Boolean((window as { ethereum?: unknown }).ethereum)
  const config = createConfig({
    chains: SUPPORTED_CHAINS,
    connectors: hasLegacy ? [injected({ shimDisconnect: false })] : [],
    multiInjectedProviderDiscovery: true,
    // Connections are remembered per app id by the widget itself, not under wagmi's global key.
    storage: null,
    transports: Object.fromEntries(SUPPORTED_CHAINS.map((c) => [c.id, http()])) as Record<number, ReturnType<typeof http>>,
  })
  instance = { config, legacy: config.connectors.find((c) => c.id === 'injected') ?? null }
  return instance
}

/** Wallets found so far: EIP-6963 announcements, or the legacy injected provider when there are none. */
export function detectEthereumWallets(): DetectedWallet[] {
  const { config, legacy } = setup()
  const announced = getConnectors(config).filter((c) => c.id !== 'injected' && c.type === 'injected')
  const rows: DetectedWallet[] = announced.map((c) => ({
    chainType: 'ethereum',
    id: c.id,
    name: c.name,
    icon: c.icon ?? null,
    rdns: typeof c.rdns === 'string' ? c.rdns : c.id,
  }))
  if (!rows.length && legacy) rows.push({ chainType: 'ethereum', id: 'injected', name: 'Browser wallet', icon: null })
  return rows
}

/** Calls `listener` whenever wallets announce themselves. */
export function watchEthereumWallets(listener: () => void): () => void {
  return watchConnectors(setup().config, { onChange: listener })
}

function connectorById(id: string): Connector {
  const connector = getConnectors(setup().config).find((c) => c.id === id)
  if (!connector) throw new Error(`Wallet ${id} is no longer available`)
  return connector
}

/**
 * Adds a connector that is not discovered but built on demand (WalletConnect, Coinbase Wallet,
 * Base account) to the config, once per id; answers the registered one.
 */
export function ensureConnector(id: string, fn: CreateConnectorFn): Connector {
  const { config } = setup()
  const existing = getConnectors(config).find((c) => c.id === id)
  if (existing) return existing
  const connector = config._internal.connectors.setup(fn)
  config._internal.connectors.setState((all) => [...all, connector])
  return connector
}

/** Asks the wallet for its accounts (the wallet's connect prompt). */
export async function connectEthereum(id: string): Promise<EthereumConnection> {
  const { config } = setup()
  const connector = connectorById(id)
  // A wallet already connected through this connector (a retry) is reused, not re-prompted.
  const current = config.state.connections.get(connector.uid)
  if (current) return { address: current.accounts[0]!, chainId: current.chainId, connector }
  const result = await connect(config, { connector })
  return { address: result.accounts[0], chainId: result.chainId, connector }
}

/**
 * Silently restores a connection the wallet still authorises (eth_accounts, no prompt); null when
 * the wallet is gone, forgot this site, or now answers for another address.
 */
export async function reconnectEthereum(id: string, address: string): Promise<EthereumConnection | null> {
  const { config } = setup()
  const connector = getConnectors(config).find((c) => c.id === id)
  if (!connector) return null
  const [restored] = await reconnect(config, { connectors: [connector] })
  const account = restored?.accounts.find((a) => a.toLowerCase() === address.toLowerCase())
  return account ? { address: account, chainId: restored!.chainId, connector } : null
}

export const isSupportedChain = (chainId: number) => SUPPORTED_CHAINS.some((c) => c.id === chainId)

/** Moves the wallet to mainnet (spec: switching_to_supported_chain). */
export async function switchToSupportedChain(connection: EthereumConnection): Promise<EthereumConnection> {
  const chain = await switchChain(setup().config, { chainId: mainnet.id, connector: connection.connector })
  return { ...connection, chainId: chain.id }
}

export function signEthereumMessage(connection: EthereumConnection, message: string): Promise<`0x${string}`> {
  return signMessage(setup().config, { account: connection.address, connector: connection.connector, message })
}

export async function disconnectEthereum(connector: Connector): Promise<void> {
  await disconnect(setup().config, { connector })
}

/** Calls back with the connector uid of every connection that went away (the wallet disconnected). */
export function watchEthereumDisconnects(listener: (connectorUid: string) => void): () => void {
  const { config } = setup()
  let known = new Set(config.state.connections.keys())
  return watchConnections(config, {
    onChange() {
      const now = new Set(config.state.connections.keys())
      for (const uid of known) if (!now.has(uid)) listener(uid)
      known = now
    },
  })
}

/**
 * Calls back with the new connection when the wallet behind connector `uid` switches to another
 * account (EIP-1193 `accountsChanged`, which wagmi turns into a connection `change`). An empty
 * account list is a disconnect (see watchEthereumDisconnects), not a switch.
 */
export function watchEthereumAccountSwitch(uid: string, address: string, listener: (connection: EthereumConnection) => void): () => void {
  const { config } = setup()
  let current = address.toLowerCase()
  return watchConnections(config, {
    onChange() {
      const connection = config.state.connections.get(uid)
      const next = connection?.accounts[0]
      if (!connection || !next || next.toLowerCase() === current) return
      current = next.toLowerCase()
      listener({ address: next, chainId: connection.chainId, connector: connection.connector })
    },
  })
}
