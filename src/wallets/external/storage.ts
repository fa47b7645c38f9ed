/** What the widget remembers about external wallets, per app id (spec part 2 §3 "Stored wallet connection"). */
import { readJson, removeKey, writeJson } from '../../stores/storage.ts'

export interface StoredWalletConnection {
  address: string
  connectorType: string
  walletClientType: string
  connectedAt: number
  /** The connector id (EIP-6963 rdns, 'injected') or Wallet Standard name. */
  id: string
  chainType: 'ethereum' | 'solana'
}

export interface RecentWallet {
  walletClientType: string
  chainType: 'ethereum' | 'solana'
}

export const walletStorageKeys = {
  recentWallet: (appId: string) => `gatehouse:${appId}:recent-wallet`,
  activeConnection: (appId: string) => `gatehouse:${appId}:wallet-connection`,
}

export const getRecentWallet = (appId: string) => readJson<RecentWallet>(walletStorageKeys.recentWallet(appId))
export const setRecentWallet = (appId: string, recent: RecentWallet) => writeJson(walletStorageKeys.recentWallet(appId), recent)
export const getActiveConnection = (appId: string) => readJson<StoredWalletConnection>(walletStorageKeys.activeConnection(appId))
export const setActiveConnection = (appId: string, connection: StoredWalletConnection) => writeJson(walletStorageKeys.activeConnection(appId), connection)
export const clearActiveConnection = (appId: string) => removeKey(walletStorageKeys.activeConnection(appId))
