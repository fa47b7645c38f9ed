/** Opening and leaving the MFA screens of the modal. */
import { closeModal } from '../actions/closeModal.ts'
import { $mfaEnroll, $mfaRequest } from '../stores/mfa.ts'
import { $modal, backScreen, pushScreen, type ScreenEntry } from '../stores/modal.ts'
import { openWalletScreen } from '../wallets/embedded/modal.ts'
import { MFA_ENROLLMENT_RESET_MS } from './texts.ts'

/** The pending verification the modal shows: closing the modal cancels it ('Canceled MFA verification.'). */
let shownId: number | null = null

/** Over the current screen when the modal is open (back returns to it), else the modal opens on it. */
export function openMfaScreen(screen: ScreenEntry): void {
  shownId = $mfaRequest.get()?.id ?? null
  if ($modal.get().open) pushScreen(screen)
  else openWalletScreen(screen)
}

/** After a verification: back to the screen that asked, or the modal closes (spec §4: success closes). */
export function leaveMfaScreen(): void {
  const { stack } = $modal.get()
  if (stack.length > 1) backScreen()
  else closeModal()
}

let wasOpen = false
$modal.subscribe(({ open }) => {
  if (wasOpen && !open) {
    const pending = $mfaRequest.get()
    if (pending && pending.id === shownId) pending.cancel()
    // Spec §4: closing resets the enrollment state after 500 ms.
    setTimeout(() => {
      if (!$modal.get().open) $mfaEnroll.set(null)
    }, MFA_ENROLLMENT_RESET_MS)
  }
  wasOpen = open
})
