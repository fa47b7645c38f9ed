/**
 * A wallet that needs its recovery password before it can be used: the action waiting for it
 * parks here while the 'Enter your password' screen shows; closing the modal gives up.
 */
import { atom } from 'nanostores'
import { EmbeddedWalletError, WALLET_MESSAGES } from '../../errors/wallet.ts'
import { $modal } from '../../stores/modal.ts'
import type { Wallet } from '../../stores/wallets.ts'
import { openWalletScreen } from './modal.ts'

interface PendingRecovery {
  wallet: Wallet
  resolve(): void
  reject(error: unknown): void
}

export const $pendingRecovery = atom<PendingRecovery | null>(null)

export function promptRecoveryPassword(wallet: Wallet): Promise<void> {
  $pendingRecovery.get()?.reject(new EmbeddedWalletError(WALLET_MESSAGES.userExitedConnect, { code: 'USER_EXITED_AUTH_FLOW' }))
  return new Promise<void>((resolve, reject) => {
    // Open first: the screen change itself must not count as the user closing the modal.
    openWalletScreen({ name: 'embedded-wallet-recover-password', address: wallet.address })
    const stop = $modal.listen(({ open }) => {
      if (open || $pendingRecovery.get()?.wallet !== wallet) return
      settle()
      reject(new EmbeddedWalletError(WALLET_MESSAGES.userExitedConnect, { code: 'USER_EXITED_AUTH_FLOW' }))
    })
    const settle = () => {
      stop()
      $pendingRecovery.set(null)
    }
    $pendingRecovery.set({
      wallet,
      resolve: () => {
        settle()
        resolve()
      },
      reject: (error) => {
        settle()
        reject(error)
      },
    })
  })
}
