/**
 * The connector manager (spec part 2 §4): discovers wallets of both chains, connects the one the
 * user picked, and keeps `$externalWallets` (the host's `wallets`) in step with connect and
 * disconnect. The wallet screens import it dynamically: it is the chunk that carries wagmi, viem
 * and the Wallet Standard.
 */
import { publish } from '../../events/bus.ts'
import { $config } from '../../stores/config.ts'
import { $detectedWallets, $externalWallets, type ExternalWallet } from '../../stores/externalWallets.ts'
import type { SelectedWallet } from '../../stores/modal.ts'
import type { WalletChainType } from '../../stores/walletFlow.ts'
import * as eth from './ethereum.ts'
import { WALLET_LISTING } from './listing.ts'
import * as sol from './solana.ts'
import { clearActiveConnection, setActiveConnection } from './storage.ts'
import type { WalletSigner } from './walletAuth.ts'
import { normalizeWalletName, type DetectedWallet } from './walletOptions.ts'

export { walletOptions, searchWallets, showSearch } from './walletOptions.ts'
export { WALLET_LISTING } from './listing.ts'
export { fetchRemoteListing } from './remoteListing.ts'

export { $detectedWallets }

let started = false

/** Starts discovery once (EIP-6963 request, Wallet Standard app-ready); later calls are no-ops. */
export function startDiscovery(): void {
  if (started) return
  started = true
  const refresh = () => $detectedWallets.set([...eth.detectEthereumWallets(), ...sol.detectSolanaWallets()])
  refresh()
  eth.watchEthereumWallets(refresh)
  sol.watchSolanaWallets(refresh)
}

export interface ConnectedWallet {
  signer: WalletSigner
  wallet: ExternalWallet
  /** The Solana wallet can sign transactions (offered the Ledger path). */
  canSignTransactions: boolean
}

const walletClientTypeOf = (selected: SelectedWallet) => selected.listingId ?? (normalizeWalletName(selected.label).replace(/-/g, '_') || 'unknown')

function announce(wallet: ExternalWallet, connectorId: string): void {
  const others = $externalWallets.get().filter((w) => !(w.address === wallet.address && w.chainType === wallet.chainType))
  $externalWallets.set([...others, wallet])
  const { appId } = $config.get()
  if (appId) {
    setActiveConnection(appId, {
      address: wallet.address,
      connectorType: wallet.connectorType,
      walletClientType: wallet.walletClientType,
      connectedAt: wallet.connectedAt,
      id: connectorId,
      chainType: wallet.chainType,
    })
  }
  publish('wallet-connected', { wallet })
}

function forget(wallet: ExternalWallet): void {
  const before = $externalWallets.get()
  const after = before.filter((w) => w !== wallet)
  if (after.length === before.length) return
  $externalWallets.set(after)
  const { appId } = $config.get()
  if (appId) clearActiveConnection(appId)
  publish('wallet-disconnected', { wallet })
}

/**
 * Connects the picked wallet on `chainType`. `onSwitching` is called when an Ethereum wallet is on
 * an unsupported chain and is being asked to switch (spec: switching_to_supported_chain).
 */
export async function connectSelected(
  selected: SelectedWallet,
  chainType: WalletChainType,
  onSwitching: () => void,
  hooks: { onDisplayUri?: (uri: string) => void } = {},
): Promise<ConnectedWallet> {
  const walletClientType = walletClientTypeOf(selected)
  const meta = { name: selected.label, icon: selected.icon, id: selected.listingId ?? selected.key }
  if (chainType === 'ethereum' && selected.connector === 'wallet_connect_v2') {
    // Its own chunk (the WalletConnect SDK): fetched only when a WalletConnect wallet is picked.
    const wc = await import('./walletConnect.ts')
    const connection = await wc.connectWalletConnect((uri) => hooks.onDisplayUri?.(uri))
    const onChain = { ...(await onSupportedChain(connection, onSwitching)), topic: connection.topic }
    return adoptEthereum(onChain, { id: connection.topic, walletClientType, meta, connectorType: 'wallet_connect_v2' })
  }
  if (chainType === 'ethereum' && (selected.connector === 'coinbase_wallet' || selected.connector === 'base_account')) {
    const cb = await import('./coinbase.ts')
    const connection = await onSupportedChain(await cb.connectCoinbase(selected.connector), onSwitching)
    return adoptEthereum(connection, { id: selected.connector, walletClientType, meta, connectorType: selected.connector })
  }
  const id = selected.detectedIds[chainType]
  if (!id) throw new Error(`${selected.label} is not installed`)
  if (chainType === 'ethereum') {
    return adoptEthereum(await onSupportedChain(await eth.connectEthereum(id), onSwitching), { id, walletClientType, meta })
  }
  return adoptSolana(await sol.connectSolana(id), { id, walletClientType, meta })
}

