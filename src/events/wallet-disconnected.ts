import type { ExternalWallet } from '../stores/externalWallets.ts'

/** `wallet-disconnected`: an external wallet disconnected (from the wallet app or `wallet.disconnect()`). */
export interface WalletDisconnectedEventDetail {
  wallet: ExternalWallet
}
export type WalletDisconnectedEvent = CustomEvent<WalletDisconnectedEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    'wallet-disconnected': WalletDisconnectedEvent
  }
}
