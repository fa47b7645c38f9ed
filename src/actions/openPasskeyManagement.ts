import { MustBeAuthenticatedError } from '../errors/auth.ts'
import { resetPasskeyManagement } from '../stores/passkeyManagement.ts'
import { $session } from '../stores/session.ts'
import { modalClosed, openWalletScreen } from '../wallets/embedded/modal.ts'

export type OpenPasskeyManagementReturnType = void

/**
 * Opens 'Secure your account with a passkey': the user's passkeys (2 shown until 'View all'),
 * adding (at most 5) and removing them. Resolves when the modal closes.
 *
 * @example
 * await openPasskeyManagement()
 */
export async function openPasskeyManagement(): Promise<OpenPasskeyManagementReturnType> {
  if ($session.get().status !== 'authenticated') throw new MustBeAuthenticatedError()
  resetPasskeyManagement()
  openWalletScreen({ name: 'passkey-management' })
  await modalClosed()
}
