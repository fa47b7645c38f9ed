import { MustBeAuthenticatedError } from '../errors/auth.ts'
import { $mfaEnroll } from '../stores/mfa.ts'
import { $session } from '../stores/session.ts'
import { modalClosed, openWalletScreen } from '../wallets/embedded/modal.ts'

export type ShowMfaEnrollmentModalReturnType = void

/**
 * Opens MFA enrollment ('Transaction Protection' when no method is enabled, else 'Choose a
 * verification method'); resolves when the modal closes.
 *
 * @example
 * await showMfaEnrollmentModal()
 */
export async function showMfaEnrollmentModal(): Promise<ShowMfaEnrollmentModalReturnType> {
  if ($session.get().status !== 'authenticated') throw new MustBeAuthenticatedError()
  // Each opening starts over (intro or chooser), even within the 500 ms reset of a previous close.
  $mfaEnroll.set(null)
  openWalletScreen({ name: 'mfa-enroll' })
  await modalClosed()
}