/** Every Ethereum connector: a wallet on an unsupported chain is asked to switch (spec: switching_to_supported_chain). */
async function onSupportedChain(connection: eth.EthereumConnection, onSwitching: () => void): Promise<eth.EthereumConnection> {
  if (eth.isSupportedChain(connection.chainId)) return connection
  onSwitching()
  return eth.switchToSupportedChain(connection)
}

interface Adopted {
  /** The connector id (EIP-6963 rdns, 'injected') or the Wallet Standard name. */
  id: string
  walletClientType: string
  meta: ExternalWallet['meta']
  connectedAt?: number
  /** Defaults to 'injected'. */
  connectorType?: ExternalWallet['connectorType']
}

/** Lists an Ethereum connection as a host wallet (once per address) and answers its signer. */
export function adoptEthereum(connection: eth.EthereumConnection, o: Adopted): ConnectedWallet {
  const existing = $externalWallets.get().find((w) => w.chainType === 'ethereum' && w.address === connection.address)
  const wallet = existing ?? ethereumWallet(connection, o)
  if (!existing) {
    announce(wallet, o.id)
    followEthereum(wallet, connection, o)
  }
  const signer: WalletSigner = {
    chainType: 'ethereum',
    address: connection.address,
    chainId: connection.chainId,
    walletClientType: o.walletClientType,
    connectorType: o.connectorType ?? 'injected',
    signMessage: (message) => eth.signEthereumMessage(connection, message),
  }
  return { signer, wallet, canSignTransactions: false }
}

function ethereumWallet(connection: eth.EthereumConnection, o: Adopted): ExternalWallet {
  const wallet: ExternalWallet = {
    address: connection.address,
    chainType: 'ethereum',
    chainId: `eip155:${connection.chainId}`,
    walletClientType: o.walletClientType,
    connectorType: o.connectorType ?? 'injected',
    connectedAt: o.connectedAt ?? Date.now(),
    meta: o.meta,
    getEthereumProvider: () => connection.connector.getProvider(),
    disconnect: async () => {
      await eth.disconnectEthereum(connection.connector)
      forget(wallet)
    },
  }
  return wallet
}

/**
 * Keeps the listed wallet in step with its connector (spec part 2 §4: accounts-synced and
 * disconnect events update the wallet list). When the wallet app switches account
 * (`accountsChanged`), the entry for the old address is replaced by one for the new address,
 * announced with `wallet-disconnected` / `wallet-connected`, and the stored active connection
 * follows; when the connection goes away, the entry is removed.
 */
function followEthereum(first: ExternalWallet, connection: eth.EthereumConnection, o: Adopted): void {
  const uid = connection.connector.uid
  let current = first
  const stopSwitch = eth.watchEthereumAccountSwitch(uid, connection.address, (next) => {
    const replacement = ethereumWallet(next, { ...o, connectedAt: current.connectedAt })
    const listed = $externalWallets.get()
    if (!listed.includes(current)) return
    $externalWallets.set(listed.filter((w) => w !== current))
    publish('wallet-disconnected', { wallet: current })
    current = replacement
    announce(replacement, o.id)
  })
  const stopGone = eth.watchEthereumDisconnects((gone) => {
    if (gone !== uid) return
    stopGone()
    stopSwitch()
    forget(current)
  })
}

/** Lists a Solana connection as a host wallet (once per address) and answers its signer. */
export function adoptSolana(connection: sol.SolanaConnection, o: Adopted): ConnectedWallet {
  const existing = $externalWallets.get().find((w) => w.chainType === 'solana' && w.address === connection.address)
  const wallet: ExternalWallet = existing ?? {
    address: connection.address,
    chainType: 'solana',
    chainId: `solana:${connection.cluster}`,
    walletClientType: o.walletClientType,
    connectorType: 'solana_adapter',
    connectedAt: o.connectedAt ?? Date.now(),
    meta: o.meta,
    signSolanaTransaction: sol.canSignTransactions(connection) ? (transaction) => sol.signSolanaTransactionBytes(connection, transaction) : undefined,
    disconnect: async () => {
      await sol.disconnectSolana(connection)
      forget(wallet)
    },
  }
  if (!existing) {
    announce(wallet, o.id)
    const stop = sol.watchSolanaDisconnect(connection, () => {
      stop()
      forget(wallet)
    })
  }
  const signer: WalletSigner = {
    chainType: 'solana',
    address: connection.address,
    chainId: connection.cluster,
    walletClientType: o.walletClientType,
    connectorType: 'solana_adapter',
    signMessage: (text) => sol.signSolanaMessage(connection, text),
    signMemoTransaction: sol.canSignTransactions(connection) ? (text) => sol.signSolanaMemoTransaction(connection, text) : undefined,
  }
  return { signer, wallet, canSignTransactions: sol.canSignTransactions(connection) }
}

export const listingById = (id: string | undefined) => WALLET_LISTING.find((l) => l.id === id)
