import { cancelModalReset } from '../../actions/closeModal.ts'
import { publish } from '../../events/bus.ts'
import { $modal, resetScreens, setModalOpen, type ScreenEntry } from '../../stores/modal.ts'

/** Opens the modal (for a signed-in user) straight on a wallet screen. */
export function openWalletScreen(screen: ScreenEntry): void {
  cancelModalReset()
  resetScreens(screen)
  if (!$modal.get().open) {
    setModalOpen(true)
    publish('modal-open', null)
  }
}

/** Resolves when the modal closes. */
export function modalClosed(): Promise<void> {
  return new Promise((resolve) => {
    const stop = $modal.listen(({ open }) => {
      if (open) return
      stop()
      resolve()
    })
  })
}
