/**
 * Reconnecting the stored active connection after a reload (spec part 2 §3 "Stored wallet
 * connection"). Part of the manager chunk: it loads only for a browser that has a stored
 * connection for the app, never for a first visit.
 */
import { $config } from '../../stores/config.ts'
import * as eth from './ethereum.ts'
import { $detectedWallets, adoptEthereum, adoptSolana, startDiscovery, type ConnectedWallet } from './manager.ts'
import * as sol from './solana.ts'
import { clearActiveConnection, type StoredWalletConnection } from './storage.ts'
import type { DetectedWallet } from './walletOptions.ts'

/** How long a stored wallet gets to announce itself (EIP-6963 / Wallet Standard) after a reload. */
export const RESTORE_DISCOVERY_MS = 1500

function detected(stored: StoredWalletConnection, waitMs: number): Promise<DetectedWallet | null> {
  const find = () => $detectedWallets.get().find((w) => w.chainType === stored.chainType && w.id === stored.id) ?? null
  return new Promise((resolve) => {
    const found = find()
    if (found) return resolve(found)
    const timer = setTimeout(() => (off(), resolve(find())), waitMs)
    const off = $detectedWallets.listen(() => {
      const hit = find()
      if (!hit) return
      clearTimeout(timer)
      off()
      resolve(hit)
    })
  })
}

/**
 * Restores `stored` without a prompt when the wallet still trusts the site and answers for the
 * same address; lists it in `wallets` and announces `wallet-connected`. Otherwise the stored
 * connection is forgotten and null is answered.
 */
export async function restoreStoredConnection(stored: StoredWalletConnection, waitMs = RESTORE_DISCOVERY_MS): Promise<ConnectedWallet | null> {
  if (stored.connectorType === 'wallet_connect_v2') return restoreWalletConnectSession(stored)
  startDiscovery()
  const wallet = await detected(stored, waitMs)
  let restored: ConnectedWallet | null = null
  if (wallet) {
    const o = {
      id: stored.id,
      walletClientType: stored.walletClientType,
      connectedAt: stored.connectedAt,
      meta: { name: wallet.name, icon: wallet.icon, id: stored.walletClientType },
    }
    try {
      if (stored.chainType === 'ethereum') {
        const connection = await eth.reconnectEthereum(stored.id, stored.address)
        if (connection) restored = adoptEthereum(connection, o)
      } else {
        const connection = await sol.connectSolana(stored.id, { silent: true })
        if (connection.address === stored.address) restored = adoptSolana(connection, o)
      }
    } catch {
      restored = null
    }
  }
  const { appId } = $config.get()
  if (!restored && appId) clearActiveConnection(appId)
  return restored
}

/** WalletConnect: the session lives in the SDK's storage (IndexedDB), keyed by its topic (`stored.id`). */
async function restoreWalletConnectSession(stored: StoredWalletConnection): Promise<ConnectedWallet | null> {
  let restored: ConnectedWallet | null = null
  try {
    const wc = await import('./walletConnect.ts')
    const connection = await wc.restoreWalletConnect(stored.id, stored.address)
    if (connection) {
      restored = adoptEthereum(connection, {
        id: stored.id,
        walletClientType: stored.walletClientType,
        connectedAt: stored.connectedAt,
        connectorType: 'wallet_connect_v2',
        meta: { name: stored.walletClientType === 'walletconnect' ? 'WalletConnect' : stored.walletClientType, icon: null, id: stored.walletClientType },
      })
    }
  } catch {
    restored = null
  }
  const { appId } = $config.get()
  if (!restored && appId) clearActiveConnection(appId)
  return restored
}
