/**
 * A wallet that needs its recovery password before it can be used: the action waiting for it
 * parks here while the 'Enter your password' screen shows; closing the modal gives up.
 */
import { EmbeddedWalletError, WALLET_MESSAGES } from '../../errors/wallet.ts'
import { $modal } from '../../stores/modal.ts'
import { awaitPending } from '../../stores/pending.ts'
import { $pendingRecovery } from '../../stores/recovery.ts'
import type { Wallet } from '../../stores/wallets.ts'
import { openWalletScreen } from './modal.ts'

export { $pendingRecovery }

export function promptRecoveryPassword(wallet: Wallet): Promise<void> {
  const exited = () => new EmbeddedWalletError(WALLET_MESSAGES.userExitedConnect, { code: 'USER_EXITED_AUTH_FLOW' })
  $pendingRecovery.get()?.reject(exited())
  // Open first: the screen change itself must not count as the user closing the modal.
  openWalletScreen({ name: 'embedded-wallet-recover-password', address: wallet.address })
  const done = awaitPending($pendingRecovery, { wallet }, exited)
  const id = $pendingRecovery.get()!.id
  const stop = $modal.listen(({ open }) => {
    const pending = $pendingRecovery.get()
    if (!open && pending?.id === id) pending.reject(exited())
  })
  return done.finally(stop)
}
