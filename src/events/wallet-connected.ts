import type { ExternalWallet } from '../stores/externalWallets.ts'

/** `wallet-connected`: an external wallet connected (wallet list, `connectWallet()`, wallet login). */
export interface WalletConnectedEventDetail {
  wallet: ExternalWallet
}
export type WalletConnectedEvent = CustomEvent<WalletConnectedEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    'wallet-connected': WalletConnectedEvent
  }
}
