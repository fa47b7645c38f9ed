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
import { $recoveryOAuth } from '../../stores/recoveryOAuth.ts'

export { $pendingRecovery }

export function promptRecoveryPassword(wallet: Wallet): Promise<void> {
  return promptRecovery(wallet, () => openWalletScreen({ name: 'embedded-wallet-recover-password', address: wallet.address }))
}

/**
 * A cloud-backed wallet (spec part 2 §4): the recovery OAuth screen's 'Confirm it's really you',
 * then the user's cloud grant; recoverWallet resolves the waiting action.
 */
export function promptCloudRecovery(wallet: Wallet & { recoveryMethod: 'google-drive' | 'icloud' }): Promise<void> {
  return promptRecovery(wallet, () => {
    const provider = wallet.recoveryMethod
    $recoveryOAuth.set({ provider, action: 'recover', state: 'confirm', address: wallet.address })
    openWalletScreen({ name: 'embedded-wallet-recovery-oauth', provider, action: 'recover' })
  })
}

function promptRecovery(wallet: Wallet, open: () => void): Promise<void> {
  const exited = () => new EmbeddedWalletError(WALLET_MESSAGES.userExitedConnect, { code: 'USER_EXITED_AUTH_FLOW' })
  $pendingRecovery.get()?.reject(exited())
  // Open first: the screen change itself must not count as the user closing the modal.
  open()
  const done = awaitPending($pendingRecovery, { wallet }, exited)
  const id = $pendingRecovery.get()!.id
  const stop = $modal.listen(({ open }) => {
    const pending = $pendingRecovery.get()
    if (!open && pending?.id === id) pending.reject(exited())
  })
  return done.finally(stop)
}
