import { publish } from '../events/bus.ts'
import { isLoggedIn } from '../flows/loginGuard.ts'
import { $emailFlow, dispatchEmailFlow } from '../stores/emailFlow.ts'
import { $modal, resetScreens, setModalOpen, type ScreenEntry } from '../stores/modal.ts'
import { $smsFlow, dispatchSmsFlow } from '../stores/smsFlow.ts'
import { cancelModalReset } from './closeModal.ts'

export type OpenModalParameters = void
export type OpenModalReturnType = boolean
export type OpenModalErrorType = never

/**
 * Opens the login modal on the landing screen and publishes `modal-open`. Refused (returns
 * false, warns) when a non-guest user is already logged in (spec §5).
 *
 * @example
 * openModal()
 */
export function openModal(): OpenModalReturnType {
  if ($modal.get().open) return true
  if (isLoggedIn()) {
    console.warn('[gatehouse] open() ignored: the user is already logged in. Call logout() first.')
    return false
  }
  // Reopening within the 500 ms reset delay resumes the screen (an accidental close), unless the
  // flow there already finished (the code screen of a completed login): then start over.
  cancelModalReset()
  const finished = $emailFlow.get().state === 'done' || $smsFlow.get().state === 'done'
  if (finished) resetFlowStates()
  if (finished || $modal.get().stack.length === 0) resetScreens()
  setModalOpen(true)
  publish('modal-open', null)
  return true
}

/**
 * Opens the modal on `screen` for a flow that needs no login check (link, update): the modal
 * is (re)started on that screen even when it was open.
 *
 * @example
 * showModal({ name: 'link-email' })
 */
export function showModal(screen: ScreenEntry): void {
  cancelModalReset()
  resetFlowStates()
  resetScreens(screen)
  if ($modal.get().open) return
  setModalOpen(true)
  publish('modal-open', null)
}

/** Code flows start over (what was typed stays, so nothing typed is lost). */
function resetFlowStates(): void {
  if ($emailFlow.get().state !== 'idle') dispatchEmailFlow('RESET')
  if ($smsFlow.get().state !== 'idle') dispatchSmsFlow('RESET')
}
