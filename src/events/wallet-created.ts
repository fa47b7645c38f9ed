import type { Wallet } from '../stores/wallets.ts'

/** `wallet-created`: an embedded wallet was created (or imported) for the user. */
export interface WalletCreatedEventDetail {
  wallet: Wallet
}
export type WalletCreatedEvent = CustomEvent<WalletCreatedEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    'wallet-created': WalletCreatedEvent
  }
}
