import { cancelModalReset } from '../../actions/closeModal.ts'
import { publish } from '../../events/bus.ts'
import { $modal, resetScreens, setModalOpen } from '../../stores/modal.ts'
import { startWalletFlow, type WalletIntent } from '../../stores/walletFlow.ts'

/** Opens the modal on the wallet list for `intent` (the shared part of the wallet entry actions). */
export function openWalletList(intent: WalletIntent): void {
  cancelModalReset()
  startWalletFlow(intent)
  resetScreens({ name: 'wallet-list', intent })
  if ($modal.get().open) return
  setModalOpen(true)
  publish('modal-open', null)
}
