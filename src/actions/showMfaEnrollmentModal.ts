import { MustBeAuthenticatedError } from '../errors/auth.ts'
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
  openWalletScreen({ name: 'mfa-enroll' })
  await modalClosed()
}
