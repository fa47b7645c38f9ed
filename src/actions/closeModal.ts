import { UserExitedAuthFlowError } from '../errors/auth.ts'
import { errorDetail } from '../errors/toBaseError.ts'
import { publish } from '../events/bus.ts'
import { $emailFlow } from '../stores/emailFlow.ts'
import { $modal, MODAL_RESET_DELAY_MS, resetScreens, setModalOpen } from '../stores/modal.ts'
import { cancelPasskeyCeremony } from '../passkeys/ceremony.ts'
import { $pendingLogin } from '../stores/session.ts'
import { logout } from './logout.ts'

export type CloseModalParameters = void
export type CloseModalReturnType = void
export type CloseModalErrorType = never

let resetTimer: ReturnType<typeof setTimeout> | null = null

export function cancelModalReset(): void {
  if (resetTimer) clearTimeout(resetTimer)
  resetTimer = null
}

/**
 * Closes the modal and publishes `modal-close`; screens reset 500 ms later (spec §9). Closing
 * while the terms step is pending declines the terms: the user is logged out.
 *
 * @example
 * closeModal()
 */
export function closeModal(): CloseModalReturnType {
  if (!$modal.get().open) return
  // A passkey prompt still waiting would outlive the modal: abort it (×, Escape, backdrop).
  cancelPasskeyCeremony()
  setModalOpen(false)
  publish('modal-close', null)
  if ($pendingLogin.get()) declineTerms()
  cancelModalReset()
  resetTimer = setTimeout(() => {
    resetTimer = null
    if ($modal.get().open) return
    resetScreens()
    const flow = $emailFlow.get()
    // The typed e-mail survives; a half-finished flow does not.
    $emailFlow.set({ ...flow, state: 'idle', error: null, inlineError: null })
  }, MODAL_RESET_DELAY_MS)
}

/** 'No thanks' on the terms step: the login did not complete. */
export function declineTerms(): void {
  $pendingLogin.set(null)
  publish('auth-error', errorDetail(new UserExitedAuthFlowError()))
  void logout()
}
