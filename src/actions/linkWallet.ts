import { MustBeAuthenticatedError } from '../errors/auth.ts'
import { $session } from '../stores/session.ts'
import { openWalletList } from '../wallets/external/openWalletList.ts'

export type LinkWalletParameters = void
export type LinkWalletReturnType = void
export type LinkWalletErrorType = MustBeAuthenticatedError

/**
 * Opens the wallet list to link an external wallet to the signed-in user: the wallet signs a
 * SIWE/SIWS message and `siwe/link` (`siws/link`) adds it to `user.linkedAccounts`.
 *
 * @example
 * await loginWithEmailCode({ code })
 * linkWallet()
 */
export function linkWallet(): LinkWalletReturnType {
  if ($session.get().status !== 'authenticated') throw new MustBeAuthenticatedError()
  openWalletList('link')
}
