import { atom } from 'nanostores'

/**
 * A connected external wallet as the host sees it (spec Wallet account fields). Embedded wallets
 * ('privy') join the same `wallets` list from their own store.
 */
export interface ExternalWallet {
  address: string
  chainType: 'ethereum' | 'solana'
  /** CAIP-2 for Ethereum ('eip155:1'); the cluster for Solana ('solana:mainnet'). */
  chainId: string
  walletClientType: string
  connectorType: 'injected' | 'wallet_connect_v2' | 'coinbase_wallet' | 'base_account' | 'solana_adapter'
  /** When the connection was made (ms since the epoch). */
  connectedAt: number
  /** Branding of the wallet app. */
  meta: { name: string; icon: string | null; id: string }
  /** Signs a Solana transaction (wire bytes) with the wallet itself (Solana wallets with solana:signTransaction). */
  signSolanaTransaction?: (transaction: Uint8Array) => Promise<Uint8Array>
  /** The wallet's EIP-1193 provider (Ethereum wallets only). */
  getEthereumProvider?: () => Promise<unknown>
  /** Ends this connection. */
  disconnect: () => Promise<void>
}

export const $externalWallets = atom<ExternalWallet[]>([])

/** A wallet found in the page: an EIP-6963 announcement (or window.ethereum) or a Wallet Standard wallet. */
export interface DetectedWallet {
  chainType: 'ethereum' | 'solana'
  /** The connector id (EIP-6963 rdns, 'injected' for window.ethereum) or the Wallet Standard name. */
  id: string
  name: string
  icon: string | null
  rdns?: string
}

/** Every wallet found in the page so far; grows as wallets announce themselves (src/wallets/external/manager.ts). */
export const $detectedWallets = atom<DetectedWallet[]>([])
